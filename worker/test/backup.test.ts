/**
 * Backups: `npm run backup` -> wipe -> `npm run restore` gives back every table and every stored
 * file; a tampered or newer-schema file is refused without changing anything; the daily Cron
 * Trigger writes a backup the dashboard shows and admins can download; retention keeps 30
 * daily and 12 monthly copies.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { knownMigrations, makeBackup, openTarget, type Target } from '../../scripts/lib/backup.ts';
import { migrate, offlineEnv, ROOT, seedIfEmpty } from '../../scripts/lib/local.ts';
import { productTables } from '../src/backup/collect.ts';
import { DAILY_PREFIX, KEEP_DAILY, KEEP_MONTHLY, MONTHLY_PREFIX, runDailyBackup } from '../src/backup/daily.ts';
import { backupProblem, seal, type Backup } from '../src/backup/format.ts';
import type { BackupSummary, DashboardSummary } from '../src/contract/api.ts';
import { asAdmin, Client } from './client.ts';

const state = mkdtempSync(path.join(tmpdir(), 'cms-backup-'));
const files = path.join(state, 'files');

/** Runs `npm run backup|restore` as a user would (the scripts behind them), on this test's state folder. */
function cli(script: 'backup' | 'restore', args: string[]) {
  const result = spawnSync(process.execPath, [path.join(ROOT, `scripts/${script}.ts`), ...args], {
    cwd: ROOT,
    env: { ...offlineEnv(state), STATE_DIR: state },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** What identifies the product's content: each table's row count and checksum, each file's size and checksum. */
async function fingerprint() {
  const target = await openTarget({ stateDir: state });
  try {
    const backup = await makeBackup(target);
    return {
      tables: Object.fromEntries(Object.entries(backup.tables).map(([name, table]) => [name, { count: table.count, sha256: table.sha256 }])),
      files: backup.files.map(({ key, size, sha256, contentType }) => ({ key, size, sha256, contentType })),
    };
  } finally {
    await target.close();
  }
}

async function withTarget<T>(work: (target: Target) => Promise<T>) {
  const target = await openTarget({ stateDir: state });
  try {
    return await work(target);
  } finally {
    await target.close();
  }
}

async function wipe() {
  await withTarget(async (target) => {
    const tables = await productTables(target.query);
    await target.write(tables.map((name) => ({ sql: `DELETE FROM "${name}"`, args: [] })));
    const listed = await target.bucket.list({ prefix: 'uploads/' });
    await target.bucket.delete(listed.objects.map((object) => object.key));
  });
}

const backupFile = (name: string) => path.join(files, name);
const readBackup = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Backup;

beforeAll(async () => {
  migrate(state);
  await seedIfEmpty(state);
}, 180_000);
afterAll(() => rmSync(state, { recursive: true, force: true }));

// Each step starts wrangler's platform proxy and a CLI run: seconds each on a busy machine.
describe('npm run backup and npm run restore', { timeout: 240_000 }, () => {
  it('bring back every table and every stored file after a wipe', async () => {
    const before = await fingerprint();
    expect(Object.values(before.tables).some((table) => table.count > 0)).toBe(true);
    expect(before.files.length).toBeGreaterThan(0);

    const made = cli('backup', ['--out', backupFile('seeded.json')]);
    expect(made.status, made.output).toBe(0);
    expect(made.output).toMatch(/Backup written to .*: \d+ tables, \d+ rows, \d+ files, schema \d{4}_\w+\.sql/);

    await wipe();
    const wiped = await fingerprint();
    expect(Object.values(wiped.tables).every((table) => table.count === 0)).toBe(true);
    expect(wiped.files).toEqual([]);

    const restored = cli('restore', [backupFile('seeded.json')]);
    expect(restored.status, restored.output).toBe(0);
    expect(await fingerprint()).toEqual(before);
    console.log(`[backup timing] seeded data: ${made.output.trim()} / ${restored.output.trim()}`);
  });

  it('removes files added after the backup and brings back the deleted ones', async () => {
    const before = await fingerprint();
    expect(cli('backup', ['--out', backupFile('files.json')]).status).toBe(0);
    await withTarget(async (target) => {
      await target.bucket.put('uploads/added-later.txt', 'not in the backup');
      await target.bucket.delete(before.files[0]!.key);
    });
    expect(cli('restore', [backupFile('files.json')]).status).toBe(0);
    expect(await fingerprint()).toEqual(before);
  });

  describe('refuse without changing anything', () => {
    let original: Backup;
    let now: Awaited<ReturnType<typeof fingerprint>>;

    beforeAll(async () => {
      expect(cli('backup', ['--out', backupFile('original.json')]).status).toBe(0);
      original = readBackup(backupFile('original.json'));
      // Changes after the backup, which a refused restore must leave as they are.
      await withTarget(async (target) => {
        await target.write([{ sql: 'DELETE FROM subscriber', args: [] }]);
        await target.bucket.put('uploads/after-the-backup.txt', 'kept');
      });
      now = await fingerprint();
    }, 240_000);

    const refuse = (name: string, backup: unknown, message: RegExp) => {
      writeFileSync(backupFile(name), JSON.stringify(backup));
      const result = cli('restore', [backupFile(name)]);
      expect(result.status).toBe(1);
      expect(result.output).toMatch(message);
    };

    it('a file whose rows were edited', async () => {
      const tampered = structuredClone(original);
      const table = Object.values(tampered.tables).find((t) => t.count > 0)!;
      const [column] = Object.keys(table.rows[0]!).filter((key) => typeof table.rows[0]![key] === 'string');
      table.rows[0]![column!] = 'edited by hand';
      refuse('rows.json', tampered, /Table \w+ was changed after the backup was made/);
      expect(await fingerprint()).toEqual(now);
    });

    it('a file whose stored file bytes were edited', async () => {
      const tampered = structuredClone(original);
      tampered.files[0]!.body = Buffer.from('other bytes').toString('base64');
      refuse('bytes.json', tampered, /File uploads\/\S+ was changed after the backup was made/);
      expect(await fingerprint()).toEqual(now);
    });

    it('a file whose checksums were recomputed after an edit of the manifest', async () => {
      const tampered = structuredClone(original);
      tampered.tables = Object.fromEntries(Object.entries(tampered.tables).map(([name, table]) => [name, { ...table, count: table.count + 1 }]));
      refuse('manifest.json', tampered, /changed after it was made/);
      expect(await fingerprint()).toEqual(now);
    });

    it('a file from a newer schema, and says so', async () => {
      const { sha256: _sha, ...unsealed } = original;
      const newer = await seal({ ...unsealed, migrations: [...original.migrations, '9999_from_the_future.sql'] });
      expect(await backupProblem(newer, knownMigrations())).toMatch(/newer schema/);
      refuse('newer.json', newer, /This backup comes from a newer schema \(\d+ migrations; this code knows \d+ and not 9999_from_the_future\.sql\)/);
      expect(await fingerprint()).toEqual(now);
    });

    it('a file that is not a backup', async () => {
      refuse('other.json', { hello: 'world' }, /Not a backup of this product/);
      expect(await fingerprint()).toEqual(now);
    });
  });

  it('time a larger data set: 2,000 records and 50 files', async () => {
    await withTarget(async (target) => {
      const stamp = new Date().toISOString();
      await target.write(
        Array.from({ length: 2000 }, (_, i) => ({
          sql: 'INSERT INTO subscriber (id, email, status, source, subscribedAt) VALUES (?, ?, ?, ?, ?)',
          args: [`bulk-${i}`, `reader${i}@contoh.id`, 'active', 'website', stamp],
        })),
      );
      for (let i = 0; i < 50; i++) await target.bucket.put(`uploads/bulk/photo-${i}.jpg`, randomBytes(400_000), { httpMetadata: { contentType: 'image/jpeg' } });
    });
    const before = await fingerprint();
    let started = performance.now();
    expect(cli('backup', ['--out', backupFile('large.json')]).status).toBe(0);
    const backupMs = performance.now() - started;
    await wipe();
    started = performance.now();
    expect(cli('restore', [backupFile('large.json')]).status).toBe(0);
    const restoreMs = performance.now() - started;
    expect(await fingerprint()).toEqual(before);
    const rows = Object.values(before.tables).reduce((sum, t) => sum + t.count, 0);
    console.log(`[backup timing] larger data set: ${rows} rows, ${before.files.length} files: backup ${Math.round(backupMs)} ms, restore ${Math.round(restoreMs)} ms (whole CLI runs)`);
  }, 480_000);
});

/** An in-memory stand-in for the R2 calls the daily job makes. */
function memoryBucket() {
  const objects = new Map<string, { body: string; customMetadata?: Record<string, string> }>();
  const bucket = {
    objects,
    head: async (key: string) => (objects.has(key) ? { key } : null),
    put: async (key: string, body: string, options?: R2PutOptions) => void objects.set(key, { body, customMetadata: options?.customMetadata as Record<string, string> }),
    delete: async (keys: string | string[]) => [keys].flat().forEach((key) => objects.delete(key)),
    list: async ({ prefix = '' }: R2ListOptions = {}) => ({ objects: [...objects.keys()].filter((key) => key.startsWith(prefix)).map((key) => ({ key, size: 1, etag: 'e', httpMetadata: {} })), truncated: false }),
  };
  return bucket;
}

describe('the daily backup', () => {
  const noTables = async (sql: string) => (sql.includes('d1_migrations') ? [{ name: '0000_init.sql' }] : []);

  it('runs once a day after 02:00 in Jakarta and keeps the newest 30 daily and 12 monthly copies', async () => {
    const bucket = memoryBucket();
    const r2 = bucket as unknown as R2Bucket;
    // 01:30 in Jakarta (18:30 UTC the day before): not yet.
    expect(await runDailyBackup(r2, noTables, new Date('2026-01-01T18:30:00Z'))).toBeNull();
    // Every day for 400 days, at 02:05 and again at 14:00 Jakarta time.
    const start = Date.parse('2026-01-01T19:05:00Z');
    for (let day = 0; day < 400; day++) {
      const at = start + day * 86_400_000;
      const date = new Date(at + 7 * 3_600_000).toISOString().slice(0, 10);
      expect(await runDailyBackup(r2, noTables, new Date(at))).toBe(`${DAILY_PREFIX}${date}.json`);
      expect(await runDailyBackup(r2, noTables, new Date(at + 12 * 3_600_000))).toBeNull();
    }
    const keys = [...bucket.objects.keys()];
    const daily = keys.filter((key) => key.startsWith(DAILY_PREFIX)).sort();
    const monthly = keys.filter((key) => key.startsWith(MONTHLY_PREFIX)).sort();
    // The last run was 2027-02-05 Jakarta time.
    expect(daily).toHaveLength(KEEP_DAILY);
    expect(daily.at(-1)).toBe(`${DAILY_PREFIX}2027-02-05.json`);
    expect(daily[0]).toBe(`${DAILY_PREFIX}2027-01-07.json`);
    expect(monthly).toHaveLength(KEEP_MONTHLY);
    expect(monthly.at(-1)).toBe(`${MONTHLY_PREFIX}2027-02.json`);
    expect(monthly[0]).toBe(`${MONTHLY_PREFIX}2026-03.json`);
    // A monthly copy is the month's first backup.
    expect(JSON.parse(bucket.objects.get(`${MONTHLY_PREFIX}2026-12.json`)!.body).createdAt).toBe('2026-11-30T19:05:00.000Z');
  });

  it('is written by the Cron Trigger, shown on the dashboard and downloadable by admins', async () => {
    const apiUrl = inject('apiUrl');
    // 03:00 in Jakarta on a day far ahead, so it is the newest backup of the shared worker.
    const time = Date.parse('2031-05-05T20:00:00Z');
    const fired = await fetch(`${apiUrl}/cdn-cgi/local/scheduled?${new URLSearchParams({ cron: '* * * * *', time: String(time) })}`);
    expect(fired.ok).toBe(true);

    const admin = await asAdmin();
    const latest = (await admin.get<BackupSummary>('/api/backup')).body as { data: BackupSummary };
    expect(latest.data).toMatchObject({ key: `${DAILY_PREFIX}2031-05-06.json`, createdAt: new Date(time).toISOString(), schema: knownMigrations().at(-1) });
    expect(latest.data.rows).toBeGreaterThan(0);
    const dashboard = (await admin.get<DashboardSummary>('/api/dashboard')).body as { data: DashboardSummary };
    expect(dashboard.data.lastBackup).toEqual(latest.data);

    const download = await fetch(`${apiUrl}/api/backup/latest`, { headers: { cookie: admin.cookie } });
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="waste-cms-backup-2031-05-06.json"');
    const backup = (await download.json()) as Backup;
    expect(await backupProblem(backup, knownMigrations())).toBeNull();
    expect(backup.files.every((file) => file.body === undefined && file.etag)).toBe(true);

    expect((await new Client().get('/api/backup')).status).toBe(401);
  });
});
