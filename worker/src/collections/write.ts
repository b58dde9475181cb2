/**
 * The write pipeline of every collection: validate, generate slugs, check unique values and
 * links, check files, sanitise HTML, hash passwords; only then store the files and write
 * the row, its links and its audit entry in one atomic batch. A refused request writes
 * nothing, and files stored for a batch that then fails are removed again.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { thumbnailPart } from '../contract/api.ts';
import { recordTitle, scheduleFields, type FileField } from '../contract/fields.ts';
import { normalizeSlug, slugify } from '../contract/slug.ts';
import { fieldErrors, hasVisibleContent, inputSchema } from '../contract/validation.ts';
import { sanitizeMetaTags, sanitizeRichText } from '../content/sanitize.ts';
import type { Database } from '../db/client.ts';
import type { RequestBody, Upload } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import type { CollectionStore, Row } from './store.ts';

interface WriteTarget {
  mode: 'create' | 'update';
  id: string;
  existing?: Row;
  /** Refuses a valid write the caller may still not make; runs before any file is stored. */
  guard?: (values: Row, relations: Record<string, string[]>) => void | Promise<void>;
}

const validationError = (errors: { field: string; message: string }[]) =>
  new ApiError(400, 'VALIDATION_ERROR', errors.map((e) => e.message).join(' '), errors);

/**
 * How a write keeps what its row does not hold as given: password hashes, uploaded files and
 * the pictures embedded in rich text. The composition root gives the auth and files features'.
 */
export interface FieldStorage {
  hashPassword(plain: string): Promise<string>;
  /** Refuses an upload the field does not accept (size, type, signature). */
  checkFile(upload: Upload, field: FileField): void;
  /** Stores a record's upload (and its thumbnail) under the collection's folder. */
  putUpload(bucket: R2Bucket, upload: Upload, folder: string, thumbnail: Upload | undefined): Promise<{ path: string; thumbnailUrl?: string }>;
  /** The pictures a rich text embeds as data: URLs, by their address in it. */
  inlineImagesOf(html: string, fieldLabel: string): Map<string, Upload>;
  /** Stores embedded pictures and answers the text pointing at them, with what was stored. */
  storeInlineImages(bucket: R2Bucket, html: string, images: ReadonlyMap<string, Upload>): Promise<{ html: string; stored: string[] }>;
}

export interface WriteDeps {
  db: Database;
  bucket: R2Bucket;
  storage: FieldStorage;
}

/** An unpublish time at or before the publish time would leave the record never public. */
function scheduleOrder({ resource }: CollectionStore, values: Row, existing: Row | undefined) {
  const fields = scheduleFields(resource);
  const publish = fields.find(([, kind]) => kind === 'publish')?.[0];
  const unpublish = fields.find(([, kind]) => kind === 'unpublish')?.[0];
  if (!publish || !unpublish) return [];
  const stored = (name: string) => (values[name] !== undefined ? values[name] : existing?.[name]);
  const [from, to] = [stored(publish), stored(unpublish)];
  if (typeof from !== 'string' || typeof to !== 'string' || Date.parse(to) > Date.parse(from)) return [];
  return [{ field: unpublish, message: `${resource.fields[unpublish]!.label} harus setelah ${resource.fields[publish]!.label}.` }];
}

