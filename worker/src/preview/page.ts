/**
 * `/preview/<token>`: a draft shown in the site's own page. The site build renders one page or
 * part per preview template (`site/src/pages/preview-template/`, or a collection's own record
 * page built once more for a placeholder record: `previewTemplatePath`) from the same component
 * as the public pages, its parts marked with `data-preview-*`; here the worker streams it through
 * HTMLRewriter, putting the draft's values into the marked parts. A record shown among others
 * (the home page's hero, the about page's sections) is then put into its slot of that page as
 * published. A draft in another language fills that language's built page (under its prefix), so
 * its fixed texts and `lang` are that language's. No build and no public page is touched, and the
 * answer is never cached nor indexed.
 */
import type { Context } from 'hono';
import { readingMinutes } from '../contract/reading.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { CollectionStore } from '../collections/store.ts';
import { previewTemplatePath, type ResourceDefinition } from '../contract/fields.ts';
import { iconFor, valueIconFor } from '../contract/icons.ts';
import { richHtml, stripHtml } from '../contract/rich-html.ts';
import { DEFAULT_READ_TIME } from '../contract/limits.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../contract/locales.ts';
import { wibSpan } from '../contract/wib.ts';
import { cspWith, PAGE_HEADERS } from '../contract/headers.ts';
import { createDb, type Database } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { previewOfToken } from './store.ts';

export const PREVIEW_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
} as const;

