/**
 * Preview links. `POST /api/{collection}/preview` stores a form's unsaved values (checked by the
 * collection's schema) as a draft and answers its link; `/preview/<token>` shows it in the site's
 * own page template (page.ts) to anyone holding the link until it expires or is revoked. A draft
 * of a saved record's translation (`locale: 'en'`) is shown in that language's page: its text
 * over the record's shared values as stored, and the link keeps the language.
 */
import { Hono, type Context } from 'hono';
import { can } from '../auth/permissions.ts';
import { unauthorized, forbidden, ApiError, notFound, ok } from '../http/errors.ts';
import { readBody } from '../http/body.ts';
import { resourceKeyOf, resources } from '../contract/resources.ts';
import type { ResourceDefinition } from '../contract/fields.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../contract/locales.ts';
import { slugify } from '../contract/slug.ts';
import { isTranslatable, localizedFields, translated } from '../contract/translation.ts';
import { CollectionStore } from '../collections/store.ts';
import { currentSnapshot, restorableFields } from '../revisions/store.ts';
import type { Database } from '../db/client.ts';
import { fieldErrors, inputSchema } from '../contract/validation.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import { cleanedDataUrl } from '../files/data-url.ts';
import { withCleanedInlineImages } from '../files/inline.ts';
import type { AppEnv } from '../env.ts';
import type { OpenPreview, PreviewLink } from '../contract/staff-answers.ts';
import { createPreview, findPreview, openPreviews, revokePreview } from './store.ts';

const previewable = (path: string) =>
  (Object.values(resources) as ResourceDefinition[]).find((resource) => resource.path === path && resource.preview);

/** The collection named in the address, if it has previews, and the caller may edit it (create or update). */
function editableCollection(c: Context<AppEnv>, path: string) {
  const resource = previewable(path);
  if (!resource) throw notFound('Koleksi ini tidak memiliki pratinjau.');
  const who = c.var.user;
  if (!who) throw unauthorized();
  if (!can(who, resource.path, 'create') && !can(who, resource.path, 'update')) throw forbidden(`${resource.path}.update`);
  return { resource, who };
}

/** The draft as the site would store it: the schema's values, rich text sanitised like a save, its embedded pictures cleaned. */
function draftOf(resource: ResourceDefinition, input: unknown) {
  const checked = inputSchema(resource, 'create').safeParse(input);
  if (!checked.success) {
    const errors = fieldErrors(checked.error);
    throw new ApiError(400, 'VALIDATION_ERROR', errors.map((error) => error.message).join(' '), errors);
  }
  const data: Record<string, unknown> = { ...checked.data };
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'richText' && typeof data[name] === 'string') data[name] = withCleanedInlineImages(sanitizeRichText(data[name]), `di ${field.label}`);
  }
  return data;
}

/** The language a draft is shown in: the default one unless a translation's is named. */
function draftLocale(resource: ResourceDefinition, value: unknown): Locale {
  if (value === undefined || value === null || value === '' || value === DEFAULT_LOCALE) return DEFAULT_LOCALE;
  if (typeof value !== 'string' || !isLocale(value) || !isTranslatable(resource)) throw new ApiError(400, 'VALIDATION_ERROR', 'Bahasa tidak dikenal.');
  return value;
}

/**
 * A translation's draft as a whole record: the record's shared values as stored (pictures,
 * dates, links), its localized fields from the draft only (an empty one stays empty: never the
 * default language's text), a slug made from the title when none is typed yet.
 */
async function translatedInput(db: Database, resource: ResourceDefinition, recordId: string, input: unknown) {
  const key = resourceKeyOf(resource.path);
  const row = recordId ? await new CollectionStore(db, key).findRow('id', recordId, false) : undefined;
  if (!row) throw notFound('Simpan data ini dulu: versi terjemahan dipratinjau di atas data yang sudah tersimpan.');
  const values: Record<string, unknown> = input && typeof input === 'object' && !Array.isArray(input) ? { ...(input as Record<string, unknown>) } : {};
  const slugField = localizedFields(resource).find(([, field]) => field.kind === 'slug');
  let slug: string | null = null;
  if (slugField) {
    const [name, field] = slugField;
    const typed = typeof values[name] === 'string' ? values[name].trim() : '';
    slug = typed || (field.kind === 'slug' ? slugify(String(values[field.from] ?? ''), field.style) : '') || 'preview';
  }
  return translated(resource, restorableFields(resource, await currentSnapshot(db, key, row)), { slug, values });
}

