import type { APIRoute } from 'astro';
import { recordsOf } from '../../lib/content.ts';
import { stripHtml } from '../../lib/format.ts';
import { rssFeed } from '../../lib/rss.ts';

export const GET: APIRoute = async ({ site }) =>
  rssFeed(
    { title: 'BioCore', link: new URL('/bio-core', site).href, description: 'BioCore articles', self: new URL('/bio-core/rss.xml', site).href },
    (await recordsOf('bioCore')).map((a) => ({ title: a.title, link: new URL(`/bio-core/${a.slug}`, site).href, description: a.excerpt || stripHtml(a.description || a.content, 200), date: a.createdAt, language: a.language })),
  );
