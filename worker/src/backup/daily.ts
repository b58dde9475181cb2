/**
 * The daily backup in R2: after 02:00 in Jakarta, if today's copy is missing, every table and
 * the manifest of stored files go to `backups/daily/<date>.json`; the first of each month is kept
 * as `backups/monthly/<month>.json` too. The newest 30 daily and 12 monthly copies stay.
 */
import { Hono, type Context } from 'hono';
import { auditStatement } from '../audit/log.ts';
import { confirmPassword } from '../auth/confirm.ts';
import { requireReadable } from '../auth/guard.ts';
import { holdsEverything } from '../auth/permissions.ts';
import type { CronJob } from '../cron/scheduled.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, ok } from '../http/errors.ts';
import { collectBackup, type Query } from './collect.ts';
import type { BackupSummary } from '../contract/api.ts';
import { BACKUP_FORMAT, optionalBackupKey, summarize } from './format.ts';

export const BACKUP_HOUR = 2;
export const TIME_ZONE = 'Asia/Jakarta';
export const DAILY_PREFIX = 'backups/daily/';
export const MONTHLY_PREFIX = 'backups/monthly/';
export const KEEP_DAILY = 30;
export const KEEP_MONTHLY = 12;

const localTime = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });

/** The calendar date (YYYY-MM-DD) and hour in Jakarta. */
export function jakartaClock(now: Date) {
  const parts = Object.fromEntries(localTime.formatToParts(now).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

export const d1Query =
  (db: D1Database): Query =>
  async (sql) =>
    (await db.prepare(sql).all<Record<string, string | number | null>>()).results;

async function keysUnder(bucket: R2Bucket, prefix: string) {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  // Dated names: their order is their age.
  return keys.sort();
}

/** Deletes all but the newest `keep` copies under `prefix`. */
async function prune(bucket: R2Bucket, prefix: string, keep: number) {
  const stale = (await keysUnder(bucket, prefix)).slice(0, -keep);
  if (stale.length) await bucket.delete(stale);
}

/** A stored copy made by this code's format; an older one (which held secrets in the clear) is made again. */
const isCurrent = (head: R2Object | null) => head?.customMetadata?.format === BACKUP_FORMAT;

/**
 * Makes today's backup if it is due and missing; returns its key, or null when there was
 * nothing to do. `secret` (BACKUP_SECRET) signs it and seals its secrets; without it they are left out.
 */
export async function runDailyBackup(bucket: R2Bucket, query: Query, now: Date, secret?: string) {
  const { date, hour } = jakartaClock(now);
  if (hour < BACKUP_HOUR) return null;
  const dailyKey = `${DAILY_PREFIX}${date}.json`;
  if (isCurrent(await bucket.head(dailyKey))) return null;
  const backup = await collectBackup(query, bucket, { now, withBodies: false, key: await optionalBackupKey(secret) });
  const body = JSON.stringify(backup);
  const summary = summarize(backup, dailyKey, new TextEncoder().encode(body).length);
  const options: R2PutOptions = {
    httpMetadata: { contentType: 'application/json' },
    customMetadata: { format: BACKUP_FORMAT, ...Object.fromEntries(Object.entries(summary).map(([key, value]) => [key, String(value)])) },
  };
  await bucket.put(dailyKey, body, options);
  const monthlyKey = `${MONTHLY_PREFIX}${date.slice(0, 7)}.json`;
  if (!isCurrent(await bucket.head(monthlyKey))) await bucket.put(monthlyKey, body, options);
  await prune(bucket, DAILY_PREFIX, KEEP_DAILY);
  await prune(bucket, MONTHLY_PREFIX, KEEP_MONTHLY);
  return dailyKey;
}

export const dailyBackupJob: CronJob = {
  name: 'daily backup',
  run: async ({ env, now }) => {
    await runDailyBackup(env.BUCKET, d1Query(env.DB), now, env.BACKUP_SECRET);
  },
};

/** The newest daily backup's summary, from its metadata (the file itself is not read). */
export async function latestBackup(bucket: R2Bucket): Promise<BackupSummary | null> {
  const key = (await keysUnder(bucket, DAILY_PREFIX)).at(-1);
  const head = key ? await bucket.head(key) : null;
  if (!head) return null;
  const meta = head.customMetadata ?? {};
  return {
    key: head.key,
    createdAt: meta.createdAt ?? head.uploaded.toISOString(),
    size: head.size,
    schema: meta.schema ?? '',
    rows: Number(meta.rows ?? 0),
    files: Number(meta.files ?? 0),
    signed: meta.signed === 'true',
  };
}

/**
 * The newest backup as a file to keep elsewhere: a Super Admin's action, confirmed with their
 * password (POST `{ password }`), and written to the audit log.
 */
async function downloadLatest(c: Context<AppEnv>) {
  if (!holdsEverything(c.var.user!)) throw new ApiError(403, 'FORBIDDEN', 'Hanya Super Admin yang dapat mengunduh cadangan.');
  const password = c.req.method === 'POST' ? (await readBody(c)).fields.password : undefined;
  const who = await confirmPassword(c, password);
  const latest = await latestBackup(c.env.BUCKET);
  const object = latest ? await c.env.BUCKET.get(latest.key) : null;
  if (!latest || !object) throw new ApiError(404, 'NOT_FOUND', 'Belum ada cadangan.');
  await auditStatement(c.var.db, who, 'download', 'backup', null, latest.key);
  return new Response(object.body, {
    headers: {
      'content-type': 'application/json',
      'content-length': String(object.size),
      'content-disposition': `attachment; filename="waste-cms-backup-${latest.key.slice(DAILY_PREFIX.length)}"`,
      'cache-control': 'no-store',
    },
  });
}

export const backupRoutes = new Hono<AppEnv>()
  .use(requireReadable('backup'))
  .get('/', async (c) => ok(c, await latestBackup(c.env.BUCKET)))
  // A GET carries no password: it is refused, saying what is needed.
  .get('/latest', downloadLatest)
  .post('/latest', downloadLatest);
