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
import { digest } from './digest.ts';
import { groupsOthers, navigation, recordPaths, siteCollections, sitemapEntries, slugProblem, type PageRecord, type SiteCollection } from './collections.ts';

// Kept between builds beside Astro's own cache (ASTRO_CACHE_DIR, as astro.config.mjs reads it).
const CONTENT_CACHE = path.resolve(process.env.ASTRO_CACHE_DIR ?? 'node_modules/.astro', 'api-content');
const API = (process.env.PUBLIC_API_URL ?? 'http://127.0.0.1:8787').replace(/\/$/, '');
/** Records per API request when the build reads a whole list. */
const READ_PAGE = 500;
const cache = new Map<string, Promise<unknown>>();

/** Retries a dropped connection a few times (the local server restarts when the site's files change). */
async function fetchWithRetry(url: string, attempts = 5): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if (attempts <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, 500));
    return fetchWithRetry(url, attempts - 1);
  }
}

async function load<T>(path: string): Promise<ApiSuccess<T> | null> {
  const response = await fetchWithRetry(API + path);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const body = (await response.json()) as ApiResponse<T>;
  return body.success ? body : null;
}

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

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
 * point to are unchanged (their own ids and change times).
 */
function synced<T extends Versioned>(resource: ResourceDefinition): Promise<T[]> {
  const route = `/api/${resource.path}`;
  return once(route, async () => {
    const file = path.join(CONTENT_CACHE, `${digest(API + route).slice(0, 16)}.json`);
    const linked = await Promise.all(linkedCollections(resource).map((target) => load<Versioned[]>(`/api/${target}/versions`)));
    const links = digest(JSON.stringify(linked.map((versions) => versions?.data ?? null)));
    const kept = new Map<string, T>();
    try {
      const copy = JSON.parse(readFileSync(file, 'utf8')) as SyncedCopy<T>;
      if (copy.links === links) for (const record of copy.records) kept.set(record._id, record);
    } catch {
      // no copy yet (first build, or the cache was cleared): everything counts as changed
    }
    const versions = await load<Versioned[]>(`${route}/versions`);
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
 * header's categories, and the lists' SEO records): part of each page's cache key, so a renamed
 * category re-renders every page and an article save re-renders one.
 */
export const layoutVersion = () =>
  once('layout', async () => {
    const groups = SITE_COLLECTIONS.filter((collection) => groupsOthers(collection, SITE_COLLECTIONS));
    return digest(JSON.stringify([await Promise.all(groups.map(publicRecords)), await seoRecords()]));
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
function publicRecords({ key, resource }: SiteCollection): Promise<PageRecord[]> {
  return once(`records:${key}`, async () => {
    const records = await synced<PageRecord & { slug: string }>(resource);
    const visible = resource.visibleWhen ? records.filter((record) => record[resource.visibleWhen!] === true) : records;
    return withPageSlugs(resource, visible);
  });
}

/** The public records of the collection `key`, typed as the API returns them. */
export async function recordsOf<K extends ResourceKey>(key: K): Promise<SiteRecord<K>[]> {
  const collection = SITE_COLLECTIONS.find((candidate) => candidate.key === key);
  if (!collection) throw new Error(`${key} has no pages on the site (no \`site\` in its definition)`);
  return (await publicRecords(collection)) as unknown as SiteRecord<K>[];
}

/** Every collection's public records by key, for the derived lists (sitemap, navigation). */
async function allSiteRecords() {
  const loaded = new Map(await Promise.all(SITE_COLLECTIONS.map(async (collection) => [collection.key, await publicRecords(collection)] as const)));
  return (key: string) => loaded.get(key) ?? [];
}

/** The navigation's collection links (header, mobile menu, footer). */
export const navigationLinks = () => once('navigation', async () => navigation(SITE_COLLECTIONS, await allSiteRecords()));
/** Every address for the sitemap. */
export const siteMap = async () => sitemapEntries(SITE_COLLECTIONS, await allSiteRecords());

export const partners = async () => (await list<Partner>('/api/partner?active=true')).slice(0, PARTNERS_SHOWN);
export const heroSlides = () => list<HeroSection>('/api/hero-section?active=true');
export const values = () => list<AboutBlock>('/api/values?published=true');
export const team = () => list<TeamMember>('/api/team?active=true');
export const history = async () => (await list<AboutBlock>('/api/history?active=true'))[0] ?? null;
export const seoRecords = () => list<Seo>('/api/seo?active=true');
/** The organisation's name and the other site-wide settings. */
export const siteSettings = async () => (await once('/api/settings', () => load<Settings>('/api/settings')))?.data ?? { organisationName: 'Resik Nusantara' };
/** The Kolaborasi form's title, intro, topics and consent text, from the settings. */
export const inquiryForm = async () => (await load<InquiryFormConfig>('/api/inquiries/form'))?.data ?? null;
export const impact = async () => (await list<Impact>('/api/impact?active=true')).find((i) => i.isActive) ?? null;

/** The featured published vision, else the latest published one. */
export async function featuredVision() {
  const featured = (await first<Vision>('/api/vision?published=true&featured=true&limit=1')) ?? (await first<Vision>('/api/vision?published=true&limit=1'));
  return featured ? (withPageSlugs(resources.vision, [featured])[0] ?? null) : null;
}

export const PARTNERS_SHOWN = 5;
export const TEASER_ITEMS = 3;
export const FEATURED_ARTICLES = 2;
export const TAGS_PER_CARD = 2;

// ---- built-in defaults, shown when the API has nothing ----

export const DEFAULT_STATS: ImpactStat[] = [
  { value: '3', label: 'Education activities', icon: 'school', order: 0 },
  { value: '78%', label: 'Decrease in untreated waste', icon: 'recycle', order: 1 },
  { value: '300', label: 'Organisations powered by BioCore', icon: 'bolt', order: 2 },
  { value: '50', label: 'Jobs created', icon: 'users', order: 3 },
  { value: '2500', label: 'Reduction in carbon waste', icon: 'leaf', order: 4 },
];
export const SINCE_STATEMENT = 'Since 2014';

export const DEFAULT_HERO = {
  _id: '',
  title: 'Welcome',
  subtitle: 'Working together for a cleaner, more sustainable Indonesia',
  description: '',
  ctaText: 'Learn more',
  ctaUrl: '/about-us',
  backgroundImage: '',
  backgroundImageFocus: '',
  align: 'left' as const,
  bgColor: '#ffffff',
};

export const DEFAULT_PARTNERS = [
  { name: 'Community Partners', website: '', logo: '', logoAlt: '' },
  { name: 'Local Government', website: '', logo: '', logoAlt: '' },
  { name: 'Universities', website: '', logo: '', logoAlt: '' },
  { name: 'Industry', website: '', logo: '', logoAlt: '' },
  { name: 'Volunteers', website: '', logo: '', logoAlt: '' },
];

export const DEFAULT_WORK_CATEGORIES = [
  { title: 'Waste Management', description: 'Collection, sorting and recycling with communities.' },
  { title: 'Renewable Energy', description: 'Organic waste turned into biogas and fertiliser.' },
  { title: 'Education', description: 'Programmes that teach waste management at its source.' },
];

export const DEFAULT_ARTICLES = [
  {
    title: 'What is BioCore?',
    slug: '',
    excerpt: 'A community-scale digester that turns organic waste into energy.',
    tags: ['biocore', 'energy'],
    readTime: 5,
  },
  {
    title: 'Sorting organic waste at home',
    slug: '',
    excerpt: 'Simple steps that make organic waste ready for BioCore.',
    tags: ['education'],
    readTime: 5,
  },
];

/** The public impact section's built-in content (illustrative, used when nothing is stored). */
export const DEFAULT_IMPACT_SECTION = {
  title: 'Our Impact',
  subtitle: 'Measurable change with communities',
  mainStatement: 'Since 2014 we have reached 332 beneficiaries.',
  collaborations: [
    { name: 'Local Government', description: 'Policy and infrastructure', number: '', icon: '', image: '', order: 0 },
    { name: 'Universities', description: 'Research partners', number: '', icon: '', image: '', order: 1 },
  ],
  metrics: [
    { value: '332', label: 'Beneficiaries', order: 0 },
    { value: '78%', label: 'Less untreated waste', order: 1 },
    { value: '50', label: 'Green jobs', order: 2 },
  ],
  description: 'Waste banks and BioCore units work together so that recyclables are sold and organics become energy.',
  photos: [
    { image: '', caption: 'Community sorting day', order: 0 },
    { image: '', caption: 'BioCore site visit', order: 1 },
    { image: '', caption: 'Compost harvest', order: 2 },
  ],
};

export async function impactSection() {
  const stored = await impact();
  if (!stored || (!stored.mainStatement && stored.metrics.length === 0 && stored.photos.length === 0)) return DEFAULT_IMPACT_SECTION;
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

export async function impactStats() {
  const stored = await impact();
  const stats = stored ? [...stored.stats].sort((a, b) => a.order - b.order) : [];
  return stats.length ? stats : DEFAULT_STATS;
}

/** The SEO record of a page, when one is active. */
export async function seoFor(page: string) {
  return (await seoRecords()).find((record) => record.page === page) ?? null;
}

/** The works listed under a category. */
export const worksIn = async (categorySlug: string) => (await recordsOf('ourWork')).filter((w) => w.category_ids.some((c) => c.slug === categorySlug));

const ourWork = SITE_COLLECTIONS.find((collection) => collection.key === 'ourWork')!;
/** Where a work is shown: under each of its categories, or under "all" when it has none. */
export const workPaths = (work: OurWork) => recordPaths(ourWork, work);

/** A work's one address for search engines (its first category's); its other pages name it as canonical. */
export const canonicalWorkPath = (work: OurWork) => workPaths(work)[0]!;
