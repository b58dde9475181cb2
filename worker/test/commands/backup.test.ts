/**
 * Backups: `npm run backup` -> wipe -> `npm run restore` gives back every table and every stored
 * file, signs everyone out and asks for a site build; a backup holds no sign-in, counter, stored
 * answer, preview or readable secret; a tampered, foreign, unsigned, newer-schema or
 * schema-misfitting file is refused without changing anything; the daily Cron Trigger writes a
 * backup the dashboard shows and only a Super Admin downloads, after a password check, audited;
 * retention keeps 30 daily and 12 monthly copies.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, assert, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeBackup, openLocalDatabase, openTarget, restoreBackup, type Target } from '../../../scripts/lib/backup.ts';
import { knownMigrations, localBackupSecret, offlineEnv, ROOT } from '../../../scripts/lib/local.ts';
import { productTables, tableColumns } from '../../src/backup/collect.ts';
import { DAILY_PREFIX, KEEP_DAILY, KEEP_MONTHLY, MONTHLY_PREFIX, runDailyBackup } from '../../src/backup/daily.ts';
import { BACKUP_FORMAT, BackupRefused, checksumWith, optionalBackupKey, rowsChecksum, signBackup, verifyBackup, type Backup } from '../../src/backup/format.ts';
import { LEFT_OUT_TABLES } from '../../src/backup/policy.ts';
import type { AuditEntry, BackupSummary, DashboardSummary } from '../../src/contract/api.ts';
import { asAdmin, Client, form, unique } from '../client.ts';
import { fileWorker } from '../worker.ts';

const state = mkdtempSync(path.join(tmpdir(), 'cms-backup-'));
const files = path.join(state, 'files');

/**
 * One runtime over the state for this file's reads and in-process restores (starting one costs
 * about a second of CPU), started when first needed and stopped while a CLI run, a process of its
 * own, works on the state.
 */
let shared: Promise<Target> | null = null;
const sharedTarget = () => (shared ??= openTarget({ stateDir: state }));
async function stopSharedTarget() {
  const running = shared;
  shared = null;
  await (await running)?.close();
}

