import type { APIRoute } from 'astro';
import { everyLocale, pageLocale } from '../../../i18n/index.ts';
import { articleCard } from '../../../lib/articles.ts';
import { recordsOf } from '../../../lib/content.ts';

export const getStaticPaths = everyLocale;

/** Every published article of a language as a card: what the BioCore search and tag filter look through. */
export const GET: APIRoute = async ({ params }) => {
  const { locale } = pageLocale(params);
  return new Response(JSON.stringify(await Promise.all((await recordsOf('bioCore', locale)).map((article) => articleCard(article, locale)))), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
