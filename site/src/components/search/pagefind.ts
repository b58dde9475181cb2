/**
 * The browser's side of the site's search: Pagefind's script and its per-language indexes,
 * loaded from /pagefind/ on the first search, and the results as the search box and the search
 * page show them.
 */
import { servedPath } from './address.ts';

/** The filter every indexed page carries (its navigation section, see sections.ts). */
export const SECTION_FILTER = 'section';

export type Filters = Record<string, string | string[]>;

/** Pagefind counts pages per filter value only when a filter is asked: excluding no section asks one that keeps every page. */
const COUNT_SECTIONS = { [SECTION_FILTER]: { none: [] as string[] } };

/** Pages ordered by a sort key every page of the asked filters carries (pages without it are left out). */
export type SortOrder = Record<string, 'asc' | 'desc'>;

/** One search instance of Pagefind, bound to one language's index. */
interface PagefindInstance {
  search(term: string | null, options?: { filters?: Filters | typeof COUNT_SECTIONS; sort?: SortOrder }): Promise<{
    results: Array<{ id: string; score: number; data(): Promise<PagefindPage> }>;
    /** Pages per filter value for the term without the filters asked. */
    totalFilters: Record<string, Record<string, number>>;
  } | null>;
}

/** The part of Pagefind's module used here. */
interface PagefindModule {
  createInstance(options: { excerptLength?: number }): PagefindInstance;
}

interface PagefindPage {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  filters: Record<string, string[]>;
}

export interface SearchHit {
  /** The page's served address. */
  href: string;
  title: string;
  /** HTML: the page's words around the match, the matched words in <mark>; nothing else is markup. */
  excerpt: string;
  section: string | null;
  /** The page's own metadata (data-pagefind-meta), beyond its title. */
  meta: Record<string, string | undefined>;
}

export interface SearchOutcome {
  total: number;
  /** The hits asked for (the first `count`). */
  hits: SearchHit[];
  /** Pages per section for the term over every section. */
  sections: Record<string, number>;
}

/**
 * Pagefind escapes the page's text in excerpts and adds <mark> around the matched words; anything
 * else that looks like a tag is shown as text, so an excerpt can never carry markup of its own.
 */
export const safeExcerpt = (html: string) => html.replace(/<(?!\/?mark>)/gi, '&lt;');

const INDEX_FOLDER = '/pagefind/';
/** A language's index, and the instance searching it. */
interface LanguageIndex {
  language: string;
  instance: PagefindInstance;
}

let loading: Promise<LanguageIndex[]> | null = null;
/** Set when the loaded index stopped answering: the next load asks for a fresh copy of the script. */
let reloadToken = '';

/**
 * An instance searching one language's index with that language's stemming. Pagefind takes an
 * instance's language from `<html lang>` when the instance is made, so the attribute names the
 * wanted language for that synchronous moment and is put back at once.
 */
function instanceFor(api: PagefindModule, language: string) {
  const root = document.documentElement;
  const own = root.getAttribute('lang');
  root.setAttribute('lang', language);
  try {
    return api.createInstance({ excerptLength: 24 });
  } finally {
    if (own === null) root.removeAttribute('lang');
    else root.setAttribute('lang', own);
  }
}

/**
 * One instance per language the site has pages in (the page's own first), loaded once per page;
 * a failed load is tried again on the next search. Pages of each language are found with their
 * own stemming, so a site publishing some pages in English finds them from any page.
 */
function pagefind(): Promise<LanguageIndex[]> {
  loading ??= Promise.all([
    import(/* @vite-ignore */ `${INDEX_FOLDER}pagefind.js${reloadToken}`) as Promise<PagefindModule>,
    fetch(`${INDEX_FOLDER}pagefind-entry.json`).then((response) => (response.ok ? (response.json() as Promise<{ languages: Record<string, unknown> }>) : Promise.reject(new Error(String(response.status))))),
  ]).then(([api, entry]) => {
    const own = document.documentElement.lang;
    const languages = Object.keys(entry.languages).sort((a, b) => Number(b === own) - Number(a === own));
    return languages.map((language) => ({ language, instance: instanceFor(api, language) }));
  });
  loading.catch(() => (loading = null));
  return loading;
}

/** Starts loading the index script ahead of the first search (the box got focus). */
export const warmUp = () => void pagefind().catch(() => undefined);

export interface SearchScope {
  /** Only this language's index; every language's when absent. */
  language?: string;
  /** An order instead of relevance. */
  sort?: SortOrder;
}

/** Pauses before asking a fresh index again: a publish may be switching it, or the connection dropped a file. */
const RETRY_PAUSES_MS = [0, 1_000];

/**
 * Pages matching `term` (or, with a null term, every page the filters select), best first; the
 * data of the first `count` hits only, as Pagefind loads each page's data as its own file.
 * A publish replaces the index files under their hashed names, so a page open across it finds
 * its index gone: the search is then asked again of the new index, twice at most.
 */
export async function searchSite(term: string | null, filters: Filters, count: number, scope: SearchScope = {}): Promise<SearchOutcome> {
  for (const pause of RETRY_PAUSES_MS) {
    try {
      return await searchLoaded(term, filters, count, scope);
    } catch {
      loading = null;
      reloadToken = `?loaded=${Date.now()}`;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  return searchLoaded(term, filters, count, scope);
}

async function searchLoaded(term: string | null, filters: Filters, count: number, { language, sort }: SearchScope): Promise<SearchOutcome> {
  const indexes = (await pagefind()).filter((index) => language === undefined || index.language === language);
  const found = (await Promise.all(indexes.map(({ instance }) => instance.search(term, { filters: { ...COUNT_SECTIONS, ...filters }, sort })))).filter((answer) => answer !== null);
  // One language keeps Pagefind's order (relevance, or the sort asked); several are merged by score.
  const results = found.flatMap((answer) => answer.results);
  if (found.length > 1) results.sort((a, b) => b.score - a.score);
  const sections: Record<string, number> = {};
  for (const answer of found) {
    for (const [name, pages] of Object.entries(answer.totalFilters[SECTION_FILTER] ?? {})) sections[name] = (sections[name] ?? 0) + pages;
  }
  const pages = await Promise.all(results.slice(0, count).map((result) => result.data()));
  return {
    total: results.length,
    hits: pages.map((page) => ({
      href: servedPath(page.url),
      title: page.meta.title ?? servedPath(page.url),
      excerpt: safeExcerpt(page.excerpt),
      section: page.filters[SECTION_FILTER]?.[0] ?? null,
      meta: page.meta,
    })),
    sections,
  };
}
