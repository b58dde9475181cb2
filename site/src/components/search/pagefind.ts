/**
 * The browser's side of the site's search: Pagefind's script and the index of the page's language
 * (`<html lang>`), loaded from /pagefind/ on the first search, and its results as the search
 * box and the search page show them.
 */
import { servedPath } from './address.ts';

/** The filter every indexed page carries (its navigation section, see sections.ts). */
export const SECTION_FILTER = 'section';

export type Filters = Record<string, string | string[]>;

/** The part of Pagefind's API used here. */
interface Pagefind {
  options(options: { excerptLength?: number }): Promise<void>;
  search(term: string | null, options?: { filters?: Filters }): Promise<{
    results: Array<{ id: string; data(): Promise<PagefindPage> }>;
    /** Pages per filter value for the term without the filters asked. */
    totalFilters: Record<string, Record<string, number>>;
  } | null>;
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
  /** The page's own meta (`data-pagefind-meta`): what a page adds for its results. */
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

const INDEX_SCRIPT = '/pagefind/pagefind.js';
let loading: Promise<Pagefind> | null = null;

/** Pagefind, loaded once per page; a failed load is tried again on the next search. */
function pagefind(): Promise<Pagefind> {
  loading ??= (import(/* @vite-ignore */ INDEX_SCRIPT) as Promise<Pagefind>).then(async (api) => {
    await api.options({ excerptLength: 24 });
    return api;
  });
  loading.catch(() => (loading = null));
  return loading;
}

/** Starts loading the index script ahead of the first search (the box got focus). */
export const warmUp = () => void pagefind().catch(() => undefined);

/**
 * Pages matching `term` (or, with a null term, every page the filters select), best first; the
 * data of the first `count` hits only, as Pagefind loads each page's data as its own file.
 */
export async function searchSite(term: string | null, filters: Filters, count: number): Promise<SearchOutcome> {
  const api = await pagefind();
  const found = await api.search(term, { filters });
  if (!found) return { total: 0, hits: [], sections: {} };
  const pages = await Promise.all(found.results.slice(0, count).map((result) => result.data()));
  return {
    total: found.results.length,
    hits: pages.map((page) => ({
      href: servedPath(page.url),
      title: page.meta.title ?? servedPath(page.url),
      excerpt: safeExcerpt(page.excerpt),
      section: page.filters[SECTION_FILTER]?.[0] ?? null,
      meta: page.meta,
    })),
    sections: found.totalFilters[SECTION_FILTER] ?? {},
  };
}
