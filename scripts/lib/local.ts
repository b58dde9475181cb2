/**
 * Running the product locally: offline settings for the tools, migrations and seed of the
 * local D1/R2 under a state folder, and a wrangler dev server that stops cleanly.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parseEnv } from 'node:util';
import type { V4MiniflareOptions, V4WorkerOptionsShape } from 'miniflare';
import type { Migration, SetUpAnswer, SetUpRequest } from '../../worker/seed/runtime.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'node_modules/.bin');

/**
 * How to run a dev tool: its own JavaScript entry under the running Node, so the same call works on
 * Linux, macOS and Windows (no `.cmd` shims, no shell) and with whichever Node 22 runs the scripts.
 */
export function tool(pkg: string, args: string[], bin = pkg): [command: string, args: string[]] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { bin: string | Record<string, string> };
  const entry = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin];
  if (!entry) throw new Error(`${pkg} has no command ${bin}: run npm install`);
  return [process.execPath, [path.join(ROOT, 'node_modules', pkg, entry), ...args]];
}
export const DEFAULT_ADMIN = { username: 'admin', password: process.env.ADMIN_PASSWORD || 'admin12345' };

/** Environment for every tool we start: no telemetry, no network look-ups, config kept local. */
export function offlineEnv(stateDir: string): NodeJS.ProcessEnv {
  const config = path.join(stateDir, 'config');
  mkdirSync(config, { recursive: true });
  return {
    ...process.env,
    PATH: `${BIN}${path.delimiter}${process.env.PATH}`,
    WRANGLER_SEND_METRICS: 'false',
    // Without its banner wrangler also skips asking the npm registry for a newer version.
    WRANGLER_HIDE_BANNER: 'true',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    ASTRO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    XDG_CONFIG_HOME: config,
    WRANGLER_LOG_PATH: path.join(stateDir, 'logs'),
    // Node keeps the compiled code of the modules it loads: a site build, a wrangler command or a
    // test process started again skips compiling Astro, Vite or Miniflare (8-10% of their CPU).
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(ROOT, 'node_modules/.cache/node-compile'),
  };
}

/** A state folder as `npm start` names it: relative inside the project, whole outside it. */
export function shownStateDir(stateDir: string) {
  const relative = path.relative(ROOT, stateDir);
  return relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? stateDir : relative;
}

/** The local worker's secrets (BACKUP_SECRET), as an env file wrangler dev loads: kept out of its command line. */
const secretsFile = (stateDir: string) => path.join(stateDir, 'secrets.env');

/**
 * The local BACKUP_SECRET: generated on first use and kept in the state folder, so `npm start`,
 * `npm run backup` and `npm run restore` on that folder share it.
 */
export function localBackupSecret(stateDir: string) {
  const file = secretsFile(stateDir);
  const saved = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')).BACKUP_SECRET : undefined;
  if (saved) return saved;
  const secret = randomBytes(32).toString('hex');
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(file, `BACKUP_SECRET=${secret}\n`, { mode: 0o600 });
  return secret;
}

const SETPRIV = '/usr/bin/setpriv';

/**
 * Starts a child that the kernel stops (SIGTERM) when this process dies, even by SIGKILL, so a
 * killed `npm start` leaves no wrangler holding its port. util-linux's setpriv sets the
 * parent-death signal and then execs the command in place (same pid).
 */
export function spawnTied(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return existsSync(SETPRIV) ? spawn(SETPRIV, ['--pdeathsig', 'SIGTERM', '--', command, ...args], options) : spawn(command, args, options);
}

/** Fails with a clear message when something already listens on `port`. */
export async function assertPortFree(port: number, what: string) {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${what}) is already in use by another process, perhaps an earlier \`npm start\` still running. Stop it or set PORT to another port.`
            : `Cannot listen on port ${port} (${what}): ${error.message}`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

export const MIGRATIONS_DIR = path.join(ROOT, 'worker/migrations');

