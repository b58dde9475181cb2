/** The links between numbered list pages: shared by the site's pages and the BioCore island (no server code). */

export const pageHref = (base: string, page: number) => (page <= 1 ? base : `${base}/page/${page}`);

export interface PageLink {
  page: number;
  href: string;
  current: boolean;
}

/** The pagination bar: first, last and the pages around the current one; null marks a gap. */
export function pageLinks(base: string, current: number, total: number): (PageLink | null)[] {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, total])].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const links: (PageLink | null)[] = [];
  for (const page of shown) {
    const previous = links.at(-1);
    if (previous && page - previous.page > 1) links.push(null);
    links.push({ page, href: pageHref(base, page), current: page === current });
  }
  return links;
}

export interface Paging {
  base: string;
  page: number;
  pages: number;
}

