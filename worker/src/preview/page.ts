/**
 * `/preview/<token>`: a draft shown in the site's own page. The site build renders one page per
 * preview template (`site/src/pages/preview-template/`) from the same component as the public
 * pages, its parts marked with `data-preview-*`; here the worker streams that page through
 * HTMLRewriter, putting the draft's values into the marked parts. No build and no public page
 * is touched, and the answer is never cached nor indexed.
 */
import type { Context } from 'hono';
import { readingMinutes } from '../contract/reading.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { CollectionStore } from '../collections/store.ts';
import type { ResourceDefinition } from '../contract/fields.ts';
import { richHtml, stripHtml } from '../contract/rich-html.ts';
import { DEFAULT_READ_TIME } from '../contract/limits.ts';
import { createDb } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { previewOfToken } from './store.ts';

export const PREVIEW_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
} as const;

const dateFormat = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' });

/** The value at a dotted path (`features.2.title`) of the draft. */
const valueAt = (data: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What the page shows for each kind of mark, from the draft as stored by the API. */
function shownValues(data: Record<string, unknown>, createdAt: string): Record<string, unknown> {
  const minutes = Number(data.readTime) > 0 ? Number(data.readTime) : typeof data.content === 'string' ? readingMinutes(data.content) : DEFAULT_READ_TIME;
  // Lists are shown in their editors' order, as the public page sorts them.
  const sorted = Object.fromEntries(
    Object.entries(data).map(([name, value]) => [name, Array.isArray(value) && value.every((item) => item && typeof item === 'object' && 'order' in item) ? [...value].sort((a, b) => a.order - b.order) : value]),
  );
  return { ...sorted, readTime: `${minutes} min read`, createdAt, updatedAt: new Date().toISOString() };
}

function errorPage(status: 404 | 410 | 503, message: string) {
  const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Pratinjau</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Pratinjau tidak tersedia</h1><p>${escapeHtml(message)}</p></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...PREVIEW_HEADERS } });
}

const MESSAGES = {
  missing: 'Tautan pratinjau ini tidak dikenal atau sudah kedaluwarsa. Minta tautan baru kepada pengirimnya.',
  expired: 'Tautan pratinjau ini sudah kedaluwarsa. Minta tautan baru kepada pengirimnya.',
  revoked: 'Tautan pratinjau ini sudah dicabut oleh pembuatnya.',
} as const;

/**
 * @param sitePage fetches a file of the built site (ASSETS, or the local site server).
 */
export async function previewPage(c: Context<AppEnv>, sitePage: (path: string) => Promise<Response>) {
  const db = createDb(c.env.DB);
  const found = await previewOfToken(db, c.req.param('token') ?? '');
  if (found.state !== 'open') return errorPage(found.state === 'missing' ? 404 : 410, MESSAGES[found.state]);
  const { preview } = found;
  const key = (Object.keys(resources) as ResourceKey[]).find((name) => resources[name].path === preview.collection);
  const resource: ResourceDefinition | undefined = key && resources[key];
  const template = resource?.preview ? await sitePage(`/preview-template/${resource.preview}`) : null;
  if (!key || !template?.ok) return errorPage(503, 'Templat pratinjau belum tersedia: situs sedang dibangun. Coba lagi sebentar lagi.');

  // A saved record keeps its own date; a new one is dated by its draft.
  const record = preview.recordId ? await new CollectionStore(db, key).findRow('id', preview.recordId, false) : undefined;
  const values = shownValues(preview.data, typeof record?.createdAt === 'string' ? record.createdAt : preview.createdAt);
  const title = String(values.title ?? '');
  const rewritten = new HTMLRewriter()
    .on('title', { element: (el) => void el.setInnerContent(`Pratinjau: ${title}`) })
    .on('meta[name="robots"]', { element: (el) => void el.setAttribute('content', 'noindex, nofollow') })
    .on('[data-preview-if]', {
      element: (el) => {
        if (isEmpty(valueAt(values, el.getAttribute('data-preview-if')!))) el.remove();
      },
    })
    .on('[data-preview-text]', {
      element: (el) => {
        const value = valueAt(values, el.getAttribute('data-preview-text')!);
        if (isEmpty(value) && !el.hasAttribute('data-preview-if')) el.remove();
        else el.setInnerContent(String(value ?? ''));
      },
    })
    .on('[data-preview-html]', { element: (el) => void el.setInnerContent(richHtml(String(valueAt(values, el.getAttribute('data-preview-html')!) ?? '')), { html: true }) })
    .on('[data-preview-summary]', {
      element: (el) => {
        const length = Number(el.getAttribute('data-preview-length')) || undefined;
        el.setInnerContent(stripHtml(String(valueAt(values, el.getAttribute('data-preview-summary')!) ?? ''), length));
      },
    })
    .on('[data-preview-date]', {
      element: (el) => {
        const iso = String(valueAt(values, el.getAttribute('data-preview-date')!) ?? '');
        el.setAttribute('datetime', iso);
        el.setInnerContent(dateFormat.format(new Date(iso)));
      },
    })
    .on('img[data-preview-image]', {
      element: (el) => {
        // The template holds the placeholder picture; a draft with an image shows the stored file itself.
        const field = el.getAttribute('data-preview-image')!;
        const src = String(values[field] ?? '');
        if (!src) return;
        el.setAttribute('src', /^(https?:|\/)/.test(src) ? src : `/${src}`);
        el.setAttribute('alt', String(values[`${field}Alt`] || title));
        el.setAttribute('style', `object-position: ${String(values[`${field}Focus`] || '50% 50%')}`);
      },
    })
    .on('[data-preview-list]', {
      element: (el) => {
        const items = valueAt(values, el.getAttribute('data-preview-list')!);
        el.setInnerContent((Array.isArray(items) ? items : []).map((item) => `<li>${escapeHtml(String(item))}</li>`).join(''), { html: true });
      },
    })
    .on('body', { element: (el) => void el.prepend(`<p class="preview-banner" role="status" style="margin:0;padding:.5rem 1rem;background:#fff3cd;color:#664d03;text-align:center;font-weight:600">Pratinjau: belum diterbitkan. Halaman publik tidak berubah.</p>`, { html: true }) })
    .transform(template);
  const headers = new Headers(rewritten.headers);
  for (const [name, value] of Object.entries(PREVIEW_HEADERS)) headers.set(name, value);
  headers.delete('etag');
  headers.delete('last-modified');
  return new Response(rewritten.body, { status: 200, headers });
}
