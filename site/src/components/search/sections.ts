/**
 * Which pages the site's search indexes, and under which section: the navigation entry a page
 * sits under, from the collection definitions (a collection with a navigation entry is a section
 * at its list's address), plus the fixed Home and About Us pages. A page outside every section
 * (newsletter outcomes, the search page itself) is not indexed, nor are not-found and preview
 * pages, numbered list pages (cards of pages indexed on their own) and pages search engines are
 * told not to index.
 */
import { homeOf, type SiteCollection } from '../../lib/collections.ts';
import { isPreviewPath } from '../../lib/preview.ts';
import { servedPath } from './address.ts';

/** A section of the site: its pages are its address and every address under it. */
export interface SearchSection {
  label: string;
  path: string;
}

/** The fixed pages, each a section of its own; the header names them the same. */
const FIXED_SECTIONS: SearchSection[] = [
  { label: 'Home', path: '/' },
  { label: 'About Us', path: '/about-us' },
];

/** Every section, in the navigation's order; a collection grouped under another's address (categories under Our Work) adds none. */
export function searchSections(collections: readonly SiteCollection[]): SearchSection[] {
  const ofCollections = collections
    .flatMap((collection) => (collection.site.nav ? [{ label: collection.site.nav.label, path: homeOf(collection), order: collection.site.nav.order }] : []))
    .sort((a, b) => a.order - b.order)
    .map(({ label, path }) => ({ label, path }));
  return [FIXED_SECTIONS[0]!, ...ofCollections, FIXED_SECTIONS[1]!];
}

const NUMBERED_PAGE = /\/page\/\d+$/;

export interface IndexedPage {
  pathname: string;
  notFound?: boolean;
  /** The robots value of the page's SEO record. */
  robots?: string | null;
}

/** The section a page is indexed under, or null when the search leaves it out. */
export function indexedSection(page: IndexedPage, collections: readonly SiteCollection[]): string | null {
  const path = servedPath(page.pathname);
  if (page.notFound || isPreviewPath(path) || NUMBERED_PAGE.test(path) || /noindex/i.test(page.robots ?? '')) return null;
  const section = searchSections(collections).find((candidate) => (candidate.path === '/' ? path === '/' : path === candidate.path || path.startsWith(`${candidate.path}/`)));
  return section?.label ?? null;
}
