/**
 * Backup and restore outside the worker. Locally: the D1 database file under the state folder
 * through @libsql/client, and the local R2 through wrangler's platform proxy. With `remote`:
 * the production D1 and R2 through wrangler's remote bindings (needs `wrangler login` or
 * CLOUDFLARE_API_TOKEN). Both read and write through the same few calls.
 */
import path from 'node:path';
import { createClient } from '@libsql/client';
import { backedUpSchema, collectBackup, currentSecrets, productTables, type Query } from '../../worker/src/backup/collect.ts';
import {
  base64ToBytes,
  checkAgainstSchema,
  optionalBackupKey,
  primaryKeyOf,
  verifyBackup,
  type Row,
  type SealedSecrets,
  type TableDump,
} from '../../worker/src/backup/format.ts';
import { CLEARED_ON_RESTORE, SEALED_PLACEHOLDER } from '../../worker/src/backup/policy.ts';
import { newId } from '../../worker/src/db/client.ts';
import { UPLOAD_PREFIX } from '../../worker/src/files/storage.ts';
import { localDatabaseFile } from './local-database.ts';
import { knownMigrations, localBackupSecret, offlineEnv, ROOT } from './local.ts';

interface Statement {
  sql: string;
  args: Array<string | number | null>;
}

/** One product's database and bucket, local or remote. */
export interface Target {
  query: Query;
  /** Runs the statements as one transaction where the database allows it. */
  write(statements: Statement[]): Promise<void>;
  bucket: R2Bucket;
  close(): Promise<void>;
}

export async function openTarget({ stateDir, remote = false }: { stateDir: string; remote?: boolean }): Promise<Target> {
  Object.assign(process.env, offlineEnv(stateDir));
  const { getPlatformProxy } = await import('wrangler');
  if (remote) {
    const proxy = await getPlatformProxy<{ DB: D1Database; BUCKET: R2Bucket }>({ configPath: path.join(ROOT, 'wrangler.toml'), remoteBindings: true, environment: undefined });
    const db = proxy.env.DB;
    return {
      query: async (sql) => (await db.prepare(sql).all<Row>()).results,
      // D1 runs a batch as one transaction; its size limits make a large restore several batches.
      write: async (statements) => {
        for (let i = 0; i < statements.length; i += 500) {
          await db.batch(statements.slice(i, i + 500).map(({ sql, args }) => db.prepare(sql).bind(...args)));
        }
      },
      bucket: proxy.env.BUCKET,
      close: () => proxy.dispose(),
    };
  }
  const database = openLocalDatabase(stateDir);
  const proxy = await getPlatformProxy<{ BUCKET: R2Bucket }>({ configPath: path.join(ROOT, 'wrangler.toml'), persist: { path: path.join(stateDir, 'v3') }, remoteBindings: false });
  return {
    ...database,
    bucket: proxy.env.BUCKET,
    close: async () => {
      database.close();
      await proxy.dispose();
    },
  };
}

/** The local D1 database alone, read and written as a SQLite file: no runtime to start. */
export function openLocalDatabase(stateDir: string) {
  const client = createClient({ url: `file:${localDatabaseFile(stateDir)}` });
  return {
    query: (async (sql) => {
      const result = await client.execute(sql);
      return result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i] as Row[string]])));
    }) satisfies Query,
    write: async (statements: Statement[]) => {
      await client.batch(statements, 'write');
    },
    close: () => client.close(),
  };
}

/**
 * The BACKUP_SECRET for a target: the environment's; locally, without one, the state folder's
 * (the one `npm start` gives the worker). Remote without one: null (backups then hold no secrets).
 */
export function backupSecretFor({ stateDir, remote = false }: { stateDir: string; remote?: boolean }) {
  return process.env.BACKUP_SECRET || (remote ? null : localBackupSecret(stateDir));
}

export const makeBackup = (target: Target, secret: string | null, now = new Date()) =>
  optionalBackupKey(secret ?? undefined).then((key) => collectBackup(target.query, target.bucket, { now, withBodies: true, key }));

