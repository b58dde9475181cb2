/**
 * Build-time content from the public API. An unreachable API or a server error fails the
 * build (the last good site stays online); an empty answer gives the built-in defaults.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  recordTitle,
  resources,
  type AboutBlock,
  type ApiResponse,
  type ApiSuccess,
  type HeroSection,
  type Impact,
  type ImpactStat,
  type InquiryFormConfig,
  type OurWork,
  type Partner,
  type Records,
  type ResourceDefinition,
  type ResourceKey,
  type Seo,
  type Settings,
  type TeamMember,
  type Vision,
} from '@cms/worker/contract';
import { ALL_LOCALES, DEFAULT_LOCALE, textsOf, type Locale } from '../i18n/index.ts';
import { fetchWithRetry } from './api-fetch.ts';
import { digest } from './digest.ts';
import { collectionWords } from './collection-words.ts';
import { groupsOthers, navigation, recordPaths, siteCollections, sitemapEntries, sitePages, slugProblem, type PageRecord, type SiteCollection } from './collections.ts';

export { collectionWords };

// Kept between builds beside Astro's own cache (ASTRO_CACHE_DIR, as astro.config.mjs reads it).
const CONTENT_CACHE = path.resolve(process.env.ASTRO_CACHE_DIR ?? 'node_modules/.astro', 'api-content');
const API = (process.env.PUBLIC_API_URL ?? 'http://127.0.0.1:8787').replace(/\/$/, '');
/** Records per API request when the build reads a whole list. */
const READ_PAGE = 500;
const cache = new Map<string, Promise<unknown>>();

async function load<T>(path: string): Promise<ApiSuccess<T> | null> {
  const response = await fetchWithRetry(API + path);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const body = (await response.json()) as ApiResponse<T>;
  return body.success ? body : null;
}

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** A read in a language: the API answers the records translated into it, their texts in it. */
const inLocale = (locale: Locale, path: string) => (locale === DEFAULT_LOCALE ? path : withQuery(path, `locale=${locale}`));

/** Every record of a list, page by page (an unpaged public read stops at the API's cap). */
async function loadAll<T>(path: string): Promise<T[]> {
  const records: T[] = [];
  for (let page = 1; ; page++) {
    const body = await load<T[]>(withQuery(path, `limit=${READ_PAGE}&page=${page}`));
    if (!body) return records;
    records.push(...body.data);
    if (!body.pagination || page >= body.pagination.pages) return records;
  }
}

/** One request per path per build, however many pages ask. */
const once = <T>(path: string, read: () => Promise<T>) => {
  if (!cache.has(path)) cache.set(path, read());
  return cache.get(path) as Promise<T>;
};
const list = <T>(path: string) => once(path, () => loadAll<T>(path));
const first = async <T>(path: string) => (await once(path, () => load<T[]>(path)))?.data[0] ?? null;

/**
 * A collection read as a copy kept between builds, brought up to date from what changed: the
 * ids and change times of every record say which were deleted or unpublished (dropped) and
 * which are new or changed (read with `updatedAfter` from the oldest of them). A build after
 * one save then reads one record instead of thousands. Linked records are copied into each
 * record as the API expands them, so the copy is only reused while the collections its links
 * point to are unchanged (their own ids and change times). Each language keeps its own copy; in
 * another language a record's change time counts its translation's saves too.
 */
