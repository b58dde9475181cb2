/**
 * The backup file: every table's rows (with the shape of its columns) and a manifest of the
 * stored files, signed with HMAC-SHA-256 under a key derived from BACKUP_SECRET, so a restore
 * takes only a file that its holder made and nobody changed since. The secrets a restore needs
 * are sealed with AES-GCM under a second key derived from it. Made without BACKUP_SECRET, a
 * backup carries a plain SHA-256 (damage shows, forgery does not) and no secrets at all.
 *
 * The same format comes from the daily Cron Trigger (files listed, their bodies stay in R2) and
 * from `npm run backup` (files listed with their bodies, so a wiped bucket comes back too).
 */
import * as z from '../contract/zod.ts';
import type { BackupSummary } from '../contract/api.ts';
import { LEFT_OUT_TABLES, SEALED_COLUMNS, SEALED_ROWS, type Row } from './policy.ts';

export const BACKUP_FORMAT = 'waste-cms-backup/2';

const cell = z.union([z.string(), z.number(), z.null()]);
export type { Row };

const columnShape = z.strictObject({ name: z.string(), type: z.string(), notNull: z.boolean(), primaryKey: z.number().int() });
export type ColumnShape = z.infer<typeof columnShape>;

const tableDump = z.strictObject({
  count: z.number().int().min(0),
  columns: z.array(columnShape),
  /** Of the rows as JSON, with the backup's algorithm. */
  checksum: z.string(),
  rows: z.array(z.record(z.string(), cell)),
});
export type TableDump = z.infer<typeof tableDump>;

const storedFileEntry = z.strictObject({
  key: z.string(),
  size: z.number().int().min(0),
  contentType: z.string(),
  /** R2's etag (the MD5 of a single-part upload): what the daily backup can check without reading the file. */
  etag: z.string(),
  /** Present with `body`: the SHA-256 of the bytes. */
  sha256: z.string().optional(),
  /** Base64 bytes, in backups made by `npm run backup`. */
  body: z.string().optional(),
});
export type StoredFileEntry = z.infer<typeof storedFileEntry>;

export const CHECKSUM_ALGORITHMS = ['HMAC-SHA-256', 'SHA-256'] as const;

const backupFile = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  /** The migrations applied to the database it came from, oldest first: its schema version is the last. */
  migrations: z.array(z.string()),
  tables: z.record(z.string(), tableDump),
  files: z.array(storedFileEntry),
  /** What the backup does not hold, and why. */
  leftOut: z.array(z.string()),
  /** The secrets a restore needs (SealedSecrets as JSON), AES-GCM; null when made without BACKUP_SECRET. */
  sealed: z.strictObject({ iv: z.string(), data: z.string() }).nullable(),
  /** HMAC-SHA-256 under BACKUP_SECRET's checksum key, or SHA-256 when made without it. */
  algorithm: z.enum(CHECKSUM_ALGORITHMS),
  /** Of everything above except rows and file bodies, which their own checksums cover. */
  checksum: z.string(),
});
export type Backup = z.infer<typeof backupFile>;

/** Secrets taken out of the rows before they are written, sealed in `Backup.sealed`. */
const sealedSecrets = z.strictObject({
  /** Secret column values by table, then by the row's primary key (its values as JSON). */
  values: z.record(z.string(), z.record(z.string(), z.record(z.string(), cell))),
  /** Secret rows, whole, by table. */
  rows: z.record(z.string(), z.array(z.record(z.string(), cell))),
});
export type SealedSecrets = z.infer<typeof sealedSecrets>;

const encoder = new TextEncoder();
const bytesOf = (data: string | Uint8Array) => (typeof data === 'string' ? encoder.encode(data) : data) as Uint8Array<ArrayBuffer>;
const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(data: string | Uint8Array) {
  return hex(await crypto.subtle.digest('SHA-256', bytesOf(data)));
}

export const base64ToBytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