/** What the worker itself writes into a preview page, in the page's language (the site's own texts stay the template's). */
const PAGE_WORDS: Record<Locale, { dateLocale: string; readTime: (minutes: number) => string; title: string; banner: string }> = {
  id: { dateLocale: 'id-ID', readTime: (minutes) => `${minutes} menit baca`, title: 'Pratinjau', banner: 'Pratinjau: belum diterbitkan. Halaman publik tidak berubah.' },
  en: { dateLocale: 'en-GB', readTime: (minutes) => `${minutes} min read`, title: 'Preview', banner: 'Preview: not published yet. The public page has not changed.' },
};
const dateFormats = new Map(
  (Object.keys(PAGE_WORDS) as Locale[]).map((locale) => [locale, new Intl.DateTimeFormat(PAGE_WORDS[locale].dateLocale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' })]),
);

/** A site path in a language: `/vision/_preview` → `/en/vision/_preview`, `/` → `/en`. */
const inLocale = (locale: Locale, path: string) => (LOCALES[locale].prefix ? (path === '/' ? LOCALES[locale].prefix : `${LOCALES[locale].prefix}${path}`) : path);

/** The value at a dotted path (`features.2.title`) of the draft. */
const valueAt = (data: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** `{path}` in a mark's pattern replaced by the draft's values (`/our-work/{category_ids.0.slug}`). */
const patternOf = (values: Record<string, unknown>, pattern: string) => pattern.replace(/\{([\w.]+)\}/g, (_, path: string) => String(valueAt(values, path) ?? ''));

/** Links a draft may make: the site's own paths, the web, mail; anything else (javascript:) goes nowhere. */
const safeHref = (href: string) => (/^(https?:\/\/|\/|#|mailto:)/i.test(href) ? href : '#');

/** An image as the page shows it: a file picked but not uploaded yet comes as a data: URL, stored files by their path. */
function imageSource(value: string) {
  if (/^(https?:|data:image\/|\/)/.test(value)) return value;
  return value.startsWith('uploads/') ? `/${value}` : `/uploads/${value}`;
}

/** The records a relation field names, as the API expands them (`{ _id, title, slug }`). */
async function expandedRelations(db: Database, resource: ResourceDefinition, data: Record<string, unknown>, locale: Locale) {
  const expanded: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind !== 'relation' || !Array.isArray(data[name])) continue;
    const target = (Object.keys(resources) as ResourceKey[]).find((key) => resources[key].path === field.to);
    if (!target) continue;
    // In another language a linked record shows its translation, and one without a published translation is left out.
    const store = new CollectionStore(db, target, locale);
    const found = await Promise.all((data[name] as unknown[]).filter((id): id is string => typeof id === 'string').map((id) => store.find('id', id, false)));
    expanded[name] = found.filter((record) => record !== undefined);
  }
  return expanded;
}

/** What the page shows for each kind of mark, from the draft as stored by the API. */
async function shownValues(db: Database, resource: ResourceDefinition, data: Record<string, unknown>, createdAt: string, locale: Locale): Promise<Record<string, unknown>> {
  const minutes = Number(data.readTime) > 0 ? Number(data.readTime) : typeof data.content === 'string' ? readingMinutes(data.content) : DEFAULT_READ_TIME;
  // Lists are shown in their editors' order, as the public page sorts them.
  const sorted = Object.fromEntries(
    Object.entries(data).map(([name, value]) => [name, Array.isArray(value) && value.every((item) => item && typeof item === 'object' && 'order' in item) ? [...value].sort((a, b) => a.order - b.order) : value]),
  );
  return { ...sorted, ...(await expandedRelations(db, resource, data, locale)), readTime: PAGE_WORDS[locale].readTime(minutes), createdAt, updatedAt: new Date().toISOString() };
}

/** The marked parts of a template filled with the draft's values. */
function withDraftValues(rewriter: HTMLRewriter, values: Record<string, unknown>, title: string, locale: Locale) {
  const at = (el: Element, mark: string) => valueAt(values, el.getAttribute(mark)!);
  const marks: [selector: string, fill: (el: Element) => void][] = [
    // Every field named (space-separated) must have a value.
    ['[data-preview-if]', (el) => el.getAttribute('data-preview-if')!.split(' ').some((path) => isEmpty(valueAt(values, path))) && el.remove()],
    ['[data-preview-unless]', (el) => !isEmpty(at(el, 'data-preview-unless')) && el.remove()],
    [
      '[data-preview-text]',
      (el) => {
        const value = at(el, 'data-preview-text');
        const fallback = el.getAttribute('data-preview-empty');
        if (isEmpty(value) && fallback === null && !el.hasAttribute('data-preview-if')) el.remove();
        else el.setInnerContent(isEmpty(value) ? (fallback ?? '') : String(value));
      },
    ],
    ['[data-preview-html]', (el) => el.setInnerContent(richHtml(String(at(el, 'data-preview-html') ?? ''), Number(el.getAttribute('data-preview-heading')) || undefined), { html: true })],
    ['[data-preview-summary]', (el) => el.setInnerContent(stripHtml(String(at(el, 'data-preview-summary') ?? ''), Number(el.getAttribute('data-preview-length')) || undefined))],
    [
      '[data-preview-date]',
      (el) => {
        const iso = String(at(el, 'data-preview-date') ?? '');
        el.setAttribute('datetime', iso);
        el.setInnerContent(dateFormats.get(locale)!.format(new Date(iso)));
      },
    ],
    [
      '[data-preview-datetime]',
      (el) => {
        const iso = String(at(el, 'data-preview-datetime') ?? '');
        if (!iso) return void el.remove();
        el.setAttribute('datetime', iso);
        // An event's end (`data-preview-until`) joins its start in one span of time.
        const until = el.getAttribute('data-preview-until');
        el.setInnerContent(wibSpan(iso, until ? String(valueAt(values, until) ?? '') : ''));
      },
    ],
    [
      '[data-preview-icon]',
      (el) => {
        const icon = iconFor(String(at(el, 'data-preview-icon') ?? ''));
        if (icon) el.setInnerContent(icon);
        else el.remove();
      },
    ],
    ['[data-preview-value-icon]', (el) => el.setInnerContent(valueIconFor(String(at(el, 'data-preview-value-icon') ?? '')))],
    ['[data-preview-href]', (el) => el.setAttribute('href', safeHref(patternOf(values, el.getAttribute('data-preview-href')!)))],
    ['[data-preview-class]', (el) => el.setAttribute('class', patternOf(values, el.getAttribute('data-preview-class')!).replace(/[^\w -]/g, ''))],
    [
      '[data-preview-background]',
      (el) => {
        const color = String(at(el, 'data-preview-background') ?? '');
        if (/^(#[0-9a-f]{3,8}|[a-z]+)$/i.test(color)) el.setAttribute('style', `background-color: ${color}`);
      },
    ],
    [
      'img[data-preview-image]',
      (el) => {
        // The template holds the placeholder picture; a draft with an image shows that file itself.
        const field = el.getAttribute('data-preview-image')!;
        const src = String(valueAt(values, field) ?? '');
        if (!src) return;
        el.setAttribute('src', imageSource(src));
        // A decorative image (empty alt) stays so; others say what they show: the alt text, else the item's or record's title.
        if (el.getAttribute('alt')) {
          const item = field.includes('.') ? field.slice(0, field.lastIndexOf('.')) : '';
          el.setAttribute('alt', String(valueAt(values, `${field}Alt`) || (item && valueAt(values, `${item}.title`)) || title));
        }
        el.setAttribute('style', `object-position: ${String(valueAt(values, `${field}Focus`) || '50% 50%')}`);
      },
    ],
    [
      '[data-preview-list]',
      (el) => {
        const items = at(el, 'data-preview-list');
        const key = el.getAttribute('data-preview-item-key');
        const [tag, className] = (el.getAttribute('data-preview-item') ?? 'li').split('.');
        const open = className ? `<${tag} class="${className}">` : `<${tag}>`;
        const texts = (Array.isArray(items) ? items : []).map((item) => String(key && item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : item));
        el.setInnerContent(texts.map((text) => `${open}${escapeHtml(text)}</${tag}>`).join(''), { html: true });
      },
    ],
  ];
  // A part one mark removed takes no value from another: content set on it would come back.
  for (const [selector, fill] of marks) rewriter.on(selector, { element: (el) => void (el.removed || fill(el)) });
  return rewriter;
}

/**
 * The page as published with the draft's part in its collection's slot: in place of the record's
 * published version, else before the first record ordered after it, else last. A slot shown one
 * record at a time (`data-preview-place="single"`, the hero) shows the draft alone; an island in
 * it is left static, since its props hold the published records. The page holds no other draft:
 * it is the published one.
 */
function withDraftInSlot(rewriter: HTMLRewriter, collection: string, recordId: string, order: number, part: string) {
  const slots = `[data-preview-slots="${collection}"]`;
  let single = false;
  let placed = false;
  return rewriter
    .on(`[data-preview-show="${collection}"]`, { element: (el) => void el.removeAttribute('hidden') })
    .on(slots, {
      element: (el) => {
        single = el.getAttribute('data-preview-place') === 'single';
        placed = false;
        el.onEndTag((end) => {
          if (!placed) end.before(part, { html: true });
          placed = true;
        });
      },
    })
    .on(`${slots} [data-preview-slot="${collection}"]`, {
      element: (el) => {
        const own = recordId !== '' && el.getAttribute('data-preview-id') === recordId;
        const slotOrder = Number(el.getAttribute('data-preview-order'));
        const here = !placed && (single || (own ? slotOrder >= order : slotOrder > order));
        if (here && (own || single)) el.replace(part, { html: true });
        else if (here) el.before(part, { html: true });
        else if (own || single) el.remove();
        if (here) placed = true;
      },
    })
    .on(`${slots} [data-preview-drop="${collection}"]`, { element: (el) => void el.remove() })
    .on(`${slots} astro-island`, {
      element: (el) => {
        el.tagName = 'div';
      },
    });
}

/** Attributes by which an element makes the browser fetch something. */
const FETCHED: Record<string, string[]> = {
  script: ['src'],
  link: ['href'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  iframe: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  embed: ['src'],
  object: ['data'],
  input: ['src'],
};

/** Whether an address (or any address of a srcset) is on another origin than the page. */
function foreign(value: string, page: URL, srcset: boolean) {
  const addresses = srcset ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [value.trim()];
  return addresses.some((address) => {
    try {
      const url = new URL(address, page);
      return /^https?:$/.test(url.protocol) ? url.origin !== page.origin : !/^(data|blob):$/.test(url.protocol);
    } catch {
      return true;
    }
  });
}

/** A host named in script text: `https://www.googletagmanager.com/gtm.js`, `//connect.facebook.net`. */
const SCRIPT_HOST = /(?:https?:)?\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;
/** Script types a browser runs (JSON-LD and other data blocks are not run). */
const RUN_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * Nothing of another site: the preview's address holds its token, and a third party's script
 * (analytics, tag managers, pixels) would read it from the page. Elements fetching from another
 * origin go, and so does the text of an inline script naming another host (the loaders that
 * inject those scripts). The page's CSP keeps only its own sources, so nothing else loads either.
 */
function withoutThirdParties(rewriter: HTMLRewriter, page: URL) {
  for (const [tag, attributes] of Object.entries(FETCHED)) {
    rewriter.on(tag, {
      element: (el) => {
        if (attributes.some((name) => el.hasAttribute(name) && foreign(el.getAttribute(name)!, page, name === 'srcset'))) el.remove();
      },
    });
  }
  // The text of the inline script being read, held back until the whole script is known.
  let held: string | null = null;
  return rewriter.on('script:not([src])', {
    element: (el) => {
      held = RUN_TYPES.has((el.getAttribute('type') ?? '').trim().toLowerCase()) ? '' : null;
    },
    text: (chunk) => {
      if (held === null) return;
      held += chunk.text;
      if (!chunk.lastInTextNode) return void chunk.remove();
      const hosts = [...held.matchAll(SCRIPT_HOST)].map((match) => match[1]!.toLowerCase());
      if (hosts.some((host) => host !== page.host)) chunk.remove();
      else chunk.replace(held, { html: true });
      held = null;
    },
  });
}

/** A page's CSP with only its own sources: no host, no `https:`, which would let a script or pixel of another site load. */
export const ownSourcesOnly = (csp: string) =>
  csp
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      const kept = sources.filter((source) => /^'.*'$/.test(source) || source === 'data:' || source === 'blob:');
      return name ? `${name} ${kept.length ? kept.join(' ') : "'none'"}` : '';
    })
    .filter(Boolean)
    .join('; ');

/** What every preview page says about itself: its title, not for search engines, not published. */
const asPreview = (rewriter: HTMLRewriter, title: string, locale: Locale) =>
  rewriter
    .on('title', { element: (el) => void el.setInnerContent(`${PAGE_WORDS[locale].title}: ${title}`) })
    .on('meta[name="robots"]', { element: (el) => void el.setAttribute('content', 'noindex, nofollow') })
    .on('meta[name="referrer"]', { element: (el) => void el.remove() })
    .on('head', { element: (el) => void el.prepend('<meta name="referrer" content="no-referrer">', { html: true }) })
    .on('body', { element: (el) => void el.prepend(`<p class="preview-banner" role="status" style="margin:0;padding:.5rem 1rem;background:#fff3cd;color:#664d03;text-align:center;font-weight:600">${PAGE_WORDS[locale].banner}</p>`, { html: true }) });

function errorPage(status: 404 | 410 | 503, message: string) {
  const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Pratinjau</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Pratinjau tidak tersedia</h1><p>${escapeHtml(message)}</p></body></html>`;
  // The worker writes this page itself: it carries every page's security headers, as a built page's do.
  const headers = { 'content-type': 'text/html; charset=utf-8', ...PAGE_HEADERS, 'Content-Security-Policy': cspWith({}), ...PREVIEW_HEADERS };
  return new Response(html, { status, headers });
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
  const locale = isLocale(preview.locale) ? preview.locale : DEFAULT_LOCALE;
  const key = (Object.keys(resources) as ResourceKey[]).find((name) => resources[name].path === preview.collection);
  const resource: ResourceDefinition | undefined = key && resources[key];
  const how = resource?.preview;
  const templatePath = resource && previewTemplatePath(resource);
  const [template, published] =
    how && templatePath ? await Promise.all([sitePage(inLocale(locale, templatePath)), typeof how === 'object' && 'page' in how ? sitePage(inLocale(locale, how.page)) : null]) : [null, null];
  if (!key || !resource || !how || !template?.ok || (published && !published.ok)) return errorPage(503, 'Templat pratinjau belum tersedia: situs sedang dibangun. Coba lagi sebentar lagi.');

  // A saved record keeps its own date; a new one is dated by its draft.
  const record = preview.recordId ? await new CollectionStore(db, key).findRow('id', preview.recordId, false) : undefined;
  const values = await shownValues(db, resource, preview.data, typeof record?.createdAt === 'string' ? record.createdAt : preview.createdAt, locale);
  const title = String(values[resource.titleField] ?? '');
  const filled = withDraftValues(new HTMLRewriter(), values, title, locale).transform(template);
  const page = published ? withDraftInSlot(new HTMLRewriter(), resource.path, preview.recordId, Number(values.order) || 0, await filled.text()).transform(published) : filled;
  const rewritten = withoutThirdParties(asPreview(new HTMLRewriter(), title, locale), new URL(c.req.url)).transform(page);
  const headers = new Headers(rewritten.headers);
  for (const [name, value] of Object.entries(PREVIEW_HEADERS)) headers.set(name, value);
  const csp = headers.get('content-security-policy');
  if (csp) headers.set('content-security-policy', ownSourcesOnly(csp));
  headers.delete('etag');
  headers.delete('last-modified');
  return new Response(rewritten.body, { status: 200, headers });
}
