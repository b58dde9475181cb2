import type { APIRoute } from 'astro';
import { ALL_LOCALES, DEFAULT_LOCALE, localized } from '../i18n/index.ts';
import { siteMap } from '../lib/content.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * Every page in every language; a page that exists in several languages names each of them
 * (`xhtml:link`, the default language's as `x-default`), so search engines show the reader's.
 */
export const GET: APIRoute = async ({ site }) => {
  const languages = await Promise.all(ALL_LOCALES.map(async (locale) => ({ locale, pages: await siteMap(locale) })));
  const twins = new Map<string, Array<{ locale: string; href: string }>>();
  for (const { locale, pages } of languages) {
    for (const page of pages) twins.set(page.key, [...(twins.get(page.key) ?? []), { locale, href: new URL(localized(locale, page.path), site).href }]);
  }
  const urls = languages
    .flatMap(({ locale, pages }) =>
      pages.map(({ path, key, updated }) => {
        const alternates = twins.get(key) ?? [];
        const fallback = alternates.find((alternate) => alternate.locale === DEFAULT_LOCALE);
        const links =
          alternates.length > 1
            ? [...alternates, ...(fallback ? [{ locale: 'x-default', href: fallback.href }] : [])].map((alternate) => `<xhtml:link rel="alternate" hreflang="${alternate.locale}" href="${escape(alternate.href)}"/>`).join('')
            : '';
        return `<url><loc>${escape(new URL(localized(locale, path), site).href)}</loc>${updated ? `<lastmod>${updated.slice(0, 10)}</lastmod>` : ''}${links}</url>`;
      }),
    )
    .join('');
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>`, {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
