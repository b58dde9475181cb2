import type { APIRoute } from 'astro';
import { recordsOf } from '../../lib/content.ts';
import { rssFeed } from '../../lib/rss.ts';

export const GET: APIRoute = async ({ site }) =>
  rssFeed(
    { title: 'Vision', link: new URL('/vision', site).href, description: 'Vision articles', self: new URL('/vision/rss.xml', site).href },
    (await recordsOf('vision')).map((v) => ({ title: v.title, link: new URL(`/vision/${v.slug}`, site).href, description: v.shortDescription, date: v.createdAt, language: v.language })),
  );