function synced<T extends Versioned>(resource: ResourceDefinition, locale: Locale): Promise<T[]> {
  const route = inLocale(locale, `/api/${resource.path}`);
  const versionsOf = (collection: string) => inLocale(locale, `/api/${collection}/versions`);
  return once(route, async () => {
    const file = path.join(CONTENT_CACHE, `${digest(API + route).slice(0, 16)}.json`);
    const linked = await Promise.all(linkedCollections(resource).map((target) => load<Versioned[]>(versionsOf(target))));
    const links = digest(JSON.stringify(linked.map((versions) => versions?.data ?? null)));
    const kept = new Map<string, T>();
    try {
      const copy = JSON.parse(readFileSync(file, 'utf8')) as SyncedCopy<T>;
      if (copy.links === links) for (const record of copy.records) kept.set(record._id, record);
    } catch {
      // no copy yet (first build, or the cache was cleared): everything counts as changed
    }
    const versions = await load<Versioned[]>(versionsOf(resource.path));
    if (!versions) return loadAll<T>(route);
    const stale = versions.data.filter((version) => kept.get(version._id)?.updatedAt !== version.updatedAt);
    if (stale.length) {
      const oldest = stale.map((version) => version.updatedAt).sort()[0]!;
      const since = new Date(Date.parse(oldest) - 1).toISOString();
      for (const record of await loadAll<T>(withQuery(route, `updatedAfter=${encodeURIComponent(since)}`))) kept.set(record._id, record);
    }
    const records = versions.data.map((version) => kept.get(version._id)).filter((record): record is T => record !== undefined);
    if (stale.length || records.length !== kept.size) {
      mkdirSync(CONTENT_CACHE, { recursive: true });
      const copy: SyncedCopy<T> = { links, records };
      writeFileSync(`${file}.tmp`, JSON.stringify(copy));
      renameSync(`${file}.tmp`, file);
    }
    console.log(`[content] ${route}: ${records.length} records, ${stale.length} read from the API`);
    return records;
  });
}

interface SyncedCopy<T> {
  /** Digest of the linked collections' versions when the copy was made. */
  links: string;
  records: T[];
}

/** The collections a resource's relation and reference fields point to. */
const linkedCollections = (resource: ResourceDefinition) => [
  ...new Set(Object.values(resource.fields).flatMap((field) => (field.kind === 'relation' || field.kind === 'reference' ? [field.to] : []))),
];

interface Versioned {
  _id: string;
  updatedAt: string;
}

/**
 * What pages show besides their own records (the records that group others, such as the
 * header's categories, the lists' SEO records and the organisation's name): part of each page's
 * cache key, so a renamed category or organisation re-renders every page and an article save
 * re-renders one.
 */
export const layoutVersion = (locale: Locale) =>
  once(`layout:${locale}`, async () => {
    const groups = SITE_COLLECTIONS.filter((collection) => groupsOthers(collection, SITE_COLLECTIONS));
    return digest(JSON.stringify([await Promise.all(groups.map((group) => publicRecords(group, locale))), await seoRecords(locale), (await siteSettings(locale)).organisationName]));
  });

/** Marks a build-output line naming a record that got no page; the builder reports these lines. */
export const SKIPPED_MARK = 'Halaman dilewati:';
const warned = new Set<string>();

/**
 * One record whose slug cannot be a page must not stop the whole site: it is left out of every
 * page and list, and named once in the build output, so the build's report shows it.
 */
function withPageSlugs<T extends { _id: string; slug: string }>(resource: ResourceDefinition, records: T[]) {
  return records.filter((record) => {
    const problem = slugProblem(record.slug);
    if (problem && !warned.has(record._id)) {
      warned.add(record._id);
      const title = recordTitle(resource, record, record._id).slice(0, 80);
      console.warn(`${SKIPPED_MARK} ${resource.title} "${title}" (id ${record._id}): ${problem}.`);
    }
    return !problem;
  });
}

/** Every public collection with pages (`site` in its definition). */
export const SITE_COLLECTIONS = siteCollections(resources);

/** A collection's record as the site reads it (the impact page reads the snake_case timestamps). */
type SiteRecord<K extends ResourceKey> = Records[K] & ((typeof resources)[K] extends { snakeCaseTimestamps: true } ? { create_time: string; update_time: string } : unknown);

/**
 * The public records of a collection with pages, in the API's order: read through the copy kept
 * between builds, only the visible ones, only those whose slug can name a page.
 */
function publicRecords({ key, resource }: SiteCollection, locale: Locale): Promise<PageRecord[]> {
  return once(`records:${key}:${locale}`, async () => {
    const records = await synced<PageRecord & { slug: string }>(resource, locale);
    const visible = resource.visibleWhen ? records.filter((record) => record[resource.visibleWhen!] === true) : records;
    return withPageSlugs(resource, visible);
  });
}

/** The public records of the collection `key`, typed as the API returns them. */
export async function recordsOf<K extends ResourceKey>(key: K, locale: Locale): Promise<SiteRecord<K>[]> {
  const collection = SITE_COLLECTIONS.find((candidate) => candidate.key === key);
  if (!collection) throw new Error(`${key} has no pages on the site (no \`site\` in its definition)`);
  return (await publicRecords(collection, locale)) as unknown as SiteRecord<K>[];
}

