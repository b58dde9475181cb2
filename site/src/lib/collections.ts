/**
 * The site's lists of collections (sitemap, navigation, not-found texts, feeds, data loading),
 * derived from the definitions: a public collection that declares `site` takes its place in each
 * of them, and needs only its own list and record pages.
 */
import { recordTitle, type ResourceDefinition, type SitePlacement } from '@cms/worker/contract';
import { pageHrefs } from './paging.ts';

export interface SiteCollection {
  /** The name code uses for it (`resources.<key>`). */
  key: string;
  resource: ResourceDefinition;
  site: SitePlacement;
}

/** A record as the page addresses read it: its own fields, relation fields expanded to `{ slug }`. */
export interface PageRecord {
  _id: string;
  updatedAt: string;
  [field: string]: unknown;
}

/** The public records of one collection, by its key. */
export type RecordsOf = (key: string) => readonly PageRecord[];

export interface Link {
  href: string;
  label: string;
}

export interface NavLink extends Link {
  /** Left out of the header (the footer lists it). */
  footerOnly: boolean;
  /** The records grouping its pages (a work's categories), after an "All" link; empty: a plain link. */
  children: Link[];
}

export interface NotFoundText {
  title: string;
  detail?: string;
  back: Link;
}

export interface SitemapEntry {
  path: string;
  /** The same page in every language: a fixed or list page's path, a record's collection and id. */
  key: string;
  /** The record's last change, for a record's own page. */
  updated?: string;
}

/** What a collection's links and not-found page say, in the page's language. */
export interface CollectionWords {
  nav?: string;
  feed?: string;
  notFound: { title: string; detail?: string; back: string };
}
export type WordsOf = (collection: SiteCollection) => CollectionWords;

/** The words a definition gives itself (a collection the translation files do not know yet). */
export const definitionWords: WordsOf = ({ site }) => ({ ...(site.nav ? { nav: site.nav.label } : {}), ...(site.feed ? { feed: site.feed } : {}), notFound: site.notFound });

/** The fixed pages every language has. */
export const FIXED_PAGES = ['/', '/about-us', '/kolaborasi', '/privasi'];

/** Longest slug whose page file (`<slug>.html`) every file system accepts. */
export const SLUG_PATH_MAX = 200;

/** Why a slug cannot name a page file, or null when it can. */
export function slugProblem(slug: string): string | null {
  if (!slug) return 'slug kosong';
  const bytes = new TextEncoder().encode(slug).length;
  if (bytes > SLUG_PATH_MAX) return `slug ${bytes} karakter, maksimal ${SLUG_PATH_MAX}`;
  if (!/^[\p{L}\p{N}_-]+$/u.test(slug)) return 'slug berisi karakter yang tidak boleh ada di alamat halaman (hanya huruf, angka, - dan _)';
  return null;
}

/** Every public collection with pages of its own, in the definitions' order. */
export const siteCollections = (definitions: Readonly<Record<string, ResourceDefinition>>): SiteCollection[] =>
  Object.entries(definitions).flatMap(([key, resource]) => (resource.public && resource.site ? [{ key, resource, site: resource.site }] : []));

const segmentsOf = (pattern: string) => pattern.split('/').filter(Boolean);
const fieldName = (segment: string) => (segment.startsWith(':') ? segment.slice(1) : null);

/** The relation fields of `member`'s page pattern that point at `group`'s records. */
const groupingFields = (member: SiteCollection, group: SiteCollection) =>
  segmentsOf(member.site.page)
    .map(fieldName)
    .filter((name): name is string => {
      const field = name === null ? undefined : member.resource.fields[name];
      return field?.kind === 'relation' && field.to === group.resource.path;
    });

/** Collections whose record pages sit under `group`'s records (a category's works). */
const membersOf = (group: SiteCollection, collections: readonly SiteCollection[]) =>
  collections.filter((member) => member !== group && groupingFields(member, group).length > 0);

/** Whether a collection's records group another's pages (categories group works). */
export const groupsOthers = (collection: SiteCollection, collections: readonly SiteCollection[]) => membersOf(collection, collections).length > 0;

/** Where a list (or the page a collection's records hang under) is: its list, else the pattern's fixed start. */
export const homeOf = (collection: SiteCollection) =>
  collection.site.list?.path ?? `/${segmentsOf(collection.site.page).filter((segment) => !fieldName(segment)).slice(0, 1).join('/')}`;

/**
 * The addresses of a record's page, from its collection's pattern: a `:field` segment takes the
 * record's value, a relation field one address per related record's slug (`all` without one).
 * The first is the record's canonical address. Related records whose slug cannot name a page
 * are left out.
 */
export function recordPaths(collection: SiteCollection, record: PageRecord): string[] {
  return recordPages(collection, record).map((page) => page.path);
}

/**
 * The pages of a record with their keys across languages: the collection, the record's id and,
 * under a relation, the related record's id (a work's English page under a category is the
 * same page as its Indonesian one under that category, whatever the slugs).
 */
