/**
 * Every collection of the product, each defined once in its module under `collections/` and
 * listed in `collections/registry.ts`. The worker builds tables, validation and routes from
 * these; the admin builds its forms and tables from them; the site reads their record types.
 */
import { previewTemplateOf, type PreviewTemplate, type RecordOf, type ResourceDefinition } from './fields.ts';
import { collections } from './collections/registry.ts';
import { permission } from './collections/permission.ts';

export { heroSection } from './collections/hero-section.ts';
export { vision } from './collections/vision.ts';
export { category } from './collections/category.ts';
export { ourWork } from './collections/our-work.ts';
export { impact, type ImpactStat } from './collections/impact.ts';
export { partner } from './collections/partner.ts';
export { bioCore } from './collections/bio-core.ts';
export { seo } from './collections/seo.ts';
export { gallery } from './collections/gallery.ts';
export { history } from './collections/history.ts';
export { visionMission } from './collections/vision-mission.ts';
export { values } from './collections/values.ts';
export { team } from './collections/team.ts';
export { ourImpact } from './collections/our-impact.ts';
export { role } from './collections/role.ts';
export { user } from './collections/user.ts';
export { subscriber } from './collections/subscriber.ts';
export { redirect } from './collections/redirect.ts';
export { permission, PERMISSION_MODULES, type PermissionModule } from './collections/permission.ts';

/** Every collection, keyed by the name code uses. */
export const resources = { ...collections, permission };
export type ResourceKey = keyof typeof resources;

const definitions: ResourceDefinition[] = Object.values(resources);

/** The collection whose path (its API segment and permission module) this is. */
export const resourceKeyOf = (path: string) => {
  const key = (Object.keys(resources) as ResourceKey[]).find((candidate) => resources[candidate].path === path);
  if (!key) throw new Error(`No collection has the path ${path}`);
  return key;
};

/** Page templates the site builds for previews: every template a collection's preview names. */
export const PREVIEW_TEMPLATES: readonly PreviewTemplate[] = [
  ...new Set(definitions.flatMap(({ preview }) => {
    const template = preview === undefined ? undefined : previewTemplateOf(preview);
    return template === undefined ? [] : [template];
  })),
];

/** The path of a collection whose records a newsletter may feature (`site.newsletter`); never for the others. */
type NewsletterPath<R> = R extends { path: infer P; site?: infer S } ? ([S] extends [never] ? never : S extends { newsletter: true } ? P : never) : never;
/** What a newsletter may feature: the path of every collection whose `site.newsletter` is set. */
export type NewsletterKind = { [K in ResourceKey]: NewsletterPath<(typeof resources)[K]> }[ResourceKey];
export const NEWSLETTER_KINDS = definitions.filter(({ site }) => site?.newsletter).map(({ path }) => path) as NewsletterKind[];

/** Each collection's record as the API returns it. */
export type Records = { [K in ResourceKey]: RecordOf<(typeof resources)[K]> };

export type HeroSection = Records['heroSection'];
export type Vision = Records['vision'];
export type Category = Records['category'];
export type OurWork = Records['ourWork'];
export type Impact = Records['impact'];
export type Partner = Records['partner'];
export type BioCore = Records['bioCore'];
export type Seo = Records['seo'];
export type Gallery = Records['gallery'];
export type AboutBlock = Records['history'];
export type TeamMember = Records['team'];
export type OurImpact = Records['ourImpact'] & { create_time: string; update_time: string };
export type Permission = Records['permission'];
export type Role = Records['role'];
export type User = Records['user'];
export type Subscriber = Records['subscriber'];
export type Redirect = Records['redirect'];
