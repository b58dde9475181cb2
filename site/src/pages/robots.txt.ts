import type { APIRoute } from 'astro';
import { ALL_LOCALES, localized } from '../i18n/index.ts';

/** The preview templates of every language (`/preview-template/`, `/en/preview-template/`). */
const templates = ALL_LOCALES.map((locale) => `Disallow: ${localized(locale, '/preview-template/')}\n`).join('');

export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /login\nDisallow: /api/\n${templates}Disallow: /*/_preview\n\nSitemap: ${new URL('/sitemap.xml', site)}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
