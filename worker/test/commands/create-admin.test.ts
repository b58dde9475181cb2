/** The production bootstrap: `npm run create-admin` on an empty, migrated database gives a working Super Admin. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrate, ROOT, startBundledWorker, type LocalWorker } from '../../../scripts/lib/local.ts';
import { runBundle } from '../worker.ts';

const state = mkdtempSync(path.join(tmpdir(), 'cms-create-admin-'));
let worker: LocalWorker | undefined;
afterAll(async () => {
  await worker?.stop();
  rmSync(state, { recursive: true, force: true });
});

/** The command's own temporary folder: what it leaves there, a reader of the disk would find. */
const scratch = path.join(state, 'tmp');
mkdirSync(scratch);
const createAdmin = (password: string, ...extra: string[]) =>
  spawnSync(process.execPath, ['scripts/create-admin.ts', '--username', 'alice', '--email', 'alice@example.org', '--persist-to', state, ...extra], {
    cwd: ROOT,
    env: { ...process.env, ADMIN_PASSWORD: password, TMPDIR: scratch },
    encoding: 'utf8',
  });

it('creates a first admin who can log in with every permission, once', { timeout: 120_000 }, async () => {
  await migrate(state);
  expect(createAdmin('short').status).not.toBe(0);
  expect(createAdmin('admin12345', '--remote').stderr).toContain('at least 12');
  const created = createAdmin('a-strong-pass');
  expect(created.status, created.stderr).toBe(0);
  expect(createAdmin('a-strong-pass').stderr).toContain('already exists');
  // The statements it ran (with the password's hash) are not left on disk.
  expect(readdirSync(scratch).filter((entry) => entry.startsWith('create-admin-'))).toEqual([]);

  worker = await startBundledWorker({ stateDir: state, port: 9050 + Math.floor(Math.random() * 40), assetsDir: path.join(state, 'www'), bundle: runBundle() });
  const login = await fetch(`${worker.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: worker.url },
    body: JSON.stringify({ username: 'alice', password: 'a-strong-pass' }),
  });
  const body = await login.json<{ success: boolean; data: { role: { name: string }; permissions: string[] } }>();
  expect(login.status).toBe(200);
  expect(body.data.role.name).toBe('Super Admin');
  expect(body.data.permissions).toContain('user.create');
  expect(body.data.permissions).toContain('permission.delete');
});

it('records rebuild requests as not-configured on a worker without a hook URL', async () => {
  if (!worker) throw new Error('the worker of the previous test did not start');
  const login = await fetch(`${worker.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: worker.url },
    body: JSON.stringify({ username: 'alice', password: 'a-strong-pass' }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const headers = { origin: worker.url, cookie };
  const requested = await fetch(`${worker.url}/api/rebuild`, { method: 'POST', headers });
  expect(requested.status).toBe(202);
  expect(await requested.json()).toMatchObject({ data: { status: 'not-configured', message: 'REBUILD_HOOK_URL is not set: nothing was asked to build.' } });
  const status = await (await fetch(`${worker.url}/api/rebuild`, { headers })).json<{ data: { status: string }[] }>();
  expect(status.data[0]!.status).toBe('not-configured');
});
