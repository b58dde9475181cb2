/**
 * Files that no content uses any more. A file uploaded through a record's form or into the
 * rich-text editor belongs to the content that holds it: once no record field, list item or
 * rich-text body anywhere names it, it is removed, so a deleted record's pictures stop being
 * served. Files uploaded in the file manager are the staff's own until they delete them there,
 * and files stored before uploads were marked with their origin are left alone too.
 * Removal happens when a write drops a file (immediately, one query per dropped file) and in an
 * hourly sweep for uploads no write ever used; it moves the file into a trash kept as long as
 * deleted records are, so restoring a record brings its pictures back.
 */
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { resources, type ResourceKey } from '../contract/resources.ts';
import type { Database } from '../db/client.ts';
import { collections, settings, type AnyTable } from '../db/schema.ts';
import type { CronJob } from '../cron/scheduled.ts';
import { THUMBNAIL_SUFFIX } from '../contract/api.ts';
import { UPLOAD_PREFIX } from './storage.ts';
import { DELETED_KEPT_MS } from '../revisions/store.ts';
import { hooksFor, type HookSet } from '../collections/hooks.ts';
import { ApiError } from '../http/errors.ts';

/** Origins whose files are removed once unused. */
const CONTENT_ORIGINS = new Set<string>(['record', 'editor']);

/** An upload's key inside any text: a file field, a list's JSON, an <img src> of rich text. */
const UPLOAD_KEY = /uploads\/[A-Za-z0-9._\-/]+/g;

/** Field kinds whose stored text can name a file. */
const HOLDS_FILES = new Set(['file', 'richText', 'list', 'text']);