/** A picture picked in the form but not uploaded yet, as the admin sends it: drawn small, as a data: URL, cleaned like an upload. */
const PICKED_IMAGE = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
/** Picked pictures of one draft, together: the draft is one D1 row, which must stay under 2 MB. */
export const PICKED_IMAGES_MAX_CHARS = 1_500_000;

/**
 * The draft with the pictures picked but not uploaded yet in place of the stored ones: by field
 * (`image`) or list row (`features.2.image`). They live in the draft, so they expire and are
 * dropped on revoke with it, and the page shows them as data: URLs, which the pages' CSP allows.
 */
function withPickedImages(resource: ResourceDefinition, data: Record<string, unknown>, files: unknown) {
  if (files === undefined || files === null) return data;
  if (typeof files !== 'object') throw new ApiError(400, 'VALIDATION_ERROR', 'Gambar pratinjau harus berupa objek { kolom: data URL }.');
  const picked = Object.entries(files).map(([path, url]): [string, string] => {
    if (typeof url !== 'string' || !PICKED_IMAGE.test(url)) throw new ApiError(400, 'VALIDATION_ERROR', `Gambar pratinjau untuk ${path} tidak dapat dibaca: kirim gambar JPG, PNG atau WebP.`);
    return [path, url];
  });
  const total = picked.reduce((sum, [, url]) => sum + url.length, 0);
  if (total > PICKED_IMAGES_MAX_CHARS) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Gambar yang belum diunggah terlalu besar untuk pratinjau (maksimal 1,5 MB bersama-sama). Simpan dulu atau pilih gambar yang lebih kecil.');
  for (const [path, sent] of picked) {
    // The admin's canvas is not trusted to have dropped a photo's position.
    const url = cleanedDataUrl(sent, `pratinjau untuk ${path}`);
    const [name = '', index, key] = path.split('.');
    const field = resource.fields[name];
    const items = data[name];
    if (field?.kind === 'file' && index === undefined) data[name] = url;
    else if (field?.kind === 'list' && key && field.items[key]?.kind === 'file') {
      // A row the schema dropped as blank (a picture alone is not yet a value) is not shown.
      if (Array.isArray(items) && items[Number(index)]) items[Number(index)] = { ...items[Number(index)], [key]: url };
    } else throw new ApiError(400, 'VALIDATION_ERROR', `Kolom ${path} bukan kolom gambar.`);
  }
  return data;
}

export const previewApi = new Hono<AppEnv>()
  .post('/:collection/preview', async (c) => {
    const { resource, who } = editableCollection(c, c.req.param('collection'));
    // A body over the limit is refused before it is read; one that is no JSON object says what is expected.
    const { fields: body } = await readBody(c).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 413) throw error;
      throw new ApiError(400, 'VALIDATION_ERROR', 'Data pratinjau harus berupa JSON: { recordId, data, files, locale }.');
    });
    const recordId = typeof body.recordId === 'string' ? body.recordId : '';
    const locale = draftLocale(resource, body.locale);
    const input = locale === DEFAULT_LOCALE ? body.data : await translatedInput(c.var.db, resource, recordId, body.data);
    const data = withPickedImages(resource, draftOf(resource, input), body.files);
    const preview = await createPreview(c.var.db, { collection: resource.path, recordId, locale, data, createdBy: who.id, createdByName: who.username });
    const url = new URL(`/preview/${preview.token}`, c.req.url).href;
    return ok<PreviewLink>(c, { id: preview.id, url, expiresAt: preview.expiresAt, createdAt: preview.createdAt }, 'Pratinjau dibuat.', 201);
  })
  .get('/:collection/:id/previews', async (c) => {
    const { resource } = editableCollection(c, c.req.param('collection'));
    return ok<OpenPreview[]>(c, await openPreviews(c.var.db, resource.path, c.req.param('id')));
  })
  .delete('/preview/:id', async (c) => {
    const preview = await findPreview(c.var.db, c.req.param('id'));
    if (!preview) throw notFound('Tautan pratinjau tidak ditemukan.');
    editableCollection(c, preview.collection);
    await revokePreview(c.var.db, preview.id);
    return ok(c, null, 'Tautan pratinjau dicabut.');
  });
