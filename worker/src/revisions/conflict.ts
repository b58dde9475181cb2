/**
 * No lost edits: a save names the version it started from (the record's `updatedAt`) in
 * `If-Match` or in a `_version` form field (the admin's forms); when the record was saved since, the save is refused with the record as it is
 * now, so the editor can see the other person's changes. A save without `If-Match` overwrites
 * knowingly.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ApiRecord, Row } from '../collections/store.ts';
import { revisions } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import type { RequestBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';

/** The version a client started from, as sent in `If-Match` (quotes and a weak prefix allowed). */
export const startedFrom = (header: string | undefined) => header?.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1') || undefined;

export interface StaleSaveDetails {
  current: ApiRecord;
  savedBy: string;
  savedAt: string;
}

const jakartaTime = (iso: string) =>
  new Date(iso).toLocaleString('id-ID', { timeZone: 'Asia/Jakarta', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }) + ' WIB';

/** The form field a save names its version in; taken out of the body before validation. */
export const VERSION_FIELD = '_version';

export async function refuseStaleSave(c: Context<AppEnv>, collection: string, existing: Row, body: RequestBody, current: () => Promise<ApiRecord>) {
  const field = body.fields[VERSION_FIELD];
  delete body.fields[VERSION_FIELD];
  const expected = startedFrom(c.req.header('if-match') ?? (typeof field === 'string' ? field : undefined));
  if (!expected || expected === existing.updatedAt) return;
  const record = await current();
  const [last] = await c.var.db
    .select({ username: revisions.username })
    .from(revisions)
    .where(and(eq(revisions.collection, collection), eq(revisions.recordId, String(existing.id))))
    .orderBy(desc(revisions.version))
    .limit(1);
  const savedBy = last?.username || 'pengguna lain';
  const savedAt = String(existing.updatedAt);
  const details: StaleSaveDetails = { current: record, savedBy, savedAt };
  throw new ApiError(
    409,
    'CONFLICT',
    `Data ini sudah diubah oleh ${savedBy} pada ${jakartaTime(savedAt)}, setelah Anda mulai mengedit. Lihat perubahannya, lalu simpan ulang atau timpa dengan versi Anda.`,
    details,
  );
}
