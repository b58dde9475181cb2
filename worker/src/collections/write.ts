/**
 * The write pipeline of every collection: validate, put each value in its stored form
 * (stored-forms.ts), check unique values, links and files; only then store the files and write
 * the row, its links and its audit entry in one atomic batch. A refused request writes
 * nothing, and files stored for a batch that then fails are removed again.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { thumbnailPart } from '../contract/api.ts';
import { recordTitle } from '../contract/fields.ts';
import { fieldErrors, inputSchema } from '../contract/validation.ts';
import type { Database } from '../db/client.ts';
import type { RequestBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import type { CollectionStore, Row } from './store.ts';
import { storedFormOf, type FieldStorage, type PreparedWrite, type WriteTarget } from './stored-forms.ts';

const validationError = (errors: { field: string; message: string }[]) =>
  new ApiError(400, 'VALIDATION_ERROR', errors.map((e) => e.message).join(' '), errors);

export interface WriteDeps {
  db: Database;
  bucket: R2Bucket;
  storage: FieldStorage;
}

/**
 * A time that must come after another (an unpublish after its publish, an event's end after its
 * start) is refused at or before it: the record would never be public, or the event would end
 * before it began. The other time is the one sent, else the stored one.
 */
function timeOrder({ resource }: CollectionStore, values: Row, existing: Row | undefined) {
  const stored = (name: string) => (values[name] !== undefined ? values[name] : existing?.[name]);
  return Object.entries(resource.fields).flatMap(([name, field]) => {
    if (field.kind !== 'timestamp' || !field.after) return [];
    const [from, to] = [stored(field.after), stored(name)];
    if (typeof from !== 'string' || typeof to !== 'string' || Date.parse(to) > Date.parse(from)) return [];
    return [{ field: name, message: `${field.label} harus setelah ${resource.fields[field.after]!.label}.` }];
  });
}

export async function prepareWrite({ db, bucket, storage }: WriteDeps, store: CollectionStore, body: RequestBody, target: WriteTarget) {
  const { resource } = store;
  const parsed = inputSchema(resource, target.mode).safeParse(body.fields);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  const prepared: PreparedWrite = {
    values: Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
    relations: {},
    files: [],
    inlineImages: new Map(),
    errors: [],
  };
  for (const [name, field] of Object.entries(resource.fields)) await storedFormOf(field)?.({ name, field, target, body, storage, write: prepared });
  const { values, relations, files, inlineImages, errors } = prepared;
  errors.push(...timeOrder(store, values, target.existing));
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
