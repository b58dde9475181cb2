/** Permissions of a module added after a database was made appear on that database. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMissingPermissions, permissionCatalog } from '../src/auth/permission-catalog.ts';
import { actionsOf, PERMISSION_ACTIONS } from '../src/contract/limits.ts';
import { PERMISSION_MODULES } from '../src/contract/resources.ts';
import { createDb, type Database } from '../src/db/client.ts';
import { permission } from '../src/db/schema.ts';
import { readMigrations, ROOT } from '../../scripts/lib/local.ts';
import { applyMigrations } from '../seed/runtime.ts';

let state: string;
let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  state = mkdtempSync(path.join(tmpdir(), 'cms-permissions-'));
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: path.join(ROOT, 'wrangler.toml'), persist: { path: path.join(state, 'v3') }, remoteBindings: false });
  await applyMigrations(proxy.env.DB, await readMigrations());
  db = createDb(proxy.env.DB);
  dispose = proxy.dispose;
});

afterAll(async () => {
  await dispose?.();
  rmSync(state, { recursive: true, force: true });
});

describe('the permission catalogue', () => {
  it('adds the permissions of modules a database was made without, once', async () => {
    const older = PERMISSION_MODULES.filter((module) => module !== 'gallery' && module !== 'team');
    // The nine actions of every module, plus a module's own (inquiry.reply).
    expect(await addMissingPermissions(db, older)).toBe(older.reduce((sum, module) => sum + actionsOf(module).length, 0));
    expect((await db.select().from(permission).where(eq(permission.name, 'inquiry.reply'))).length).toBe(1);
    expect((await db.select().from(permission).where(eq(permission.module, 'gallery'))).length).toBe(0);

    expect(await addMissingPermissions(db)).toBe(2 * PERMISSION_ACTIONS.length);
    const gallery = await db.select().from(permission).where(eq(permission.module, 'gallery'));
    expect(gallery.map((row) => String(row.name)).sort()).toEqual(PERMISSION_ACTIONS.map((action) => `gallery.${action}`).sort());
    expect(gallery.every((row) => row.isSystem && row.isActive)).toBe(true);

    expect(await addMissingPermissions(db)).toBe(0);
    const [total] = await db.select({ n: count() }).from(permission);
    expect(total?.n).toBe(permissionCatalog().length);
  });
});
