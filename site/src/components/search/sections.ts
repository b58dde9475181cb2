/**
 * Which pages the site's search indexes, and under which section: the navigation entry a page
 * sits under, from the collection definitions (a collection with a navigation entry is a section
 * at its list's address), plus the fixed Home and About Us pages. A page outside every section
 * (newsletter outcomes, the search page itself) is not indexed, nor are not-found and preview
 * pages, numbered list pages (cards of pages indexed on their own) and pages search engines are
 * told not to index.
 */
import { DEFAULT_LOCALE, splitLocale, textsOf, type Locale } from '../../i18n/index.ts';
import { homeOf, type SiteCollection } from '../../lib/collections.ts';
import { collectionWords } from '../../lib/collection-words.ts';
import { isPreviewPath } from '../../lib/preview.ts';
import { servedPath } from './address.ts';

/** A section of the site: its pages are its address and every address under it. */
export interface SearchSection {
  label: string;
  path: string;
}

/**
 * Every section in a language (paths without the language's prefix), in the navigation's order:
 * Home, the collections', About Us; a collection grouped under another's address (categories
 * under Our Work) adds none. The header names them the same.
 */
export function searchSections(collections: readonly SiteCollection[], locale: Locale = DEFAULT_LOCALE): SearchSection[] {
  const words = collectionWords(locale);
  const ofCollections = collections
    .flatMap((collection) => (collection.site.nav ? [{ label: words(collection).nav ?? collection.site.nav.label, path: homeOf(collection), order: collection.site.nav.order }] : []))
    .sort((a, b) => a.order - b.order)
    .map(({ label, path }) => ({ label, path }));
  const { common } = textsOf(locale);
  return [{ label: common.home, path: '/' }, ...ofCollections, { label: common.aboutUs, path: '/about-us' }];
}

const NUMBERED_PAGE = /\/page\/\d+$/;

export interface IndexedPage {
  pathname: string;
  notFound?: boolean;
  /** The robots value of the page's SEO record. */
  robots?: string | null;
}

/** The section a page is indexed under, or null when the search leaves it out. */
export function indexedSection(page: IndexedPage, collections: readonly SiteCollection[], locale: Locale = DEFAULT_LOCALE): string | null {
  const path = splitLocale(servedPath(page.pathname)).path;
  if (page.notFound || isPreviewPath(path) || NUMBERED_PAGE.test(path) || /noindex/i.test(page.robots ?? '')) return null;
  const section = searchSections(collections, locale).find((candidate) => (candidate.path === '/' ? path === '/' : path === candidate.path || path.startsWith(`${candidate.path}/`)));
  return section?.label ?? null;
}
