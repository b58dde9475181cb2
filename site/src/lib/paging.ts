/**
 * Numbered pages of the public lists: the first page at the list's own address, the others at
 * `<list>/page/<n>`, each a static file with links a crawler can follow.
 */
import { textsOf, type Locale } from '../i18n/index.ts';
import type { Seo } from '@cms/worker/contract';
import { digest } from './digest.ts';
import { pageHref } from './paging-links.ts';

export { pageHref, pageLinks, type PageLink, type Paging } from './paging-links.ts';

/** Cards per list page: four rows of the three-column grid. */
export const PAGE_SIZE = 12;

export const pageCount = (items: number) => Math.max(1, Math.ceil(items / PAGE_SIZE));

/** Every page address of a list, for the sitemap. */
export const pageHrefs = (base: string, items: number) => Array.from({ length: pageCount(items) }, (_, i) => pageHref(base, i + 1));

export const pageItems = <T>(items: T[], page: number) => items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

/**
 * Pages 2..n of a list, for getStaticPaths. A page's cache key is what it shows (its records'
 * ids and change times, the page count, the layout's data, `context` such as the category), so
 * a save re-renders only the pages that list the changed record.
 */
export function laterPages<T extends { _id: string; updatedAt: string }>(items: T[], layout: string, context = '') {
  return everyPage(items, layout, context).slice(1);
}

function everyPage<T extends { _id: string; updatedAt: string }>(items: T[], layout: string, context: string) {
  const pages = pageCount(items.length);
  return Array.from({ length: pages }, (_, i) => {
    const page = i + 1;
    const shown = pageItems(items, page);
    return { page, pages, items: shown, cacheKey: digest([layout, context, pages, ...shown.map((item) => digest(JSON.stringify(item)))].join('|')) };
  });
}

/**
 * Every page of a list for one route file, `<list>/[...page].astro`: the first at the list's
 * own address (`page` undefined), the others at `<list>/page/<n>`.
 */
export const listPaths = <T extends { _id: string; updatedAt: string }>(items: T[], layout: string, context = '') =>
  everyPage(items, layout, context).map(({ page, pages, items: shown, cacheKey }) => ({
    params: { page: page === 1 ? undefined : `page/${page}` },
    props: { page, pages, items: shown },
    cacheKey,
  }));

/** A later page is its own page for search engines: its own title and canonical address. */
export const pageTitle = (title: string, page: number, locale: Locale) => (page > 1 ? textsOf(locale).common.pageTitle(title, page) : title);
export const pageSeo = (seo: Seo | null, page: number, locale: Locale): Seo | null =>
  seo && page > 1 ? { ...seo, title: pageTitle(seo.title, page, locale), canonicalUrl: '', ogUrl: '' } : seo;