/** Every upload key named in the values of a row (or of a row's changed values). */
export function fileKeysIn(key: ResourceKey, values: Record<string, unknown>) {
  const keys = new Set<string>();
  for (const [name, field] of Object.entries(resources[key].fields)) {
    const value = values[name];
    if (!HOLDS_FILES.has(field.kind) || value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    for (const match of text.matchAll(UPLOAD_KEY)) if (match[0].length > UPLOAD_PREFIX.length) keys.add(match[0]);
  }
  return keys;
}

/**
 * One query over every collection: whether any stored text still names `fileKey`. The key is
 * bound once (D1 allows 100 bound parameters) and each column refers to it through `needle`.
 */
async function stillUsed(db: Database, fileKey: string) {
  const selects: SQL[] = [];
  for (const key of Object.keys(resources) as ResourceKey[]) {
    const columns = getTableColumns(collections[key] as unknown as AnyTable);
    const holding = Object.entries(resources[key].fields)
      .filter(([name, field]) => HOLDS_FILES.has(field.kind) && columns[name])
      .map(([name]) => sql`instr(${columns[name]}, needle.key) > 0`);
    if (holding.length) selects.push(sql`exists(select 1 from ${collections[key]}, needle where ${sql.join(holding, sql` or `)})`);
  }
  // D1 allows only a few terms in a compound SELECT, so the tables are ORed, not UNIONed.
  const [row] = await db.all<{ used: number }>(sql`with needle(key) as (select ${fileKey}) select (${sql.join(selects, sql` or `)}) as used`);
  return Number(row?.used ?? 0) === 1;
}

/**
 * Where a released file waits, no longer served, as long as the history that may bring its
 * record back is kept (DELETED_KEPT_MS): restoring a deleted record or an older version puts
 * its files back; after that the trash is emptied.
 */
export const TRASH_PREFIX = 'trash/';

/** Moves one stored object to another key, with its metadata (R2 has no rename). */
async function moveObject(bucket: R2Bucket, from: string, to: string, customMetadata: (kept: Record<string, string>) => Record<string, string>) {
  const object = await bucket.get(from);
  if (!object) return false;
  await bucket.put(to, await object.arrayBuffer(), { httpMetadata: object.httpMetadata, customMetadata: customMetadata(object.customMetadata ?? {}) });
  await bucket.delete(from);
  return true;
}

/**
 * Takes the files among `candidates` that came from content and that nothing names any more
 * off the site, into the trash. Runs after the write that dropped them was stored; a failure
 * here is logged, not reported, since the write itself succeeded.
 */
export async function releaseFiles(db: Database, bucket: R2Bucket, candidates: Iterable<string>) {
  const releasedAt = new Date().toISOString();
  for (const fileKey of candidates) {
    try {
      if (await stillUsed(db, fileKey)) continue;
      const object = await bucket.head(fileKey);
      if (!object || !CONTENT_ORIGINS.has(object.customMetadata?.origin ?? '')) continue;
      // Its preview goes with it.
      for (const key of [fileKey, `${fileKey}${THUMBNAIL_SUFFIX}`]) await moveObject(bucket, key, TRASH_PREFIX + key, (kept) => ({ ...kept, releasedAt }));
    } catch (error) {
      console.error(`could not release ${fileKey}:`, error);
    }
  }
}

/**
 * Puts the files a restored record names back from the trash; answers those that are gone
 * (the trash was emptied, or the file was deleted in the file manager).
 */
export async function bringBackFiles(bucket: R2Bucket, fileKeys: Iterable<string>) {
  const gone: string[] = [];
  for (const fileKey of fileKeys) {
    if (await bucket.head(fileKey)) continue;
    const back = (key: string) => moveObject(bucket, TRASH_PREFIX + key, key, ({ releasedAt: _releasedAt, ...kept }) => kept);
    if (await back(fileKey)) await back(`${fileKey}${THUMBNAIL_SUFFIX}`);
    else gone.push(fileKey);
  }
  return gone;
}

/** Files in the trash looked at per run. */
const TRASH_BATCH = 500;

/** Once an hour: files released longer ago than deleted records are kept are deleted for good. */
export const emptyTrashJob: CronJob = {
  name: 'file trash',
  async run({ env, now }) {
    if (now.getUTCMinutes() !== 37) return;
    const cutoff = now.getTime() - DELETED_KEPT_MS;
    const page = await env.BUCKET.list({ prefix: TRASH_PREFIX, limit: TRASH_BATCH, include: ['customMetadata'] });
    const expired = page.objects.filter((object) => Date.parse(object.customMetadata?.releasedAt ?? '') < cutoff || !object.customMetadata?.releasedAt);
    if (expired.length) await env.BUCKET.delete(expired.map((object) => object.key));
  },
};

/** A picture pasted into the editor may be saved with its text this long after its upload. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** Files looked at per sweep run, to stay far below D1's queries per invocation. */
const SWEEP_BATCH = 200;
const SWEEP_CURSOR = 'uploadSweepCursor';

/**
 * Content uploads that no write ever came to use: pictures put into the editor whose text was
 * never saved, files stored by a write the worker did not finish. Once an hour, the next
 * SWEEP_BATCH stored files (in key order, continuing where the last run stopped) are looked
 * at; those from content, older than a day and named nowhere are removed.
 */
export const unusedUploadsJob: CronJob = {
  name: 'unused uploads',
  async run({ env, db, now }) {
    if (now.getUTCMinutes() !== 23) return;
    const [saved] = await db.select().from(settings).where(eq(settings.key, SWEEP_CURSOR));
    const page = await env.BUCKET.list({
      prefix: UPLOAD_PREFIX,
      limit: SWEEP_BATCH,
      include: ['customMetadata'],
      ...(saved?.value ? { startAfter: saved.value } : {}),
    });
    const abandoned = page.objects.filter(
      (object) => CONTENT_ORIGINS.has(object.customMetadata?.origin ?? '') && now.getTime() - object.uploaded.getTime() > ABANDONED_AFTER_MS,
    );
    await releaseFiles(db, env.BUCKET, abandoned.map((object) => object.key));
    // The next run goes on after this page, or starts over once the end was reached.
    const cursor = page.truncated ? (page.objects.at(-1)?.key ?? '') : '';
    await db
      .insert(settings)
      .values({ key: SWEEP_CURSOR, value: cursor, updatedAt: now.toISOString() })
      .onConflictDoUpdate({ target: settings.key, set: { value: cursor, updatedAt: now.toISOString() } });
  },
};

/** Files a write drops: named by the row before it and not by the values it stores. */
export function droppedFiles(key: ResourceKey, before: Record<string, unknown>, after: Record<string, unknown> | null) {
  const kept = after ? fileKeysIn(key, { ...before, ...after }) : new Set<string>();
  return [...fileKeysIn(key, before)].filter((fileKey) => !kept.has(fileKey));
}

/**
 * A write may name a stored file again by its path (a form kept open, a client that sends back
 * what it read) after another save released it: the file comes back from the trash. A file
 * field naming a file gone for good is refused, since the page would show a broken picture; a
 * restore reports such files itself and goes on without them.
 */
async function keepNamedFiles(key: ResourceKey, bucket: R2Bucket, existing: Record<string, unknown> | undefined, values: Record<string, unknown>, restoring: boolean) {
  const held = fileKeysIn(key, existing ?? {});
  const gone = new Set(await bringBackFiles(bucket, [...fileKeysIn(key, values)].filter((fileKey) => !held.has(fileKey))));
  if (restoring || !gone.size) return;
  const errors = Object.entries(resources[key].fields)
    .filter(([name, field]) => field.kind === 'file' && gone.has(String(values[name])))
    .map(([name, field]) => ({ field: name, message: `File ${field.label} sudah tidak ada. Unggah file lagi.` }));
  if (errors.length) throw new ApiError(400, 'VALIDATION_ERROR', errors.map((e) => e.message).join(' '), errors);
}

/** A write's files are kept served; after an edit or delete is stored, the files it dropped are released. */
export const fileHooks: HookSet = hooksFor(Object.keys(resources) as ResourceKey[], (key) => ({
  async beforeChange({ bucket, existing, values, origin }) {
    await keepNamedFiles(key, bucket, existing, values, origin === 'restore');
  },
  async afterChange({ db, env, existing, values }) {
    if (existing) await releaseFiles(db, env.BUCKET, droppedFiles(key, existing, values));
  },
}));