export async function prepareWrite({ db, bucket, storage }: WriteDeps, store: CollectionStore, body: RequestBody, target: WriteTarget) {
  const { resource } = store;
  const parsed = inputSchema(resource, target.mode).safeParse(body.fields);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  const values: Row = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  const relations: Record<string, string[]> = {};
  const files: Array<[string, FileField, Upload]> = [];
  /** Pictures embedded in rich text as data: URLs, by field: stored as uploads like any other. */
  const inlineImages = new Map<string, Map<string, Upload>>();
  const errors: { field: string; message: string }[] = [];

  for (const [name, field] of Object.entries(resource.fields)) {
    switch (field.kind) {
      case 'slug': {
        const given = typeof values[name] === 'string' ? (values[name]) : undefined;
        const source = values[field.from] ?? target.existing?.[field.from];
        if (given) values[name] = normalizeSlug(given);
        else if (target.mode === 'create' || given === '') values[name] = slugify(String(source ?? ''), field.style);
        if (values[name] === '') errors.push({ field: name, message: `${field.label} wajib diisi.` });
        break;
      }
      case 'richText':
        if (typeof values[name] === 'string') {
          values[name] = sanitizeRichText(values[name]);
          // What survives sanitising is what gets published: a script alone is no content.
          if (field.required && !hasVisibleContent(values[name] as string)) errors.push({ field: name, message: `${field.label} wajib diisi.` });
          const images = storage.inlineImagesOf(values[name] as string, field.label);
          if (images.size) inlineImages.set(name, images);
        }
        break;
      case 'text':
        if (field.format === 'meta-tags' && typeof values[name] === 'string') values[name] = sanitizeMetaTags(values[name]);
        break;
      case 'password':
        if (typeof values[name] === 'string') values.passwordHash = await storage.hashPassword(values[name]);
        delete values[name];
        break;
      case 'relation':
        if (Array.isArray(values[name])) relations[name] = values[name] as string[];
        delete values[name];
        break;
      case 'file': {
        const upload = body.files.get(field.part ?? name) ?? body.files.get(name);
        if (upload) {
          files.push([name, field, upload]);
          delete values[name];
        } else if (typeof values[name] === 'string') {
          values[name] = (values[name]).replace(/^\/(?=uploads\/)/, '');
        }
        const hasFile = upload || values[name] || (values[name] === undefined && target.existing?.[name]);
        if (field.required && !hasFile) errors.push({ field: name, message: `${field.label} wajib diisi.` });
        break;
      }
      default:
        break;
    }
  }
  errors.push(...scheduleOrder(store, values, target.existing));
  if (errors.length) throw validationError(errors);

  // Unique values and links are checked against the database before anything is written.
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = values[name];
    if (field.unique && typeof value === 'string' && value !== '' && (await store.taken(name, value, target.id))) {
      const hint = field.kind === 'slug' ? ' Gunakan slug lain.' : '';
      throw new ApiError(409, 'CONFLICT', `${field.label} "${value}" sudah digunakan.${hint}`, { field: name });
    }
    if (field.kind === 'reference' && typeof value === 'string' && value !== '') {
      if (!(await store.existing(field.to, [value])).has(value)) {
        throw validationError([{ field: name, message: `${field.label} tidak ditemukan.` }]);
      }
    }
    if (field.kind === 'relation' && relations[name]?.length) {
      const found = await store.existing(field.to, relations[name]);
      const missing = relations[name].filter((id) => !found.has(id));
      if (missing.length) throw validationError([{ field: name, message: `${field.label} tidak ditemukan: ${missing.join(', ')}.` }]);
    }
  }
  for (const [, field, upload] of files) storage.checkFile(upload, field);
  await target.guard?.(values, relations);

  const stored: string[] = [];
  for (const [name, field, upload] of files) {
    const result = await storage.putUpload(bucket, upload, store.resource.path, body.files.get(thumbnailPart(field.part ?? name)));
    values[name] = result.path;
    stored.push(result.path);
    if (result.thumbnailUrl) stored.push(result.thumbnailUrl.replace(/^\//, ''));
  }
  for (const [name, images] of inlineImages) {
    const result = await storage.storeInlineImages(bucket, values[name] as string, images);
    values[name] = result.html;
    stored.push(...result.stored);
  }

  const summary = recordTitle(store.resource, { ...target.existing, ...values }, target.id);

  return {
    values,
    summary,
    links: (ownerId: string) => Object.entries(relations).flatMap(([name, ids]) => store.replaceLinks(ownerId, name, ids)),
    async commit(statements: BatchItem<'sqlite'>[]) {
      try {
        await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
      } catch (error) {
        await Promise.all(stored.map((path) => bucket.delete(path)));
        if (error instanceof Error && /UNIQUE constraint failed/i.test(error.message + String(error.cause ?? ''))) {
          throw new ApiError(409, 'CONFLICT', 'Data dengan nilai yang sama sudah ada.');
        }
        throw error;
      }
    },
  };
}
