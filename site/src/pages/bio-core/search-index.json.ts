import type { APIRoute } from 'astro';
import { articleCard } from '../../lib/articles.ts';
import { recordsOf } from '../../lib/content.ts';

/** Every published article as a card: what the BioCore search and tag filter look through. */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await Promise.all((await recordsOf('bioCore')).map(articleCard))), { headers: { 'content-type': 'application/json; charset=utf-8' } });