export function bytesToBase64(bytes: Uint8Array) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The two keys derived from BACKUP_SECRET: one signs the file, the other seals its secrets. */
export interface BackupKey {
  mac: CryptoKey;
  seal: CryptoKey;
}

export const MIN_SECRET_LENGTH = 16;

export async function backupKey(secret: string): Promise<BackupKey> {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`BACKUP_SECRET is too short: use at least ${MIN_SECRET_LENGTH} random characters.`);
  const base = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  const derive = (info: string, algorithm: SubtleCryptoImportKeyAlgorithm, usages: string[]) =>
    crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(BACKUP_FORMAT), info: encoder.encode(info) }, base, algorithm, false, usages);
  return {
    mac: await derive('checksum', { name: 'HMAC', hash: 'SHA-256', length: 256 }, ['sign']),
    seal: await derive('seal', { name: 'AES-GCM', length: 256 }, ['encrypt', 'decrypt']),
  };
}

/** The backup key of an optional secret: null without one. */
export const optionalBackupKey = (secret: string | undefined) => (secret ? backupKey(secret) : Promise.resolve(null));

export type Checksum = (data: string | Uint8Array) => Promise<string>;

/** HMAC-SHA-256 with the key, plain SHA-256 without one. */
export const checksumWith =
  (key: BackupKey | null): Checksum =>
  async (data) =>
    key ? hex(await crypto.subtle.sign('HMAC', key.mac, bytesOf(data))) : sha256Hex(data);

export const rowsChecksum = (rows: Row[], checksum: Checksum) => checksum(JSON.stringify(rows));

/** The primary key of a row as one string: its primary-key columns' values, in key order, as JSON. */
export const primaryKeyOf = (row: Row, columns: readonly ColumnShape[]) =>
  JSON.stringify(
    columns
      .filter((column) => column.primaryKey > 0)
      .sort((a, b) => a.primaryKey - b.primaryKey)
      .map((column) => row[column.name] ?? null),
  );

export async function sealSecrets(secrets: SealedSecrets, key: BackupKey): Promise<NonNullable<Backup['sealed']>> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key.seal, encoder.encode(JSON.stringify(secrets)));
  return { iv: bytesToBase64(iv), data: bytesToBase64(new Uint8Array(data)) };
}

type Unsigned = Omit<Backup, 'checksum' | 'algorithm'>;

function signedPart(backup: Omit<Backup, 'checksum'>) {
  return JSON.stringify({
    format: backup.format,
    createdAt: backup.createdAt,
    migrations: backup.migrations,
    tables: Object.fromEntries(Object.entries(backup.tables).map(([name, table]) => [name, { count: table.count, columns: table.columns, checksum: table.checksum }])),
    files: backup.files.map(({ body: _body, ...entry }) => entry),
    leftOut: backup.leftOut,
    sealed: backup.sealed,
    algorithm: backup.algorithm,
  });
}

/** Adds the checksum over the manifest; the tables' own checksums must have been made with the same key. */
export async function signBackup(backup: Unsigned, key: BackupKey | null): Promise<Backup> {
  const signed = { ...backup, algorithm: key ? ('HMAC-SHA-256' as const) : ('SHA-256' as const) };
  return { ...signed, checksum: await checksumWith(key)(signedPart(signed)) };
}

/** A backup a restore refuses; its message says what is wrong, and that nothing was changed. */
export class BackupRefused extends Error {}

const refuse = (reason: string): never => {
  throw new BackupRefused(`${reason} Nothing was restored.`);
};

export interface VerifyOptions {
  /** The migrations the restoring code knows, oldest first. */
  knownMigrations: readonly string[];
  /** From BACKUP_SECRET; null when it is not set. */
  key: BackupKey | null;
  /** Accept a backup made without BACKUP_SECRET (its origin cannot be checked). */
  trustUnsigned?: boolean;
}

export interface VerifiedBackup {
  backup: Backup;
  /** The sealed secrets, opened; null when the backup was made without BACKUP_SECRET. */
  secrets: SealedSecrets | null;
}

