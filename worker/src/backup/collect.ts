/**
 * Reading a whole product into a backup: the same code runs in the worker (D1) and in the
 * local scripts (the D1 file through @libsql/client), both with an R2 bucket binding.
 */
import { UPLOAD_PREFIX } from '../files/storage.ts';
import { bytesToBase64, dumpTable, seal, sha256Hex, type Backup, type Row, type StoredFileEntry } from './format.ts';

/** Runs one read-only statement and gives its rows as plain objects. */
export type Query = (sql: string) => Promise<Row[]>;

/** Tables of the product: not SQLite's or Cloudflare's own, and not the migration log (the backup records it as `migrations`). */
const isProductTable = (name: string) => !name.startsWith('sqlite_') && !name.startsWith('_cf_') && name !== 'd1_migrations';

export async function productTables(query: Query) {
  const rows = await query("select name from sqlite_master where type = 'table' order by name");
  return rows.map((row) => String(row.name)).filter(isProductTable);
}

export async function appliedMigrations(query: Query) {
  return (await query('select name from d1_migrations order by id')).map((row) => String(row.name));
}

/** Every stored file (the upload area), with its size, type and etag; with `withBodies`, its bytes and SHA-256 too. */
export async function storedFiles(bucket: R2Bucket, withBodies: boolean): Promise<StoredFileEntry[]> {
  const files: StoredFileEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: UPLOAD_PREFIX, cursor, include: ['httpMetadata'] });
    for (const object of page.objects) {
      const entry: StoredFileEntry = { key: object.key, size: object.size, contentType: object.httpMetadata?.contentType ?? '', etag: object.etag };
      if (withBodies) {
        const body = await bucket.get(object.key);
        if (!body) continue; // deleted while we listed
        const bytes = new Uint8Array(await body.arrayBuffer());
        Object.assign(entry, { size: bytes.length, sha256: await sha256Hex(bytes), body: bytesToBase64(bytes) });
      }
      files.push(entry);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return files.sort((a, b) => a.key.localeCompare(b.key));
}

export async function collectBackup(query: Query, bucket: R2Bucket, { now, withBodies }: { now: Date; withBodies: boolean }): Promise<Backup> {
  const tables: Backup['tables'] = {};
  for (const name of await productTables(query)) tables[name] = await dumpTable(await query(`select * from "${name}" order by rowid`));
  return seal({ format: 'waste-cms-backup/1', createdAt: now.toISOString(), migrations: await appliedMigrations(query), tables, files: await storedFiles(bucket, withBodies) });
}
