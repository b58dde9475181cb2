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
    results: Array<{ id: string; data(): Promise<PagefindPage> }>;
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
const ENTRY_FILE = `${INDEX_FOLDER}pagefind-entry.json`;

/** The served index as a page loaded it: the entry file names every index file by its hash. */
interface LoadedIndex {
  entry: string;
  /** The languages the site has pages in. */
  languages: string[];
  /** Each language's instance, loaded on its first search. */
  instances: Map<string, Promise<PagefindInstance>>;
  /** When the served entry was last seen to be this one. */
  checkedAt: number;
}

/**
 * How long a loaded index is trusted without asking whether it is still the one served. Pagefind
 * answers from a replaced index without failing (a word chunk gone is a word not found), so after
 * a pause in searching, the next search also asks for the served entry file, in parallel.
 */
const TRUST_LOADED_INDEX_MS = 5_000;

let loading: Promise<LoadedIndex> | null = null;
/** Set when the loaded index stopped answering: the next load asks for fresh copies of the script. */
let reloadToken = '';

/** The entry file as served now, past any cache. */
async function servedEntry() {
  const response = await fetch(ENTRY_FILE, { cache: 'no-store' });
  if (!response.ok) throw new Error(String(response.status));
  return response.text();
}

/** The served entry, loaded once per page; a failed load is tried again on the next search. */
function pagefind(): Promise<LoadedIndex> {
  loading ??= servedEntry().then((entry) => {
    const languages = Object.keys((JSON.parse(entry) as { languages: Record<string, unknown> }).languages);
    return { entry, languages, instances: new Map(), checkedAt: Date.now() };
  });
  loading.catch(() => (loading = null));
  return loading;
}

/**
 * The instance searching one language's index with that language's stemming. Pagefind keeps one
 * WebAssembly module (one language's stemmer) per copy of its script, and instances of two
 * languages in one copy share it or, loading at once, overwrite each other's and hang; so each
 * language loads the script as a module of its own. Pagefind takes the language from
 * `<html lang>` when the instance is made: the attribute names it for that synchronous moment.
 */
function instanceOf(loaded: LoadedIndex, language: string) {
  let instance = loaded.instances.get(language);
  if (!instance) {
    instance = (import(/* @vite-ignore */ `${INDEX_FOLDER}pagefind.js?language=${language}${reloadToken}`) as Promise<PagefindModule>).then((api) => {
      const root = document.documentElement;
      const own = root.getAttribute('lang');
      root.setAttribute('lang', language);
      try {
        return api.createInstance({ excerptLength: 24 });
      } finally {
        if (own === null) root.removeAttribute('lang');
        else root.setAttribute('lang', own);
      }
    });
    loaded.instances.set(language, instance);
  }
  return instance;
}

/** Starts loading the index of a language ahead of the first search (the box got focus). */
export const warmUp = (language: string) =>
  void pagefind()
    .then((loaded) => (loaded.languages.includes(language) ? instanceOf(loaded, language) : null))
    .catch(() => undefined);

export interface SearchScope {
  /** The language searched, the page's own: each language has an index of its own, and only that one is loaded. */
  language: string;
  /** An order instead of relevance. */
  sort?: SortOrder;
}

/** Pauses before asking a fresh index again: a publish may be switching it, or the connection dropped a file. */
const RETRY_PAUSES_MS = [0, 1_000];

/**
 * Pages of one language matching `term` (or, with a null term, every page the filters select),
 * best first; the data of the first `count` hits only, as Pagefind loads each page's data as its
 * own file. A language the index has no pages in finds nothing.
 * A publish replaces the index files under their hashed names, so a page open across it finds
 * its index gone or replaced: the search is then asked again of the new index, twice at most.
 */
export async function searchSite(term: string | null, filters: Filters, count: number, scope: SearchScope): Promise<SearchOutcome> {
  for (const pause of RETRY_PAUSES_MS) {
    try {
      return await searchLoaded(term, filters, count, scope);
    } catch {
      loading = null;
      reloadToken = `&loaded=${Date.now()}`;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  return searchLoaded(term, filters, count, scope);
}

async function searchLoaded(term: string | null, filters: Filters, count: number, { language, sort }: SearchScope): Promise<SearchOutcome> {
  const loaded = await pagefind();
  // A check that fails (the connection dropped) keeps the index loaded: it is all the page has.
  const checking = Date.now() - loaded.checkedAt > TRUST_LOADED_INDEX_MS ? servedEntry().catch(() => null) : null;
  const searching = loaded.languages.includes(language) ? instanceOf(loaded, language).then((instance) => instance.search(term, { filters: { ...COUNT_SECTIONS, ...filters }, sort })) : null;
  const [answer, served] = await Promise.all([searching, checking]);
  if (served !== null) {
    if (served !== loaded.entry) throw new Error('the search index was replaced');
    loaded.checkedAt = Date.now();
  }
  const results = answer?.results ?? [];
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
    sections: answer?.totalFilters[SECTION_FILTER] ?? {},
  };
}
