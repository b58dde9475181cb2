import type { APIRoute } from 'astro';
import { articles, categories, ourImpacts, visions, workPaths, works } from '../lib/content.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const GET: APIRoute = async ({ site }) => {
  const entries: [string, string?][] = [
    ['/'],
    ['/about-us'],
    ['/vision'],
    ['/our-work'],
    ['/our-impact'],
    ['/bio-core'],
    ...(await categories()).map((c): [string, string] => [`/our-work/${c.slug}`, c.updatedAt]),
    ...(await works()).flatMap((w) => workPaths(w).map((path): [string, string] => [path, w.updatedAt])),
    ...(await visions()).map((v): [string, string] => [`/vision/${v.slug}`, v.updatedAt]),
    ...(await ourImpacts()).map((o): [string, string] => [`/our-impact/${o.slug}`, o.updatedAt]),
    ...(await articles()).map((a): [string, string] => [`/bio-core/${a.slug}`, a.updatedAt]),
  ];
  const urls = entries
    .map(([path, updated]) => `<url><loc>${escape(new URL(path, site).href)}</loc>${updated ? `<lastmod>${updated.slice(0, 10)}</lastmod>` : ''}</url>`)
    .join('');
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`, {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