/**
 * Checks a parsed backup file before a restore touches anything: its format, its schema
 * version, its signature, every table's and file's checksum, and its sealed secrets. Throws
 * BackupRefused saying what is wrong.
 */
export async function verifyBackup(input: unknown, { knownMigrations, key, trustUnsigned = false }: VerifyOptions): Promise<VerifiedBackup> {
  const format = (input as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) refuse(`Not a backup of this product (format ${JSON.stringify(format ?? null)}, expected ${BACKUP_FORMAT}).`);
  const parsed = backupFile.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    refuse(`Not a backup of this product: ${issue.path.join('.') || 'the file'}: ${issue.message}.`);
  }
  const backup = parsed.data!;

  const unknown = backup.migrations.filter((name) => !knownMigrations.includes(name));
  if (unknown.length > 0) {
    refuse(`This backup comes from a newer schema (${backup.migrations.length} migrations; this code knows ${knownMigrations.length} and not ${unknown.join(', ')}). Update the code to that version first, then restore.`);
  }
  const older = knownMigrations.slice(0, backup.migrations.length);
  if (backup.migrations.length !== knownMigrations.length || older.some((name, i) => name !== backup.migrations[i])) {
    refuse(`This backup comes from an older schema (${backup.migrations.at(-1) ?? 'none'}; this code is at ${knownMigrations.at(-1)}). Restore it with the code of that version, then upgrade with the migrations.`);
  }

  if (backup.algorithm === 'SHA-256') {
    if (!trustUnsigned) refuse('This backup was made without BACKUP_SECRET, so nothing shows who made it. Restore it only if you know where it comes from, with --trust-unsigned.');
  } else if (!key) {
    refuse('This backup is signed with BACKUP_SECRET: set BACKUP_SECRET to the value it was made with.');
  }
  const checksum = checksumWith(backup.algorithm === 'SHA-256' ? null : key);
  if ((await checksum(signedPart(backup))) !== backup.checksum) {
    refuse(
      backup.algorithm === 'SHA-256'
        ? 'The backup was changed after it was made (its checksum does not match).'
        : 'The backup was changed after it was made, or made with another BACKUP_SECRET (its HMAC does not match).',
    );
  }
  for (const [name, table] of Object.entries(backup.tables)) {
    if (table.rows.length !== table.count || (await rowsChecksum(table.rows, checksum)) !== table.checksum) {
      refuse(`Table ${name} was changed after the backup was made (its checksum does not match).`);
    }
  }
  for (const file of backup.files) {
    if (file.body === undefined) continue;
    const bytes = base64ToBytes(file.body);
    if (bytes.length !== file.size || (await sha256Hex(bytes)) !== file.sha256) refuse(`File ${file.key} was changed after the backup was made (its checksum does not match).`);
  }
  return { backup, secrets: backup.sealed && key ? await openSecrets(backup.sealed, key) : null };
}

async function openSecrets(sealed: NonNullable<Backup['sealed']>, key: BackupKey): Promise<SealedSecrets> {
  let text: string;
  try {
    text = new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: base64ToBytes(sealed.iv) }, key.seal, base64ToBytes(sealed.data)));
  } catch {
    return refuse('The sealed secrets of this backup do not open with this BACKUP_SECRET.');
  }
  const parsed = sealedSecrets.safeParse(JSON.parse(text));
  if (!parsed.success) return refuse('The sealed secrets of this backup are not in the expected form.');
  return parsed.data;
}

const fitsType = (value: string | number | null, type: string) => {
  if (value === null) return true;
  switch (type.toUpperCase()) {
    case 'INTEGER':
      return typeof value === 'number' && Number.isInteger(value);
    case 'REAL':
      return typeof value === 'number';
    case 'TEXT':
      return typeof value === 'string';
    default:
      return true;
  }
};

const describeColumns = (columns: readonly ColumnShape[]) =>
  columns.map((column) => `${column.name} ${column.type || 'ANY'}${column.notNull ? ' NOT NULL' : ''}${column.primaryKey ? ' PK' : ''}`).join(', ');