/** Every collection's public records in a language by key, for the derived lists (sitemap, navigation). */
async function allSiteRecords(locale: Locale) {
  const loaded = new Map(await Promise.all(SITE_COLLECTIONS.map(async (collection) => [collection.key, await publicRecords(collection, locale)] as const)));
  return (key: string) => loaded.get(key) ?? [];
}

/** A language's pages by path and by key, to find a page's twin in another language. */
const pageMaps = (locale: Locale) =>
  once(`page-maps:${locale}`, async () => {
    const pages = await pagesIn(locale);
    return { byPath: new Map(pages.map((page) => [page.path, page])), byKey: new Map(pages.map((page) => [page.key, page.path])) };
  });

/**
 * The same page in every language it exists in (path without prefix, by language), from the
 * page's path in its own language; null for a page outside the site's lists (a fixed page such
 * as the search, which every language has).
 */
export async function alternatesOf(locale: Locale, path: string): Promise<Partial<Record<Locale, string>> | null> {
  const own = (await pageMaps(locale)).byPath.get(path);
  if (!own) return null;
  const found = await Promise.all(ALL_LOCALES.map(async (other) => [other, (await pageMaps(other)).byKey.get(own.key)] as const));
  return Object.fromEntries(found.filter(([, twin]) => twin !== undefined));
}

/** Part of a page's cache key: where its twins are, since its alternates and switcher link to them. */
export const twinsVersion = async (locale: Locale, path: string) => JSON.stringify(await alternatesOf(locale, path));

/** A record's part of its page's cache key: everything the API said of it. */
export const recordVersion = (record: object) => digest(JSON.stringify(record));

/** Part of a later list page's cache key: how long the list is in every language (its page's twins exist or not). */
export const listsVersion = async (key: ResourceKey) => JSON.stringify(await Promise.all(ALL_LOCALES.map(async (locale) => (await recordsOf(key, locale)).length)));


/** The navigation's collection links in a language (header, mobile menu, footer), addresses without the language's prefix. */
export const navigationLinks = (locale: Locale) =>
  once(`navigation:${locale}`, async () => navigation(SITE_COLLECTIONS, await allSiteRecords(locale), collectionWords(locale), textsOf(locale).header.all));
/** The sitemap's pages in a language (each record at its canonical address), with their keys across languages. */
export const siteMap = async (locale: Locale) => sitemapEntries(SITE_COLLECTIONS, await allSiteRecords(locale));
/** Every page of the site in a language, with its key across languages (alternates, switcher). */
export const pagesIn = (locale: Locale) => once(`pages:${locale}`, async () => sitePages(SITE_COLLECTIONS, await allSiteRecords(locale)));

export const partners = async (locale: Locale) => (await list<Partner>(inLocale(locale, '/api/partner?active=true'))).slice(0, PARTNERS_SHOWN);
export const heroSlides = (locale: Locale) => list<HeroSection>(inLocale(locale, '/api/hero-section?active=true'));
export const values = (locale: Locale) => list<AboutBlock>(inLocale(locale, '/api/values?published=true'));
export const team = (locale: Locale) => list<TeamMember>(inLocale(locale, '/api/team?active=true'));
export const history = async (locale: Locale) => (await list<AboutBlock>(inLocale(locale, '/api/history?active=true')))[0] ?? null;
export const seoRecords = (locale: Locale) => list<Seo>(inLocale(locale, '/api/seo?active=true'));
/** The organisation's name and the other site-wide settings. */
export const siteSettings = async (locale: Locale) => {
  const route = inLocale(locale, '/api/settings');
  return (await once(route, () => load<Settings>(route)))?.data ?? { organisationName: 'Resik Nusantara' };
};
/** The Kolaborasi form's title, intro, topics and consent text, from the settings. */
export const inquiryForm = async (locale: Locale) => (await load<InquiryFormConfig>(inLocale(locale, '/api/inquiries/form')))?.data ?? null;
export const impact = async (locale: Locale) => (await list<Impact>(inLocale(locale, '/api/impact?active=true'))).find((i) => i.isActive) ?? null;

