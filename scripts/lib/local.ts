/**
 * Running the product locally: offline settings for the tools, migrations and seed of the
 * local D1/R2 under a state folder, and a wrangler dev server that stops cleanly.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'node_modules/.bin');
export const DEFAULT_ADMIN = { username: 'admin', password: process.env.ADMIN_PASSWORD || 'admin12345' };

/** Environment for every tool we start: no telemetry, no network look-ups, config kept local. */
export function offlineEnv(stateDir: string): NodeJS.ProcessEnv {
  const config = path.join(stateDir, 'config');
  mkdirSync(config, { recursive: true });
  return {
    ...process.env,
    PATH: `${BIN}${path.delimiter}${process.env.PATH}`,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    ASTRO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    XDG_CONFIG_HOME: config,
    WRANGLER_LOG_PATH: path.join(stateDir, 'logs'),
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT) {
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

export function migrate(stateDir: string) {
  run(path.join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], offlineEnv(stateDir));
}

/** Seeds the local D1/R2 in `stateDir` unless it already holds data. Returns whether it seeded. */
export async function seedIfEmpty(stateDir: string, admin = DEFAULT_ADMIN) {
  Object.assign(process.env, offlineEnv(stateDir));
  const { getPlatformProxy } = await import('wrangler');
  const { isSeeded, seed } = await import('../../worker/seed/seed.ts');
  const proxy = await getPlatformProxy<{ DB: D1Database; BUCKET: R2Bucket }>({
    configPath: path.join(ROOT, 'wrangler.toml'),
    persist: { path: path.join(stateDir, 'v3') },
    remoteBindings: false,
  });
  try {
    if (await isSeeded(proxy.env)) return false;
    await seed(proxy.env, admin);
    return true;
  } finally {
    await proxy.dispose();
  }
}

export interface WorkerOptions {
  stateDir: string;
  port: number;
  /** The folder of built site and admin files it serves. */
  assetsDir: string;
  vars?: Record<string, string>;
  /** Print the worker's log lines. */
  verbose?: boolean;
}

export interface RunningWorker {
  url: string;
  process: ChildProcess;
  /** Fires the Cron Trigger's jobs once, at `time` (ms) or now; resolves when they have run. */
  runScheduled(time?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `wrangler dev` (directly, not through npx, so stopping it leaves no workerd behind). */
export async function startWorker({ stateDir, port, assetsDir, vars = {}, verbose = false }: WorkerOptions): Promise<RunningWorker> {
  mkdirSync(assetsDir, { recursive: true });
  const args = ['dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', stateDir, '--assets', assetsDir, '--show-interactive-dev-session=false', '--test-scheduled', '--log-level', verbose ? 'info' : 'warn'];
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`);
  const child = spawn(path.join(BIN, 'wrangler'), args, { cwd: ROOT, env: offlineEnv(stateDir), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    if (verbose) process.stdout.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${url}/api/settings`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline) throw new Error(`wrangler dev did not answer within 60 s:\n${log}`);

  return {
    url,
    process: child,
    runScheduled: async (time) => {
      const query = new URLSearchParams({ cron: '* * * * *', ...(time === undefined ? {} : { time: String(time) }) });
      const response = await fetch(`${url}/cdn-cgi/local/scheduled?${query}`);
      if (!response.ok) throw new Error(`scheduled run answered ${response.status}: ${await response.text()}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // The whole process group: wrangler and the workerd it started.
        process.kill(-child.pid!, 'SIGTERM');
        setTimeout(() => {
          if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
        }, 5_000).unref();
      }),
  };
}
