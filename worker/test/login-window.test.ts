/**
 * The login counters against a local D1 with a controlled clock: a lock lasts what its message
 * says and then lifts, and the periodic job forgets counters and sessions that are over.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { offlineEnv, readMigrations, ROOT } from '../../scripts/lib/local.ts';
import { applyMigrations } from '../seed/runtime.ts';
import { forgetExpiredSignIns } from '../src/auth/cleanup.ts';
import { countAttempt, MAX_FAILURES, WINDOW_MS } from '../src/auth/rate-limit.ts';
import { createDb, type Database } from '../src/db/client.ts';
import { loginAttempts, sessions, user } from '../src/db/schema.ts';
import { ApiError } from '../src/http/errors.ts';

const state = mkdtempSync(path.join(tmpdir(), 'cms-login-window-'));
let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  Object.assign(process.env, offlineEnv(state));
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: path.join(ROOT, 'wrangler.toml'), persist: { path: path.join(state, 'v3') }, remoteBindings: false });
  await applyMigrations(proxy.env.DB, await readMigrations());
  db = createDb(proxy.env.DB);
  dispose = proxy.dispose;
}, 60_000);
afterAll(async () => {
  await dispose?.();
  rmSync(state, { recursive: true, force: true });
});

const MINUTE = 60_000;
const refusal = async (attempt: Promise<unknown>) => {
  try {
    await attempt;
    return null;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
};

describe('the login window', () => {
  it('locks after the limit for the rest of the window, says how long, and lifts when the window is over', async () => {
    const t0 = Date.parse('2026-03-01T08:00:00Z');
    for (let i = 0; i < MAX_FAILURES; i++) expect(await refusal(countAttempt(db, 'rina', '203.0.113.7', t0 + i * 1000))).toBeNull();
    expect(await refusal(countAttempt(db, 'rina', '203.0.113.7', t0 + 10_000))).toEqual({
      status: 429,
      message: 'Terlalu banyak percobaan login. Silakan coba lagi dalam 15 menit.',
    });
    expect((await refusal(countAttempt(db, 'RINA', '203.0.113.7', t0 + 14 * MINUTE + 30_000)))?.message).toBe(
      'Terlalu banyak percobaan login. Silakan coba lagi dalam 1 menit.',
    );
    expect(await refusal(countAttempt(db, 'rina', '203.0.113.7', t0 + WINDOW_MS))).toBeNull();
  });

  it('forgets counters whose window is over and sessions past their expiry, keeping live ones', async () => {
    const t0 = Date.parse('2026-04-01T08:00:00Z');
    await db.delete(loginAttempts);
    await countAttempt(db, 'lama', '198.51.100.1', t0);
    await countAttempt(db, 'baru', '198.51.100.2', t0 + 10 * MINUTE);
    await db.insert(user).values({ id: 'u-cleanup', username: 'u-cleanup', email: 'u-cleanup@example.org', fullName: 'U' });
    await db.insert(sessions).values([
      { tokenHash: 'expired', userId: 'u-cleanup', expiresAt: new Date(t0 - MINUTE).toISOString() },
      { tokenHash: 'live', userId: 'u-cleanup', expiresAt: new Date(t0 + 7 * 24 * 60 * MINUTE).toISOString() },
    ]);
    const run = (time: number) => forgetExpiredSignIns.run({ db, now: new Date(time), env: {} as never, waitUntil: () => undefined });
    await run(t0 + 16 * MINUTE);
    const keys = (await db.select({ key: loginAttempts.key }).from(loginAttempts)).map((row) => row.key).sort();
    expect(keys).toEqual(['account:baru|198.51.100.2', 'address:198.51.100.2']);
    expect((await db.select({ tokenHash: sessions.tokenHash }).from(sessions)).map((row) => row.tokenHash)).toEqual(['live']);
    await run(t0 + 30 * MINUTE);
    expect((await db.select({ n: count() }).from(loginAttempts))[0]?.n).toBe(0);
  });
});