export function recordPages(collection: SiteCollection, record: PageRecord): Array<{ path: string; key: string }> {
  let pages = [{ path: '', key: `${collection.key}:${record._id}` }];
  for (const segment of segmentsOf(collection.site.page)) {
    const name = fieldName(segment);
    let values = [{ value: segment, key: '' }];
    if (name !== null && collection.resource.fields[name]?.kind === 'relation') {
      const related = Array.isArray(record[name]) ? (record[name] as Array<{ slug?: unknown; _id?: unknown }>) : [];
      const linked = related.flatMap((link) => (typeof link.slug === 'string' && !slugProblem(link.slug) ? [{ value: link.slug, key: `:${String(link._id ?? link.slug)}` }] : []));
      values = linked.length ? linked : [{ value: 'all', key: ':all' }];
    } else if (name !== null) {
      values = [{ value: String(record[name] ?? ''), key: '' }];
    }
    pages = pages.flatMap((page) => values.map(({ value, key }) => ({ path: `${page.path}/${value}`, key: page.key + key })));
  }
  return pages;
}

/**
 * Every address of the site for search engines: the fixed pages, each list with its numbered
 * pages, each grouping record's page (numbered by the records under it) and each record's
 * canonical page with its last change.
 */
export function sitemapEntries(collections: readonly SiteCollection[], recordsOf: RecordsOf): SitemapEntry[] {
  return sitePages(collections, recordsOf).filter((page) => page.canonical);
}

/**
 * Every page of the site in one language with its key across languages: the sitemap's (each
 * record at its canonical address) and a record's other addresses (a work under its other
 * categories), so a page finds itself in the other languages.
 */
export function sitePages(collections: readonly SiteCollection[], recordsOf: RecordsOf): Array<SitemapEntry & { canonical: boolean }> {
  const listed = new Map<string, { paged: boolean; items: number }>();
  const groupPages: Array<SitemapEntry & { canonical: boolean }> = [];
  const ownPages: Array<SitemapEntry & { canonical: boolean }> = [];
  for (const collection of collections) {
    const records = recordsOf(collection.key);
    if (groupsOthers(collection, collections)) {
      const memberPaths = membersOf(collection, collections).flatMap((member) => recordsOf(member.key).map((record) => recordPaths(member, record)));
      for (const record of records) {
        const [{ path, key }] = recordPages(collection, record) as [{ path: string; key: string }];
        const items = memberPaths.filter((paths) => paths.some((memberPath) => memberPath.startsWith(`${path}/`))).length;
        groupPages.push(...(collection.site.list?.paged ? pageHrefs(path, items) : [path]).map((page, at) => ({ path: page, key: `${key}#${at + 1}`, canonical: true })));
      }
      continue;
    }
    const list = collection.site.list;
    if (list) {
      const known = listed.get(list.path);
      listed.set(list.path, { paged: list.paged || (known?.paged ?? false), items: (known?.items ?? 0) + records.length });
    }
    for (const record of records) ownPages.push(...recordPages(collection, record).map((page, at) => ({ ...page, updated: record.updatedAt, canonical: at === 0 })));
  }
  const listPages = [...listed].flatMap(([path, { paged, items }]) => (paged ? pageHrefs(path, items) : [path]).map((page) => ({ path: page, key: page, canonical: true })));
  const fixedPages = FIXED_PAGES.map((path) => ({ path, key: path, canonical: true }));
  return [...fixedPages, ...listPages, ...groupPages, ...ownPages];
}

/**
 * The navigation's collection links by `order` (Home and About Us around them are fixed pages).
 * A link whose pages are grouped by another collection's records (Our Work by category) lists
 * those records under it.
 */
export function navigation(collections: readonly SiteCollection[], recordsOf: RecordsOf, wordsOf: WordsOf = definitionWords, allLabel = 'All'): NavLink[] {
  return collections
    .flatMap((collection) => (collection.site.nav ? [{ collection, nav: collection.site.nav }] : []))
    .sort((a, b) => a.nav.order - b.nav.order)
    .map(({ collection, nav }) => {
      const href = homeOf(collection);
      const groups = collections.filter((group) => group !== collection && homeOf(group) === href && membersOf(group, collections).includes(collection));
      const children = groups.flatMap((group) =>
        recordsOf(group.key).map((record) => ({ href: recordPaths(group, record)[0]!, label: recordTitle(group.resource, record, record._id) })),
      );
      return { href, label: wordsOf(collection).nav ?? nav.label, footerOnly: nav.footerOnly ?? false, children: groups.length ? [{ href, label: allLabel }, ...children] : [] };
    });
}

/**
 * What the not-found page says at an address under a collection's pages, by the address's
 * prefix (`/vision/`); the first collection naming a prefix gives its texts.
 */
export function notFoundTexts(collections: readonly SiteCollection[], wordsOf: WordsOf = definitionWords): Record<string, NotFoundText> {
  const texts: Record<string, NotFoundText> = {};
  for (const collection of collections) {
    const prefix = `${homeOf(collection)}/`;
    const { title, detail, back } = wordsOf(collection).notFound;
    texts[prefix] ??= { title, ...(detail ? { detail } : {}), back: { href: homeOf(collection), label: back } };
  }
  return texts;
}

/** The RSS feeds every page links to: one per collection that declares one, at `<list>/rss.xml`. */
export const feeds = (collections: readonly SiteCollection[], wordsOf: WordsOf = definitionWords): Link[] =>
  collections.flatMap((collection) => (collection.site.feed ? [{ href: `${homeOf(collection)}/rss.xml`, label: wordsOf(collection).feed ?? collection.site.feed }] : []));
