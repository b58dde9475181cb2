import type { APIRoute } from 'astro';
import { everyLocale, pageLocale } from '../../../i18n/index.ts';
import { recordsOf } from '../../../lib/content.ts';
import { stripHtml } from '../../../lib/format.ts';
import { rssFeed } from '../../../lib/rss.ts';

export const getStaticPaths = everyLocale;

export const GET: APIRoute = async ({ site, params }) => {
  const { locale, t, href } = pageLocale(params);
  return rssFeed(
    { title: t.collections.bioCore.feed ?? t.bioCore.title, link: new URL(href('/bio-core'), site).href, description: t.bioCore.feedDescription, self: new URL(href('/bio-core/rss.xml'), site).href, language: locale },
    (await recordsOf('bioCore', locale)).map((a) => ({ title: a.title, link: new URL(href(`/bio-core/${a.slug}`), site).href, description: a.excerpt || stripHtml(a.description || a.content, 200), date: a.createdAt })),
  );
};
