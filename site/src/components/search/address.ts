/** A page's address as it is served: `/vision/a.html` and `/index.html` are `/vision/a` and `/`. */
export const servedPath = (pathname: string) => pathname.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '').replace(/(.)\/$/, '$1') || '/';

/** The site's search page; the header's box submits to it (with `q`), with or without JavaScript. */
export const SEARCH_PAGE = '/cari';
