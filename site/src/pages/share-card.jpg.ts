import type { APIRoute } from 'astro';
import { shareCard } from '../lib/brand.ts';
import { DEFAULT_LOCALE } from '../i18n/index.ts';
import { siteSettings } from '../lib/content.ts';

/** The link-preview card of pages without a picture of their own. */
export const GET: APIRoute = async () => new Response(new Uint8Array(await shareCard((await siteSettings(DEFAULT_LOCALE)).organisationName)), { headers: { 'content-type': 'image/jpeg' } });
