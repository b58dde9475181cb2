import type { APIRoute } from 'astro';
import { everyLocale, pageLocale } from '../../../i18n/index.ts';
import { recordsOf } from '../../../lib/content.ts';
import { rssFeed } from '../../../lib/rss.ts';

export const getStaticPaths = everyLocale;

export const GET: APIRoute = async ({ site, params }) => {
  const { locale, t, href } = pageLocale(params);
  return rssFeed(
    { title: t.collections.vision.feed ?? t.vision.title, link: new URL(href('/vision'), site).href, description: t.vision.feedDescription, self: new URL(href('/vision/rss.xml'), site).href, language: locale },
    (await recordsOf('vision', locale)).map((v) => ({ title: v.title, link: new URL(href(`/vision/${v.slug}`), site).href, description: v.shortDescription, date: v.createdAt })),
  );
};