/** The featured published vision, else the latest published one. */
export async function featuredVision(locale: Locale) {
  const featured =
    (await first<Vision>(inLocale(locale, '/api/vision?published=true&featured=true&limit=1'))) ?? (await first<Vision>(inLocale(locale, '/api/vision?published=true&limit=1')));
  return featured ? (withPageSlugs(resources.vision, [featured])[0] ?? null) : null;
}

export const PARTNERS_SHOWN = 5;
export const TEASER_ITEMS = 3;
export const FEATURED_ARTICLES = 2;
export const TAGS_PER_CARD = 2;

// ---- built-in defaults, shown when the API has nothing (their texts from the translation files) ----

const STAT_FIGURES = [
  { value: '3', icon: 'school' },
  { value: '78%', icon: 'recycle' },
  { value: '300', icon: 'bolt' },
  { value: '50', icon: 'users' },
  { value: '2500', icon: 'leaf' },
];
export const defaultStats = (locale: Locale): ImpactStat[] => STAT_FIGURES.map((stat, order) => ({ ...stat, label: textsOf(locale).defaults.stats[order] ?? '', order }));

export const defaultHero = (locale: Locale) => ({
  _id: '',
  ...textsOf(locale).defaults.hero,
  description: '',
  ctaUrl: '/about-us',
  backgroundImage: '',
  backgroundImageFocus: '',
  align: 'left' as const,
  bgColor: '#ffffff',
});

export const defaultPartners = (locale: Locale) => textsOf(locale).defaults.partners.map((name) => ({ name, website: '', logo: '', logoAlt: '' }));
export const defaultWorkCategories = (locale: Locale) => textsOf(locale).defaults.workCategories;
export const defaultArticles = (locale: Locale) => textsOf(locale).defaults.articles.map((article) => ({ ...article, slug: '', readTime: 5 }));

/** The public impact section's built-in content (illustrative, used when nothing is stored). */
function defaultImpactSection(locale: Locale) {
  const words = textsOf(locale).defaults.impactSection;
  return {
    title: words.title,
    subtitle: words.subtitle,
    mainStatement: words.mainStatement,
    collaborations: words.collaborations.map((collaboration, order) => ({ ...collaboration, number: '', icon: '', image: '', order })),
    metrics: ['332', '78%', '50'].map((value, order) => ({ value, label: words.metrics[order] ?? '', order })),
    description: words.description,
    photos: words.photos.map((caption, order) => ({ image: '', caption, order })),
  };
}

export async function impactSection(locale: Locale) {
  const stored = await impact(locale);
  if (!stored || (!stored.mainStatement && stored.metrics.length === 0 && stored.photos.length === 0)) return defaultImpactSection(locale);
  const byOrder = <T extends { order: number }>(items: T[]) => [...items].sort((a, b) => a.order - b.order);
  return {
    title: stored.title,
    subtitle: stored.subtitle,
    mainStatement: stored.mainStatement,
    collaborations: byOrder(stored.collaborations),
    metrics: byOrder(stored.metrics).slice(0, 3),
    description: stored.description,
    photos: byOrder(stored.photos),
  };
}

export async function impactStats(locale: Locale) {
  const stored = await impact(locale);
  const stats = stored ? [...stored.stats].sort((a, b) => a.order - b.order) : [];
  return stats.length ? stats : defaultStats(locale);
}

/** The SEO record of a page in a language, when one is active. */
export async function seoFor(page: string, locale: Locale) {
  return (await seoRecords(locale)).find((record) => record.page === page) ?? null;
}

/** The works listed under a category. */
export const worksIn = async (categorySlug: string, locale: Locale) => (await recordsOf('ourWork', locale)).filter((w) => w.category_ids.some((c) => c.slug === categorySlug));

const ourWork = SITE_COLLECTIONS.find((collection) => collection.key === 'ourWork')!;
/** Where a work is shown: under each of its categories, or under "all" when it has none. */
export const workPaths = (work: OurWork) => recordPaths(ourWork, work);

/** A work's one address for search engines (its first category's); its other pages name it as canonical. */
export const canonicalWorkPath = (work: OurWork) => workPaths(work)[0]!;
