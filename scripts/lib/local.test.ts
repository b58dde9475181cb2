/** The local runner: its processes die with `npm start`, a busy port stops a start clearly, and it names its data folder as given. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, shownStateDir, startWorker } from './local.ts';

const state = mkdtempSync(path.join(tmpdir(), 'cms-local-'));
afterAll(() => rmSync(state, { recursive: true, force: true }));
const port = () => 13_000 + Math.floor(Math.random() * 1000);
const node = process.execPath;

/** The pids whose process group is `group` (wrangler and everything it started). */
const groupMembers = (group: number) =>
  (spawnSync('ps', ['-o', 'pid=', '-g', String(group)], { encoding: 'utf8' }).stdout.match(/\d+/g) ?? []).map(Number);

const answers = (url: string) => fetch(url).then(() => true, () => false);

describe('processes started by the local runner', () => {
  it('stop when the runner is killed with SIGKILL, and free the port', async () => {
    const workerPort = port();
    const script = `
      import { startWorker } from ${JSON.stringify(path.join(ROOT, 'scripts/lib/local.ts'))};
      const worker = await startWorker({ stateDir: ${JSON.stringify(state)}, port: ${workerPort}, assetsDir: ${JSON.stringify(path.join(state, 'www'))} });
      console.log('READY ' + worker.process.pid);
      setInterval(() => {}, 1000);`;
    const runner = spawn(node, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const wranglerPid = await new Promise<number>((resolve, reject) => {
      let out = '';
      runner.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        const ready = /READY (\d+)/.exec(out);
        if (ready) resolve(Number(ready[1]));
      });
      runner.once('exit', (code) => reject(new Error(`runner exited (${code}) before its worker answered:\n${out}`)));
    });
    expect(await answers(`http://127.0.0.1:${workerPort}/api/health`)).toBe(true);
    const children = groupMembers(wranglerPid);
    expect(children.length).toBeGreaterThanOrEqual(2);

    const killedAt = performance.now();
    runner.kill('SIGKILL');
    while (groupMembers(wranglerPid).length > 0 && performance.now() - killedAt < 15_000) await new Promise((resolve) => setTimeout(resolve, 50));
    const elapsed = Math.round(performance.now() - killedAt);
    console.log(`${children.length} wrangler/workerd processes gone ${elapsed} ms after SIGKILL of the runner`);
    expect(groupMembers(wranglerPid)).toEqual([]);
    expect(await answers(`http://127.0.0.1:${workerPort}/api/health`)).toBe(false);
  });

  it('refuses to start on a port another process holds, saying so', async () => {
    const busy = port();
    // Answers like a worker would, as an orphan of an earlier start did.
    const orphan = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":{}}'));
    await new Promise<void>((resolve) => orphan.listen(busy, '127.0.0.1', resolve));
    try {
      await expect(startWorker({ stateDir: state, port: busy, assetsDir: path.join(state, 'www') })).rejects.toThrow(`Port ${busy} (the worker) is already in use by another process`);
      // `npm start` itself: a clear line and a non-zero exit, before any migration or build.
      const start = spawnSync(node, [path.join(ROOT, 'scripts/dev.ts')], { env: { ...process.env, PORT: String(busy), STATE_DIR: path.join(state, 'start') }, encoding: 'utf8', timeout: 60_000 });
      expect(start.status).toBe(1);
      expect(start.stderr).toContain(`[start] could not start: Port ${busy} (the worker) is already in use by another process`);
      expect(start.stdout).not.toContain('Site:');
    } finally {
      orphan.close();
    }
  });
});

describe('the folder npm start says it keeps its data in', () => {
  it('is the STATE_DIR given: relative inside the project, whole outside it', () => {
    expect(shownStateDir(path.join(ROOT, '.state'))).toBe('.state');
    expect(shownStateDir(path.join(ROOT, 'data', 'local'))).toBe(path.join('data', 'local'));
    expect(shownStateDir(state)).toBe(state);
  });
});