/** The migrations this code knows, in order, by the name wrangler records in d1_migrations. */
export const knownMigrations = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort();

/** The migration files in order, each split into statements as `wrangler d1 migrations apply` splits it. */
export async function readMigrations(): Promise<Migration[]> {
  const { unstable_splitSqlQuery: splitSql } = await import('wrangler');
  return knownMigrations().map((name) => ({ name, statements: splitSql(readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8')) }));
}

let setUpScript: Promise<string> | undefined;

/** worker/seed/runtime.ts as one module, bundled for workerd once per process. */
function setUpWorkerScript() {
  setUpScript ??= import('esbuild').then(async ({ build }) => {
    const { outputFiles } = await build({
      entryPoints: [path.join(ROOT, 'worker/seed/runtime.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      target: 'es2024',
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['browser', 'module', 'main'],
      // nodejs_compat provides Node's modules, under either name, as wrangler's bundling leaves them.
      external: ['node:*', 'cloudflare:*', ...builtinModules],
      // CommonJS packages (sanitize-html's postcss) require Node's modules: give the bundle a require that finds them.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire('/');" },
      logLevel: 'silent',
    });
    return outputFiles[0]!.text;
  });
  return setUpScript;
}

/**
 * Migrates (and with `admin`, seeds) the local D1/R2 in `stateDir` with worker/seed/runtime.ts,
 * in a workerd of its own over the same storage `wrangler dev --persist-to` uses.
 */
async function setUpState(stateDir: string, admin?: { username: string; password: string }): Promise<SetUpAnswer> {
  const [{ Miniflare, convertV4MiniflareOptions }, { unstable_getMiniflareWorkerOptions: workerOptionsOf }, script, migrations] = await Promise.all([
    import('miniflare'),
    import('wrangler'),
    setUpWorkerScript(),
    readMigrations(),
  ]);
  // wrangler.toml's bindings as wrangler dev reads them, so the storage is the one it opens.
  const { compatibilityDate, compatibilityFlags, d1Databases, r2Buckets } = workerOptionsOf(path.join(ROOT, 'wrangler.toml')).workerOptions as V4WorkerOptionsShape;
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: 0,
      resourcePersistencePath: path.join(stateDir, 'v3'),
      workers: [{ name: 'set-up', modules: true, script, compatibilityDate, compatibilityFlags, d1Databases, r2Buckets }],
    }),
  );
  try {
    const body: SetUpRequest = { migrations, admin };
    const response = await miniflare.dispatchFetch('http://set-up.local/', { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`setting up the local data in ${stateDir} failed:\n${await response.text()}`);
    return (await response.json()) as SetUpAnswer;
  } finally {
    await miniflare.dispose();
  }
}

/** Applies the pending migrations to the local D1 database in `stateDir`. */
export async function migrate(stateDir: string) {
  return (await setUpState(stateDir)).applied;
}

/**
 * Applies the pending migrations to the local D1/R2 in `stateDir` and seeds it unless it already
 * holds data, in one local runtime. Returns whether it seeded.
 */
export async function migrateAndSeed(stateDir: string, admin = DEFAULT_ADMIN) {
  return (await setUpState(stateDir, admin)).seeded;
}

export interface WorkerOptions {
  stateDir: string;
  port: number;
  /** The folder of static files wrangler serves (the built admin). */
  assetsDir: string;
  /** Where the built site is served (see site-server.ts); public pages are fetched from it. */
  siteOrigin?: string;
  vars?: Record<string, string>;
  /** Print the worker's log lines. */
  verbose?: boolean;
}

/** A worker running locally: its address, its Cron Trigger, its stop. */
export interface LocalWorker {
  url: string;
  /** Fires the Cron Trigger's jobs once, at `time` (ms) or now; resolves when they have run. */
  runScheduled(time?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A worker under `wrangler dev`, a process of its own. */
export interface RunningWorker extends LocalWorker {
  process: ChildProcess;
}

/**
 * `wrangler deploy --dry-run`: the exact bundle production gets, without uploading it, as
 * `<outDir>/index.js`. `assetsDir` stands in for the site folder, which need not exist yet.
 */
export function bundleWorker(outDir: string, assetsDir: string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(...tool('wrangler', ['deploy', '--dry-run', '--outdir', outDir, '--assets', assetsDir]), { cwd: ROOT, env: offlineEnv(path.join(outDir, '..')), stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(path.join(outDir, 'index.js')) : reject(new Error(`wrangler deploy --dry-run failed (${code}):\n${log}`))));
  });
}

/**
 * Starts `wrangler dev` on the worker's source (directly, not through npx, so stopping it leaves
 * no workerd behind): it bundles the code and bundles it again on every edit. Resolves once this
 * start's own worker answers: a per-start token tells it from any other.
 */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  // Two wrangler processes starting at once can pick the same free port for an internal socket: start again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startWorkerOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Address already in use (socket')) throw error;
    }
  }
}

async function startWorkerOnce({ stateDir, port, assetsDir, siteOrigin, vars = {}, verbose = false }: WorkerOptions): Promise<RunningWorker> {
  mkdirSync(assetsDir, { recursive: true });
  await assertPortFree(port, 'the worker');
  const startToken = randomBytes(12).toString('hex');
  vars = { ...vars, LOCAL_START_TOKEN: startToken, ...(siteOrigin ? { SITE_ORIGIN: siteOrigin } : {}) };
  localBackupSecret(stateDir);
  // A script path given makes wrangler look for its config beside the script: name the project's.
  const args = ['dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', stateDir, '--assets', assetsDir, '--env-file', secretsFile(stateDir), '--show-interactive-dev-session=false', '--log-level', verbose ? 'info' : 'warn'];
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`);
  const child = spawnTied(...tool('wrangler', args), { cwd: ROOT, env: offlineEnv(stateDir), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    if (verbose) process.stdout.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      // The whole process group: wrangler and the workerd it started.
      process.kill(-child.pid!, 'SIGTERM');
      setTimeout(() => {
        if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      }, 5_000).unref();
    });
  const fail = async (message: string) => {
    await stop();
    throw new Error(message);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${log}`);
    if (Date.now() >= deadline) return fail(`wrangler dev did not answer within 60 s:\n${log}`);
    // undefined: nothing answers yet; null or another token: a server that is not this start's worker.
    let token: string | null | undefined;
    try {
      const response = await fetch(`${url}/api/health`);
      token = response.ok ? (((await response.json()) as { data?: { startTokenSha256?: string } }).data?.startTokenSha256 ?? null) : undefined;
    } catch {
      token = undefined;
    }
    if (token === createHash('sha256').update(startToken).digest('hex')) break;
    if (token !== undefined) return fail(`Port ${port} is answered by another server, not the worker just started.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    process: child,
    runScheduled: async (time) => {
      const query = new URLSearchParams({ cron: '* * * * *', ...(time === undefined ? {} : { time: String(time) }) });
      // Miniflare's own trigger honours `time`; wrangler's `/__scheduled` passes only the cron, so its jobs see the real clock.
      const response = await fetch(`${url}/cdn-cgi/local/scheduled?${query}`);
      if (!response.ok) throw new Error(`scheduled run answered ${response.status}: ${await response.text()}`);
    },
    stop,
  };
}

/** wrangler.toml's worker options as wrangler dev reads them: bindings, compatibility, assets. */
export type WorkerConfig = V4WorkerOptionsShape & { modulesRules?: unknown; bindings?: Record<string, string> };

/** The worker's options from wrangler.toml, read by wrangler itself, with `assetsDir` as its assets folder. */
export async function workerConfig(assetsDir: string): Promise<WorkerConfig> {
  const { unstable_getMiniflareWorkerOptions: workerOptionsOf } = await import('wrangler');
  return workerOptionsOf(path.join(ROOT, 'wrangler.toml'), undefined, { overrides: { assets: { directory: assetsDir } } }).workerOptions;
}

interface BundledWorkerSetup {
  /** The bundle's index.js (bundleWorker). */
  bundle: string;
  stateDir: string;
  port?: number;
  /** Bindings added to (or replacing) wrangler.toml's vars. */
  bindings?: Record<string, string>;
  /** More of Miniflare's shared options (its local endpoints, the runtime's output). */
  shared?: Omit<V4MiniflareOptions, 'workers'>;
  /** More options of the worker (its outbound fetches). */
  worker?: Partial<V4WorkerOptionsShape>;
}

/**
 * Miniflare's options for a worker bundled once, configured as wrangler.toml says, over the local
 * storage `wrangler dev --persist-to <stateDir>` uses: the one way the runner and the API tests
 * run the bundle.
 */
export function bundledWorkerOptions(config: WorkerConfig, { bundle, stateDir, port = 0, bindings = {}, shared = {}, worker = {} }: BundledWorkerSetup): V4MiniflareOptions {
  // modulesRules only name file kinds to bundle; the bundle is one module already.
  const { modulesRules: _bundled, bindings: configured, ...fromConfig } = config;
  return {
    host: '127.0.0.1',
    port,
    resourcePersistencePath: path.join(stateDir, 'v3'),
    ...shared,
    workers: [{ ...fromConfig, name: 'waste-cms', rootPath: path.dirname(bundle), modules: true, scriptPath: bundle, bindings: { ...configured, ...bindings }, ...worker }],
  };
}

/**
 * Serves a worker bundled once (bundleWorker) in the Workers runtime through Miniflare, in this
 * process, with wrangler.toml's bindings and compatibility settings and the same local storage
 * `wrangler dev --persist-to` uses. For workers whose code does not change while they run (the
 * browser tests' products, the command tests): without wrangler dev's proxy in front, a request
 * costs 4.8 ms of CPU instead of 11 and a start 1.2 s instead of 5.
 */
export async function startBundledWorker({ stateDir, port, assetsDir, siteOrigin, vars = {}, verbose = false, bundle }: WorkerOptions & { bundle: string }): Promise<LocalWorker> {
  mkdirSync(assetsDir, { recursive: true });
  await assertPortFree(port, 'the worker');
  localBackupSecret(stateDir);
  const [{ Miniflare, convertV4MiniflareOptions }, config] = await Promise.all([import('miniflare'), workerConfig(assetsDir)]);
  const secrets = parseEnv(readFileSync(secretsFile(stateDir), 'utf8')) as Record<string, string>;
  const print = (stream: Readable) => (verbose ? stream.pipe(process.stdout) : stream.resume());
  const miniflare = new Miniflare(
    convertV4MiniflareOptions(
      bundledWorkerOptions(config, {
        bundle,
        stateDir,
        port,
        bindings: { ...secrets, ...vars, ...(siteOrigin ? { SITE_ORIGIN: siteOrigin } : {}) },
        shared: {
          // Serves /cdn-cgi/local/explorer, where the emails the worker sent are listed, and
          // /cdn-cgi/local/scheduled, which fires the Cron Trigger as wrangler dev's does.
          unsafeLocalExplorer: true,
          unsafeTriggerHandlers: true,
          handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
            print(stdout);
            print(stderr);
          },
        },
      }),
    ),
  );
  const url = (await miniflare.ready).origin.replace(/\/$/, '');
  return {
    url,
    runScheduled: async (time = Date.now()) => {
      const result = await (await miniflare.getWorker()).scheduled({ scheduledTime: new Date(time), cron: '* * * * *' });
      if (result.outcome !== 'ok') throw new Error(`the scheduled run ended ${result.outcome}`);
    },
    stop: () => miniflare.dispose(),
  };
}
