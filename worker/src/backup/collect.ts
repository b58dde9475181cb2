/**
 * Reading a whole product into a backup: the same code runs in the worker (D1) and in the
 * local scripts (the D1 file through @libsql/client), both with an R2 bucket binding.
 */
import { UPLOAD_PREFIX } from '../files/storage.ts';
import {
  BACKUP_FORMAT,
  bytesToBase64,
  checksumWith,
  primaryKeyOf,
  rowsChecksum,
  sealSecrets,
  sha256Hex,
  signBackup,
  type Backup,
  type BackupKey,
  type ColumnShape,
  type Row,
  type SealedSecrets,
  type StoredFileEntry,
} from './format.ts';
import { LEFT_OUT_TABLES, SEALED_COLUMNS, SEALED_PLACEHOLDER, SEALED_ROWS, SECRETS_LEFT_OUT } from './policy.ts';

/** Runs one read-only statement and gives its rows as plain objects. */
export type Query = (sql: string) => Promise<Row[]>;

/** Tables of the product: not SQLite's or Cloudflare's own, and not the migration log (the backup records it as `migrations`). */
const isProductTable = (name: string) => !name.startsWith('sqlite_') && !name.startsWith('_cf_') && name !== 'd1_migrations';

export async function productTables(query: Query) {
  const rows = await query("select name from sqlite_master where type = 'table' order by name");
  return rows.map((row) => String(row.name)).filter(isProductTable);
}

/** A table's columns as the database declares them, in table order. */
export async function tableColumns(query: Query, table: string): Promise<ColumnShape[]> {
  const rows = await query(`PRAGMA table_info("${table.replaceAll('"', '""')}")`);
  return rows.map((row) => ({ name: String(row.name), type: String(row.type ?? ''), notNull: Number(row.notnull) === 1, primaryKey: Number(row.pk) }));
}

/** The columns of every product table a backup holds: what a restore checks a file against. */
export async function backedUpSchema(query: Query): Promise<Record<string, ColumnShape[]>> {
  const schema: Record<string, ColumnShape[]> = {};
  for (const name of await productTables(query)) if (!(name in LEFT_OUT_TABLES)) schema[name] = await tableColumns(query, name);
  return schema;
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

/**
 * Takes a table's secrets out of its rows into `secrets`: secret rows whole, secret columns
 * replaced by the placeholder. Answers the rows as a backup may show them.
 */
export function takeSecrets(table: string, rows: Row[], columns: readonly ColumnShape[], secrets: SealedSecrets): Row[] {
  const isSecretRow = SEALED_ROWS[table];
  const secretColumns = SEALED_COLUMNS[table] ?? [];
  const shown: Row[] = [];
  for (const row of rows) {
    if (isSecretRow?.(row)) {
      (secrets.rows[table] ??= []).push(row);
      continue;
    }
    if (secretColumns.length === 0) {
      shown.push(row);
      continue;
    }
    const values = Object.fromEntries(secretColumns.map((column) => [column, row[column] ?? null]));
    (secrets.values[table] ??= {})[primaryKeyOf(row, columns)] = values;
    shown.push({ ...row, ...Object.fromEntries(secretColumns.map((column) => [column, SEALED_PLACEHOLDER])) });
  }
  return shown;
}

const emptySecrets = (): SealedSecrets => ({ values: {}, rows: {} });

/** The secrets of the tables that hold some, as the database has them now. */
export async function currentSecrets(query: Query): Promise<SealedSecrets> {
  const secrets = emptySecrets();
  const tables = await productTables(query);
  for (const name of new Set([...Object.keys(SEALED_COLUMNS), ...Object.keys(SEALED_ROWS)])) {
    if (tables.includes(name)) takeSecrets(name, await query(`select * from "${name}"`), await tableColumns(query, name), secrets);
  }
  return secrets;
}

/**
 * The whole product as a backup: no table of LEFT_OUT_TABLES, secrets sealed under `key`
 * (left out without one), signed with `key` (a plain SHA-256 without one).
 */
export async function collectBackup(query: Query, bucket: R2Bucket, { now, withBodies, key }: { now: Date; withBodies: boolean; key: BackupKey | null }): Promise<Backup> {
  const checksum = checksumWith(key);
  const tables: Backup['tables'] = {};
  const secrets = emptySecrets();
  for (const [name, columns] of Object.entries(await backedUpSchema(query))) {
    const rows = takeSecrets(name, await query(`select * from "${name}" order by rowid`), columns, secrets);
    tables[name] = { count: rows.length, columns, checksum: await rowsChecksum(rows, checksum), rows };
  }
  const leftOut = Object.entries(LEFT_OUT_TABLES).map(([name, reason]) => `table ${name}: ${reason}`);
  return signBackup(
    {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      migrations: await appliedMigrations(query),
      tables,
      files: await storedFiles(bucket, withBodies),
      leftOut: key ? leftOut : [...leftOut, ...SECRETS_LEFT_OUT],
      sealed: key ? await sealSecrets(secrets, key) : null,
    },
    key,
  );
}
