import type { APIRoute } from 'astro';
import { logoPng } from '../lib/brand.ts';

/** The organisation's logo for structured data and link previews. */
export const GET: APIRoute = async () => new Response(new Uint8Array(await logoPng()), { headers: { 'content-type': 'image/png' } });
