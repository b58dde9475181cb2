/**
 * The backup file: every table's rows and a manifest of the stored files, sealed with SHA-256
 * checksums so a restore can tell a damaged or edited file before it changes anything. The
 * same format comes from the daily Cron Trigger (files listed, their bodies stay in R2) and from
 * `npm run backup` (files listed with their bodies, so a wiped bucket comes back too).
 */
import type { BackupSummary } from '../contract/api.ts';

export const BACKUP_FORMAT = 'waste-cms-backup/1';

export type Row = Record<string, string | number | null>;

export interface TableDump {
  count: number;
  sha256: string;
  rows: Row[];
}

export interface StoredFileEntry {
  key: string;
  size: number;
  contentType: string;
  /** R2's etag (the MD5 of a single-part upload): what the daily backup can check without reading the file. */
  etag: string;
  /** Present with `body`: the SHA-256 of the bytes. */
  sha256?: string;
  /** Base64 bytes, in backups made by `npm run backup`. */
  body?: string;
}

export interface Backup {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The migrations applied to the database it came from, oldest first: its schema version is the last. */
  migrations: string[];
  tables: Record<string, TableDump>;
  files: StoredFileEntry[];
  /** SHA-256 of everything above except rows and bodies, which their own checksums cover. */
  sha256: string;
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(data: string | Uint8Array) {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return hex(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

export const tableChecksum = (rows: Row[]) => sha256Hex(JSON.stringify(rows));

function sealedPart(backup: Omit<Backup, 'sha256'>) {
  return JSON.stringify({
    format: backup.format,
    createdAt: backup.createdAt,
    migrations: backup.migrations,
    tables: Object.fromEntries(Object.entries(backup.tables).map(([name, table]) => [name, { count: table.count, sha256: table.sha256 }])),
    files: backup.files.map(({ body: _body, ...entry }) => entry),
  });
}

export async function dumpTable(rows: Row[]): Promise<TableDump> {
  return { count: rows.length, sha256: await tableChecksum(rows), rows };
}

export async function seal(backup: Omit<Backup, 'sha256'>): Promise<Backup> {
  return { ...backup, sha256: await sha256Hex(sealedPart(backup)) };
}

export const base64ToBytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

export function bytesToBase64(bytes: Uint8Array) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Why this file must not be restored by code that knows `knownMigrations`, or null when it can.
 * Checks everything before a restore touches anything.
 */
export async function backupProblem(backup: Backup, knownMigrations: readonly string[]): Promise<string | null> {
  if (backup?.format !== BACKUP_FORMAT) return `Not a backup of this product (format ${JSON.stringify(backup?.format ?? null)}, expected ${BACKUP_FORMAT}).`;
  const unknown = backup.migrations.filter((name) => !knownMigrations.includes(name));
  if (unknown.length > 0) {
    return `This backup comes from a newer schema (${backup.migrations.length} migrations; this code knows ${knownMigrations.length} and not ${unknown.join(', ')}). Update the code to that version first, then restore.`;
  }
  const older = knownMigrations.slice(0, backup.migrations.length);
  if (backup.migrations.length !== knownMigrations.length || older.some((name, i) => name !== backup.migrations[i])) {
    return `This backup comes from an older schema (${backup.migrations.at(-1) ?? 'none'}; this code is at ${knownMigrations.at(-1)}). Restore it with the code of that version, then upgrade with the migrations.`;
  }
  if ((await sha256Hex(sealedPart(backup))) !== backup.sha256) return 'The backup was changed after it was made (its checksum does not match): nothing was restored.';
  for (const [name, table] of Object.entries(backup.tables)) {
    if (table.rows.length !== table.count || (await tableChecksum(table.rows)) !== table.sha256) return `Table ${name} was changed after the backup was made (its checksum does not match): nothing was restored.`;
  }
  for (const file of backup.files) {
    if (file.body === undefined) continue;
    const bytes = base64ToBytes(file.body);
    if (bytes.length !== file.size || (await sha256Hex(bytes)) !== file.sha256) return `File ${file.key} was changed after the backup was made (its checksum does not match): nothing was restored.`;
  }
  return null;
}

export const summarize = (backup: Backup, key: string, size: number): BackupSummary => ({
  key,
  createdAt: backup.createdAt,
  size,
  schema: backup.migrations.at(-1) ?? '',
  rows: Object.values(backup.tables).reduce((sum, table) => sum + table.count, 0),
  files: backup.files.length,
});
