/**
 * Security headers of every page, one definition for both ways pages are served: the worker
 * sets them on the admin (/admin, /login); the site build writes them into `_headers`, which
 * Workers static assets apply to the public pages (and the local site server too).
 */

/** Headers every page gets besides its Content-Security-Policy. */
export const PAGE_HEADERS = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  // Origin-keyed, like the admin (secureHeaders sends it there): pages of one origin that
  // disagree on this are kept in separate processes, so every step between the site and the
  // admin started a new renderer in the browser.
  'Origin-Agent-Cluster': '?1',
} as const;

/**
 * Files whose names carry a hash of their content (Vite's `/admin/assets/`, Astro's `/_astro/`,
 * the search index's chunks): a new version has a new name, so a browser keeps each for a year
 * and never asks again.
 */
export const HASHED_FILE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Headers of every API answer: never sniffed into HTML, no full address sent on, and not
 * embeddable by another site's pages.
 */
export const API_HEADERS = {
  'X-Content-Type-Options': PAGE_HEADERS['X-Content-Type-Options'],
  'Referrer-Policy': PAGE_HEADERS['Referrer-Policy'],
  'Cross-Origin-Resource-Policy': 'same-site',
} as const;

export type CspDirectives = Record<string, readonly string[]>;

/**
 * What every page may do: its own origin only, no plugins, no framing, no foreign form
 * targets. Style attributes are allowed (rich text keeps alignment and colours, React sets
 * widths); scripts are not, except what a page's policy adds.
 */
export const BASE_CSP: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // Staff may link images by full URL; uploads are same-origin.
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** BASE_CSP with sources added per directive. */
export function cspWith(extra: CspDirectives): string {
  const directives: Record<string, string[]> = Object.fromEntries(Object.entries(BASE_CSP).map(([name, sources]) => [name, [...sources]]));
  for (const [name, sources] of Object.entries(extra)) directives[name] = [...new Set([...(directives[name] ?? []), ...sources])];
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Hosts the analytics snippets load from and report to, allowed only when their id is set. */
export const ANALYTICS_SOURCES: Record<'google' | 'facebook', { marker: string; csp: CspDirectives }> = {
  google: {
    marker: 'https://www.googletagmanager.com/',
    csp: {
      'script-src': ['https://www.googletagmanager.com'],
      'img-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
      'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
    },
  },
  facebook: {
    marker: 'https://connect.facebook.net/',
    csp: {
      'script-src': ['https://connect.facebook.net'],
      'img-src': ['https://www.facebook.com'],
      'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
    },
  },
};