/** Why rows do not fit a table's columns, or null: every column present and no other, values of the column's type, primary keys present and unique. */
function rowsProblem(table: string, rows: readonly Row[], columns: readonly ColumnShape[]) {
  const names = new Set(columns.map((column) => column.name));
  const keys = new Set<string>();
  const hasKey = columns.some((column) => column.primaryKey > 0);
  for (const [index, row] of rows.entries()) {
    const where = `Table ${table}, row ${index + 1}`;
    const extra = Object.keys(row).filter((name) => !names.has(name));
    if (extra.length) return `${where} has column ${extra.join(', ')}, which the table does not have.`;
    for (const column of columns) {
      if (!(column.name in row)) return `${where} lacks column ${column.name}.`;
      const value = row[column.name]!;
      if (!fitsType(value, column.type)) return `${where}: ${column.name} is ${JSON.stringify(value)}, not ${column.type}.`;
      if (value === null && (column.notNull || column.primaryKey > 0)) return `${where}: ${column.name} is empty, and the table requires it.`;
    }
    if (!hasKey) continue;
    const key = primaryKeyOf(row, columns);
    if (keys.has(key)) return `${where} repeats the primary key ${key}.`;
    keys.add(key);
  }
  return null;
}

/**
 * Checks a verified backup against the database it will be restored into (`live`: each product
 * table's columns as the database reports them): the same tables, none the backup must never
 * hold, the same columns and keys, rows of that shape, and sealed secrets only where secrets
 * belong. Throws BackupRefused saying what is wrong.
 */
export function checkAgainstSchema({ backup, secrets }: VerifiedBackup, live: Readonly<Record<string, readonly ColumnShape[]>>) {
  for (const [name, table] of Object.entries(backup.tables)) {
    if (name in LEFT_OUT_TABLES) refuse(`Table ${name} never belongs in a backup (${LEFT_OUT_TABLES[name]}).`);
    const columns = live[name];
    if (!columns) refuse(`The backup has table ${name}, which this database does not have.`);
    if (JSON.stringify(table.columns) !== JSON.stringify(columns)) {
      refuse(`Table ${name} has other columns in the backup (${describeColumns(table.columns)}) than in this database (${describeColumns(columns!)}).`);
    }
    const problem = rowsProblem(name, table.rows, columns!);
    if (problem) refuse(problem);
  }
  const missing = Object.keys(live).filter((name) => !(name in backup.tables) && !(name in LEFT_OUT_TABLES));
  if (missing.length) refuse(`The backup has no table ${missing.join(', ')}, which this database has.`);
  if (!secrets) return;
  for (const [name, byKey] of Object.entries(secrets.values)) {
    const allowed = SEALED_COLUMNS[name] ?? [];
    const stray = Object.values(byKey).flatMap((values) => Object.keys(values).filter((column) => !allowed.includes(column)));
    if (stray.length) refuse(`The sealed secrets hold ${name}.${stray[0]}, which is not a secret column.`);
  }
  for (const [name, rows] of Object.entries(secrets.rows)) {
    const belongs = SEALED_ROWS[name];
    if (!belongs || !rows.every(belongs)) refuse(`The sealed secrets hold rows of ${name} that are not secrets.`);
    // Put back beside the table's other rows, they must fit it and not repeat their keys.
    const problem = rowsProblem(name, [...(backup.tables[name]?.rows ?? []), ...rows], live[name] ?? []);
    if (problem) refuse(problem);
  }
}

export const summarize = (backup: Backup, key: string, size: number): BackupSummary => ({
  key,
  createdAt: backup.createdAt,
  size,
  schema: backup.migrations.at(-1) ?? '',
  rows: Object.values(backup.tables).reduce((sum, table) => sum + table.count, 0),
  files: backup.files.length,
  signed: backup.algorithm === 'HMAC-SHA-256',
});
