import type { APIRoute } from 'astro';
import { articles, canonicalWorkPath, categories, ourImpacts, visions, works, worksIn } from '../lib/content.ts';
import { pageHrefs } from '../lib/paging.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const GET: APIRoute = async ({ site }) => {
  // Every numbered page of each list too, so crawlers reach every record through the lists.
  const listPages = async (base: string, count: Promise<number>) => pageHrefs(base, await count).map((path): [string] => [path]);
  const entries: [string, string?][] = [
    ['/'],
    ['/about-us'],
    ...(await listPages('/vision', visions().then((v) => v.length))),
    ...(await listPages('/our-work', works().then((w) => w.length))),
    ['/our-impact'],
    ...(await listPages('/bio-core', articles().then((a) => a.length))),
    ...(await Promise.all((await categories()).map((c) => listPages(`/our-work/${c.slug}`, worksIn(c.slug).then((w) => w.length))))).flat(),
    ...(await works()).map((w): [string, string] => [canonicalWorkPath(w), w.updatedAt]),
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