export interface RestoreOptions {
  /** BACKUP_SECRET: the backup's signature is checked and its secrets opened with it. */
  secret: string | null;
  /** Accept a backup made without BACKUP_SECRET. */
  trustUnsigned?: boolean;
  /** Why the site is rebuilt, as the dashboard shows it. */
  reason: string;
}

/** The rows a restore writes into a table: the backup's, with their secrets put back, and the secret rows. */
function rowsWithSecrets(name: string, table: TableDump, secrets: SealedSecrets): Row[] {
  const hidden = secrets.values[name] ?? {};
  const rows = table.rows.map((row) => ({ ...row, ...hidden[primaryKeyOf(row, table.columns)] }));
  return [...rows, ...(secrets.rows[name] ?? [])];
}

const insertStatement = (table: string, row: Row): Statement => {
  const columns = Object.keys(row);
  return {
    sql: `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    args: columns.map((column) => row[column] ?? null),
  };
};

/**
 * Asks for a site build, as the worker does after a save: a pending request its next request,
 * dashboard read or cron run sends to the builder. One already pending takes the reason.
 */
const rebuildStatements = (reason: string): Statement[] => [
  { sql: "UPDATE site_build SET reason = ? WHERE status = 'pending'", args: [reason] },
  { sql: "INSERT OR IGNORE INTO site_build (id, status, reason, requestedAt, message) VALUES (?, 'pending', ?, ?, '')", args: [newId(), reason, new Date().toISOString()] },
];

/**
 * Puts the database and the stored files back as the backup has them, signs everyone out and
 * asks for a site build. Refuses (BackupRefused), changing nothing, a backup that is damaged,
 * edited, signed with another key, from another schema version, or that does not fit the
 * database's tables.
 */
export async function restoreBackup(target: Target, input: unknown, { secret, trustUnsigned = false, reason }: RestoreOptions) {
  const verified = await verifyBackup(input, { knownMigrations: knownMigrations(), key: await optionalBackupKey(secret ?? undefined), trustUnsigned });
  checkAgainstSchema(verified, await backedUpSchema(target.query));
  const { backup } = verified;
  // A backup without secrets keeps those the database has now (same accounts, same newsletter key).
  const secrets = verified.secrets ?? (await currentSecrets(target.query));

  // Deletes and inserts in one transaction; links between tables hold again at its end.
  const current = await productTables(target.query);
  const statements: Statement[] = [{ sql: 'PRAGMA defer_foreign_keys = ON', args: [] }];
  for (const name of current) if (name in backup.tables || (CLEARED_ON_RESTORE as readonly string[]).includes(name)) statements.push({ sql: `DELETE FROM "${name}"`, args: [] });
  let withoutPassword = 0;
  for (const [name, table] of Object.entries(backup.tables)) {
    for (const row of rowsWithSecrets(name, table, secrets)) {
      if (name === 'user' && row.passwordHash === SEALED_PLACEHOLDER) withoutPassword++;
      statements.push(insertStatement(name, row));
    }
  }
  statements.push(...rebuildStatements(reason));
  await target.write(statements);

  const kept = new Set(backup.files.map((file) => file.key));
  const absent: string[] = [];
  for (const file of backup.files) {
    if (file.body !== undefined) {
      await target.bucket.put(file.key, base64ToBytes(file.body), { httpMetadata: { contentType: file.contentType } });
    } else if (!(await target.bucket.head(file.key))) absent.push(file.key);
  }
  // Only a backup that carries the files themselves may remove files it does not list.
  const complete = backup.files.every((file) => file.body !== undefined);
  let removed = 0;
  if (complete) {
    let cursor: string | undefined;
    const stale: string[] = [];
    do {
      const page = await target.bucket.list({ prefix: UPLOAD_PREFIX, cursor });
      stale.push(...page.objects.map((object) => object.key).filter((key) => !kept.has(key)));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    for (let i = 0; i < stale.length; i += 1000) await target.bucket.delete(stale.slice(i, i + 1000));
    removed = stale.length;
  }
  return {
    tables: Object.keys(backup.tables).length,
    rows: Object.values(backup.tables).reduce((sum, t) => sum + t.count, 0),
    files: backup.files.length,
    removed,
    absent,
    withoutPassword,
    signed: backup.algorithm === 'HMAC-SHA-256',
  };
}