/** Runs `npm run backup|restore` as a user would (the scripts behind them), on this test's state folder. */
async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) {
  await stopSharedTarget();
  const result = spawnSync(process.execPath, [path.join(ROOT, `scripts/${script}.ts`), ...args], {
    cwd: ROOT,
    env: { ...offlineEnv(state), STATE_DIR: state, BACKUP_SECRET: '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The state folder's BACKUP_SECRET, which the scripts use when the environment names none. */
const localSecret = () => localBackupSecret(state);

/**
 * What identifies the product's data: each backed-up table's row count and checksum, each
 * file's size and checksum, the secrets (password hashes, newsletter key) and the requested builds.
 */
async function fingerprint() {
  const target = await sharedTarget();
  const backup = await makeBackup(target, localSecret());
  return {
    tables: Object.fromEntries(Object.entries(backup.tables).map(([name, table]) => [name, { count: table.count, checksum: table.checksum }])),
    files: backup.files.map(({ key, size, sha256, contentType }) => ({ key, size, sha256, contentType })),
    secrets: await target.query("select id, passwordHash from user union all select key, value from setting where key = 'newsletterSecret' order by 1"),
    builds: await target.query('select reason, status from site_build order by requestedAt'),
  };
}

/** The fingerprint of the data alone: a restore adds a build request. */
const content = async () => ({ ...(await fingerprint()), builds: [] });

/** Work on the state's database alone, without starting a runtime for its files. */
async function withDatabase<T>(work: (database: ReturnType<typeof openLocalDatabase>) => Promise<T>) {
  const database = openLocalDatabase(state);
  try {
    return await work(database);
  } finally {
    database.close();
  }
}

const query = (sql: string) => withDatabase((database) => database.query(sql));

/** Signs a backup again as whoever holds `secret` would (null: plain SHA-256), after an edit. */
async function resign(backup: Backup, secret: string | null): Promise<Backup> {
  const key = await optionalBackupKey(secret ?? undefined);
  const checksum = checksumWith(key);
  const tables: Backup['tables'] = {};
  for (const [name, table] of Object.entries(backup.tables)) tables[name] = { ...table, count: table.rows.length, checksum: await rowsChecksum(table.rows, checksum) };
  const { checksum: _checksum, algorithm: _algorithm, ...rest } = backup;
  return signBackup({ ...rest, tables }, key);
}

const withTarget = async <T>(work: (target: Target) => Promise<T>) => work(await sharedTarget());

async function wipe() {
  await withTarget(async (target) => {
    const tables = await productTables(target.query);
    await target.write(tables.map((name) => ({ sql: `DELETE FROM "${name}"`, args: [] })));
    const listed = await target.bucket.list({ prefix: 'uploads/' });
    await target.bucket.delete(listed.objects.map((object) => object.key));
  });
}

const backupFile = (name: string) => path.join(files, name);

/** Credentials and ephemeral rows a backup must not carry, each with a value to look for in the file. */
const credentials = {
  session: `session-hash-${randomBytes(8).toString('hex')}`,
  loginAttempt: 'account:admin|203.0.113.77',
  signupAttempt: 'client:203.0.113.77',
  storedAnswer: `stored-answer-${randomBytes(8).toString('hex')}`,
  preview: `preview-hash-${randomBytes(8).toString('hex')}`,
  newsletterSecret: `newsletter-secret-${randomBytes(8).toString('hex')}`,
  build: 'Vision: update (before the backup)',
};

beforeAll(async () => {
  cpSync(inject('templateStateDir'), state, { recursive: true });
  const later = new Date(Date.now() + 86_400_000).toISOString();
  await withDatabase(async (database) => {
    const [admin] = await database.query('select id from user limit 1');
    await database.write([
      { sql: 'INSERT INTO session (tokenHash, userId, expiresAt) VALUES (?, ?, ?)', args: [credentials.session, String(admin!.id), later] },
      { sql: 'INSERT INTO login_attempt (key, failures, windowStart) VALUES (?, 1, ?)', args: [credentials.loginAttempt, later] },
      { sql: 'INSERT INTO signup_attempt (key, count, windowStart) VALUES (?, 1, ?)', args: [credentials.signupAttempt, later] },
      { sql: 'INSERT INTO idempotent_request (key, request, status, body) VALUES (?, ?, 200, ?)', args: ['someone:key-12345678', 'PUT /api/vision/x', credentials.storedAnswer] },
      { sql: "INSERT INTO preview (id, tokenHash, collection, data, expiresAt) VALUES ('p1', ?, 'vision', '{}', ?)", args: [credentials.preview, later] },
      { sql: "INSERT INTO setting (key, value) VALUES ('newsletterSecret', ?)", args: [credentials.newsletterSecret] },
      { sql: "INSERT INTO site_build (id, status, reason, requestedAt) VALUES ('b1', 'succeeded', ?, ?)", args: [credentials.build, new Date().toISOString()] },
    ]);
  });
}, 180_000);
afterAll(async () => {
  await stopSharedTarget();
  rmSync(state, { recursive: true, force: true });
});

// Each step starts wrangler's platform proxy and a CLI run: seconds each on a busy machine.
describe('npm run backup and npm run restore', { timeout: 240_000 }, () => {
  it('holds no sign-in, counter, stored answer, preview, build history or readable secret', async () => {
    const hashes = (await query('select passwordHash from user')).map((row) => String(row.passwordHash));
    expect(hashes.length).toBeGreaterThan(0);
    const made = await cli('backup', ['--out', backupFile('secrets.json')]);
    expect(made.status, made.output).toBe(0);
    const text = readFileSync(backupFile('secrets.json'), 'utf8');
    const backup = JSON.parse(text) as Backup;
    expect(backup.format).toBe(BACKUP_FORMAT);
    for (const table of Object.keys(LEFT_OUT_TABLES)) expect(Object.keys(backup.tables)).not.toContain(table);
    for (const marker of [...Object.values(credentials), ...hashes, 'pbkdf2-sha256']) expect(text).not.toContain(marker);
    expect(backup.tables.user!.rows.every((row) => row.passwordHash === '')).toBe(true);
    // What a restore needs is there, sealed and signed.
    expect(backup.algorithm).toBe('HMAC-SHA-256');
    expect(backup.sealed?.data.length).toBeGreaterThan(0);
    const { secrets } = await verifyBackup(backup, { knownMigrations: knownMigrations(), key: await optionalBackupKey(localSecret()) });
    expect(Object.values(secrets!.values.user!).map((values) => String(values.passwordHash)).sort()).toEqual([...hashes].sort());
    expect(secrets!.rows.setting).toEqual([expect.objectContaining({ key: 'newsletterSecret', value: credentials.newsletterSecret })]);
  });

  it('without BACKUP_SECRET leaves the secrets out, says so, and is restored only when trusted', async () => {
    const unsigned = await withTarget((target) => makeBackup(target, null));
    const text = JSON.stringify(unsigned);
    expect(unsigned).toMatchObject({ algorithm: 'SHA-256', sealed: null });
    expect(unsigned.leftOut.join('\n')).toMatch(/user\.passwordHash: sealed only with BACKUP_SECRET, which was not set/);
    for (const marker of [credentials.newsletterSecret, 'pbkdf2-sha256']) expect(text).not.toContain(marker);
    const before = await fingerprint();
    expect(await query('select * from session')).toHaveLength(1);
    // The restore `npm run restore` runs, in this process (a CLI run costs seconds; the next test runs one).
    const options = { secret: localSecret(), reason: 'Pemulihan cadangan: unsigned.json' };
    await expect(withTarget((target) => restoreBackup(target, structuredClone(unsigned), options))).rejects.toThrow(/made without BACKUP_SECRET.*--trust-unsigned/);
    expect(await fingerprint()).toEqual(before);
    // Trusted, it keeps the passwords and the newsletter key the database has.
    await withTarget((target) => restoreBackup(target, structuredClone(unsigned), { ...options, trustUnsigned: true }));
    expect((await fingerprint()).secrets).toEqual(before.secrets);
    // Everyone signs in again after a restore.
    expect(await query('select * from session')).toEqual([]);
  });

  it('bring back every table and every stored file after a wipe', async () => {
    const before = await content();
    expect(Object.values(before.tables).some((table) => table.count > 0)).toBe(true);
    expect(before.files.length).toBeGreaterThan(0);

    const made = await cli('backup', ['--out', backupFile('seeded.json')]);
    expect(made.status, made.output).toBe(0);
    expect(made.output).toMatch(/Backup written to .*: \d+ tables, \d+ rows, \d+ files, schema \d{4}_\w+\.sql/);

    await wipe();
    const wiped = await fingerprint();
    expect(Object.values(wiped.tables).every((table) => table.count === 0)).toBe(true);
    expect(wiped.files).toEqual([]);
    // This site's build history, which the restore keeps (checked by the next test).
    await withDatabase((database) => database.write([{ sql: "INSERT INTO site_build (id, status, reason, requestedAt) VALUES ('b2', 'succeeded', ?, ?)", args: [credentials.build, new Date().toISOString()] }]));

    const restored = await cli('restore', [backupFile('seeded.json')]);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toMatch(/Everyone is signed out\. A site build was requested/);
    const after = await content();
    // Password hashes and the newsletter key came back from the sealed part.
    expect(after).toEqual(before);
    expect(after.secrets.some((row) => row.id === 'newsletterSecret')).toBe(true);
    console.log(`[backup timing] seeded data: ${made.output.trim()} / ${restored.output.trim()}`);
  });

  it('asks for a site build whose reason is the restore, and signs everyone out', async () => {
    // The restore of the test before ran through `npm run restore`, named after its file.
    expect(await query("select status, reason from site_build where status = 'pending'")).toEqual([{ status: 'pending', reason: 'Pemulihan cadangan: seeded.json' }]);
    // The build history before the restore is kept: it describes this site, not the data.
    expect(await query(`select reason from site_build where reason = '${credentials.build}'`)).toHaveLength(1);
    expect(await query('select * from session')).toEqual([]);
    expect(await query('select * from idempotent_request')).toEqual([]);
    expect(await query('select * from preview')).toEqual([]);
  });

  it('removes files added after the backup and brings back the deleted ones', async () => {
    const before = await content();
    await withTarget(async (target) => {
      const backup = await makeBackup(target, localSecret());
      await target.bucket.put('uploads/added-later.txt', 'not in the backup');
      await target.bucket.delete(before.files[0]!.key);
      await restoreBackup(target, backup, { secret: localSecret(), reason: 'Pemulihan cadangan: files.json' });
    });
    expect(await content()).toEqual(before);
  });

  describe('refuse without changing anything', () => {
    let original: Backup;
    let now: Awaited<ReturnType<typeof fingerprint>>;

    beforeAll(async () => {
      const target = await sharedTarget();
      original = await makeBackup(target, localSecret());
      assert.strictEqual(original.algorithm, 'HMAC-SHA-256', 'the backup the checks start from is signed with the key');
      // Changes after the backup, which a refused restore must leave as they are.
      await target.write([{ sql: 'DELETE FROM subscriber', args: [] }]);
      await target.bucket.put('uploads/after-the-backup.txt', 'kept');
      now = await fingerprint();
    }, 240_000);

    /** The restore `npm run restore` runs, in this process (a CLI run costs seconds; one is below). */
    const expectRefused = async (backup: unknown, message: RegExp, secret: string | null = localSecret()) => {
      const refused = restoreBackup(await sharedTarget(), structuredClone(backup), { secret, reason: 'refused' });
      await expect(refused).rejects.toThrow(BackupRefused);
      await expect(refused).rejects.toThrow(message);
      await expect(refused).rejects.toThrow(/Nothing was restored\./);
    };

    it('says so from `npm run restore`, which exits with an error', async () => {
      const tampered = structuredClone(original);
      tampered.tables.user!.rows[0]!.fullName = 'Someone else';
      writeFileSync(backupFile('edited.json'), JSON.stringify(tampered));
      const result = await cli('restore', [backupFile('edited.json')]);
      expect(result.status, result.output).toBe(1);
      expect(result.output).toMatch(/Table user was changed after the backup was made.*Nothing was restored\./);
    });

    it('a file whose rows were edited', async () => {
      const tampered = structuredClone(original);
      const table = Object.values(tampered.tables).find((t) => t.count > 0)!;
      const [column] = Object.keys(table.rows[0]!).filter((key) => typeof table.rows[0]![key] === 'string');
      table.rows[0]![column!] = 'edited by hand';
      await expectRefused(tampered, /Table \w+ was changed after the backup was made/);
    });

    it('a file whose stored file bytes were edited', async () => {
      const tampered = structuredClone(original);
      tampered.files[0]!.body = Buffer.from('other bytes').toString('base64');
      await expectRefused(tampered, /File uploads\/\S+ was changed after the backup was made/);
    });

    it('a file whose checksums were recomputed after an edit of the manifest', async () => {
      const tampered = structuredClone(original);
      tampered.tables = Object.fromEntries(Object.entries(tampered.tables).map(([name, table]) => [name, { ...table, count: table.count + 1 }]));
      await expectRefused(tampered, /changed after it was made/);
    });

    it('a file whose HMAC was changed', async () => {
      const tampered = structuredClone(original);
      tampered.checksum = `${tampered.checksum[0] === '0' ? '1' : '0'}${tampered.checksum.slice(1)}`;
      await expectRefused(tampered, /changed after it was made, or made with another BACKUP_SECRET \(its HMAC does not match\)/);
    });

    it('an edited file signed again with a key of its own, or with a plain SHA-256', async () => {
      const tampered = structuredClone(original);
      tampered.tables.user!.rows[0]!.fullName = 'Someone else';
      await expectRefused(await resign(tampered, 'a-key-the-attacker-chose'), /its HMAC does not match/);
      await expectRefused(await resign(tampered, null), /made without BACKUP_SECRET/);
    });

    it('a genuine file restored with another BACKUP_SECRET', async () => {
      await expectRefused(original, /made with another BACKUP_SECRET/, 'not-the-key-it-was-made-with');
    });

    // Signed with the real key: only the check against the database's own tables catches these.
    it('a file with a table the database does not have', async () => {
      const tampered = structuredClone(original);
      tampered.tables.intruder = { count: 1, columns: [{ name: 'id', type: 'text', notNull: true, primaryKey: 1 }], checksum: '', rows: [{ id: 'x' }] };
      await expectRefused(await resign(tampered, localSecret()), /The backup has table intruder, which this database does not have/);
    });

    it('a file with a column the table does not have, in its columns or in one row', async () => {
      const extraColumn = structuredClone(original);
      extraColumn.tables.user!.columns.push({ name: 'isRoot', type: 'integer', notNull: false, primaryKey: 0 });
      extraColumn.tables.user!.rows.forEach((row) => (row.isRoot = 1));
      await expectRefused(await resign(extraColumn, localSecret()), /Table user has other columns in the backup \(.*isRoot integer.*\) than in this database/);
      const extraKey = structuredClone(original);
      extraKey.tables.role!.rows[0]!['name", "isSystem'] = 1;
      await expectRefused(await resign(extraKey, localSecret()), /Table role, row 1 has column name", "isSystem, which the table does not have/);
    });

    it('a file whose rows break the primary key or a column type', async () => {
      const repeated = structuredClone(original);
      repeated.tables.role!.rows.push({ ...repeated.tables.role!.rows[0]! });
      await expectRefused(await resign(repeated, localSecret()), /Table role, row \d+ repeats the primary key/);
      const typed = structuredClone(original);
      typed.tables.user!.rows[0]!.isActive = 'yes';
      await expectRefused(await resign(typed, localSecret()), /Table user, row 1: isActive is "yes", not INTEGER/);
    });

    it('a file carrying a table a backup never holds', async () => {
      const tampered = structuredClone(original);
      const columns = await tableColumns((await sharedTarget()).query, 'session');
      const [admin] = await query('select id from user limit 1');
      tampered.tables.session = { count: 1, columns, checksum: '', rows: [{ tokenHash: 'planted', userId: String(admin!.id), expiresAt: '2099-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z' }] };
      await expectRefused(await resign(tampered, localSecret()), /Table session never belongs in a backup/);
    });

    it('a file from a newer schema, and says so', async () => {
      const newer = await resign({ ...original, migrations: [...original.migrations, '9999_from_the_future.sql'] }, localSecret());
      await expect(verifyBackup(newer, { knownMigrations: knownMigrations(), key: await optionalBackupKey(localSecret()) })).rejects.toThrow(/newer schema/);
      await expectRefused(newer, /This backup comes from a newer schema \(\d+ migrations; this code knows \d+ and not 9999_from_the_future\.sql\)/);
    });

    it('a file that is not a backup', async () => {
      await expectRefused({ hello: 'world' }, /Not a backup of this product/);
    });

    // Checked once after all of them: a change by any would show.
    it('and none of them changed a row, a secret, a stored file or the build requests', async () => {
      expect(await fingerprint()).toEqual(now);
    });
  });
});

/** An in-memory stand-in for the R2 calls the daily job makes. */
function memoryBucket() {
  const objects = new Map<string, { body: string; customMetadata?: Record<string, string> }>();
  const bucket = {
    objects,
    head: async (key: string) => (objects.has(key) ? { key, customMetadata: objects.get(key)!.customMetadata } : null),
    put: async (key: string, body: string, options?: R2PutOptions) => void objects.set(key, { body, customMetadata: options?.customMetadata }),
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

  it('makes again a copy of today written by an older format, which held secrets in the clear', async () => {
    const bucket = memoryBucket();
    const at = new Date('2026-03-03T20:00:00Z');
    bucket.objects.set(`${DAILY_PREFIX}2026-03-04.json`, { body: '{"format":"waste-cms-backup/1"}', customMetadata: { schema: 'x' } });
    expect(await runDailyBackup(bucket as unknown as R2Bucket, noTables, at)).toBe(`${DAILY_PREFIX}2026-03-04.json`);
    expect(JSON.parse(bucket.objects.get(`${DAILY_PREFIX}2026-03-04.json`)!.body).format).toBe(BACKUP_FORMAT);
  });

  describe('made by the Cron Trigger', () => {
    const apiUrl = fileWorker().url;
    // 03:00 in Jakarta on a day far ahead, so it is the newest backup of the shared worker.
    const time = Date.parse('2031-05-05T20:00:00Z');
    let admin: Client;
    const download = (client: Client, method: 'GET' | 'POST', password?: string, headers: Record<string, string> = {}) => {
      const init: RequestInit = { method, headers: { cookie: client.cookie, origin: apiUrl, 'cf-connecting-ip': client.address, 'content-type': 'application/json', ...headers } };
      // The password travels in a POST body; a GET has none.
      if (method === 'POST') init.body = JSON.stringify({ password });
      return fetch(`${apiUrl}/api/backup/latest`, init);
    };

    beforeAll(async () => {
      await fileWorker().runScheduled(time);
      admin = await asAdmin();
    });

    it('is shown on the dashboard, signed with BACKUP_SECRET', async () => {
      const latest = (await admin.get<BackupSummary>('/api/backup')).body as { data: BackupSummary };
      expect(latest.data).toMatchObject({ key: `${DAILY_PREFIX}2031-05-06.json`, createdAt: new Date(time).toISOString(), schema: knownMigrations().at(-1), signed: true });
      expect(latest.data.rows).toBeGreaterThan(0);
      const dashboard = (await admin.get<DashboardSummary>('/api/dashboard')).body as { data: DashboardSummary };
      expect(dashboard.data.lastBackup).toEqual(latest.data);
      expect((await new Client().get('/api/backup')).status).toBe(401);
    });

    it('is downloaded by the Super Admin after a password check, and the download is in the audit log', async () => {
      const unconfirmed = await download(admin, 'GET');
      expect(unconfirmed.status).toBe(403);
      expect(await unconfirmed.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Masukkan password Anda untuk melanjutkan.' });
      const wrong = await download(admin, 'POST', 'not-my-password');
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Password salah. Masukkan password akun Anda.' });

      const confirmed = await download(admin, 'POST', inject('adminPassword'));
      expect(confirmed.status).toBe(200);
      expect(confirmed.headers.get('content-disposition')).toBe('attachment; filename="waste-cms-backup-2031-05-06.json"');
      const text = await confirmed.text();
      const backup = JSON.parse(text) as Backup;
      const { secrets } = await verifyBackup(backup, { knownMigrations: knownMigrations(), key: await optionalBackupKey(inject('backupSecret')) });
      expect(Object.keys(secrets!.values.user ?? {}).length).toBeGreaterThan(0);
      expect(backup.files.every((file) => file.body === undefined && file.etag)).toBe(true);
      for (const table of Object.keys(LEFT_OUT_TABLES)) expect(backup.tables[table]).toBeUndefined();
      expect(text).not.toContain('pbkdf2-sha256');
      expect(text).not.toContain(admin.cookie.split('=')[1]);

      const audit = (await admin.get<AuditEntry[]>('/api/audit?limit=20')).body as { data: AuditEntry[] };
      expect(audit.data).toContainEqual(expect.objectContaining({ action: 'download', resource: 'backup', username: 'admin', summary: `${DAILY_PREFIX}2031-05-06.json` }));
    });

    it('is refused to a user who may only read backups, even with their password', async () => {
      const permissions = (await admin.get<Array<{ _id: string; name: string }>>('/api/role/permissions/list')).body as { data: Array<{ _id: string; name: string }> };
      const backupRead = permissions.data.filter((p) => p.name === 'backup.read' || p.name === 'dashboard.read').map((p) => p._id);
      const role = (await admin.post<{ _id: string }>('/api/role', form({ name: unique('Pencadang'), level: '2', permissions: backupRead }))).body as { data: { _id: string } };
      const username = unique('backup-reader');
      expect((await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Pembaca Cadangan', role: role.data._id }))).status).toBe(201);
      const reader = new Client();
      await reader.login(username, 'rahasia-123');
      expect((await reader.get('/api/backup')).status).toBe(200);
      for (const refused of [await download(reader, 'GET'), await download(reader, 'POST', 'rahasia-123')]) {
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Hanya Super Admin yang dapat mengunduh cadangan.' });
      }
    });

    it('is not kept by the server when sent with an Idempotency-Key', async () => {
      const key = `download-${randomBytes(6).toString('hex')}`;
      expect((await download(admin, 'POST', inject('adminPassword'), { 'idempotency-key': key })).status).toBe(200);
      const repeat = await download(admin, 'POST', inject('adminPassword'), { 'idempotency-key': key });
      expect(repeat.headers.get('idempotent-replay')).toBe('true');
      expect(await repeat.json()).toEqual({ success: true, data: null, message: 'Permintaan sebelumnya sudah berhasil.' });
    });
  });
});
