/**
 * Building the two front ends, and the local receiver of the worker's rebuild hook: one site
 * build at a time, at most one queued, the last good build kept on failure, each result
 * reported back to the worker (retried until it answers).
 *
 * The admin goes into wrangler's assets folder once per start. Each site build goes into a new
 * folder under `siteDir`, and the `current` link is switched to it in one rename: the site
 * server (site-server.ts) serves whatever `current` points at, so no file the worker or wrangler
 * watches ever changes and the worker never restarts because of a build.
 */
import { existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { stripVTControlCharacters } from 'node:util';
import path from 'node:path';
import { offlineEnv, ROOT, spawnTied } from './local.ts';

/** The line the site build prints for a record that got no page (site/src/lib/content.ts). */
const SKIPPED_LINE = /^.*Halaman dilewati:.*$/gm;

const exec = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ ok: boolean; output: string }>((resolve) => {
    const child = spawnTied('npm', args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    // Colours are dropped: CI machines make Astro colour its log, and callers read that log.
    child.on('exit', (code) => resolve({ ok: code === 0, output: stripVTControlCharacters(output) }));
  });

export const hasAdmin = () => existsSync(path.join(ROOT, 'admin/index.html'));
export const hasSite = () => existsSync(path.join(ROOT, 'site/astro.config.mjs')) || existsSync(path.join(ROOT, 'site/astro.config.ts'));

/** Builds the admin SPA into `<wwwDir>/admin`. */
export async function buildAdmin(wwwDir: string, stateDir: string) {
  const result = await exec(['run', 'build', '-w', 'admin'], { ...offlineEnv(stateDir), ADMIN_OUT_DIR: path.join(wwwDir, 'admin') });
  if (!result.ok) throw new Error(`Admin build failed:\n${result.output}`);
}

/** The link in `siteDir` naming the build being served. */
export const currentLink = (siteDir: string) => path.join(siteDir, 'current');

export interface SiteBuildResult {
  ok: boolean;
  output: string;
  /** Records left without a page, each line naming the record and why. */
  skipped: string[];
}

/**
 * Builds the site from the API at `apiUrl` into a new folder of `siteDir` and, if it built,
 * makes it the served one. A failed build leaves the served site untouched. The build served
 * before is kept a while for requests still reading it; older ones are removed.
 */
export async function buildSite(apiUrl: string, siteDir: string, stateDir: string): Promise<SiteBuildResult> {
  mkdirSync(siteDir, { recursive: true });
  // Astro builds into one fixed folder (its incremental cache reuses pages only for the same
  // output folder), which is then renamed to this build's own name.
  const staging = path.join(siteDir, 'staging');
  rmSync(staging, { recursive: true, force: true });
  const outDir = path.join(siteDir, `build-${Date.now()}`);
  const result = await exec(['run', 'build', '-w', 'site'], {
    ...offlineEnv(stateDir),
    PUBLIC_API_URL: apiUrl,
    SITE_OUT_DIR: staging,
    // Astro's cache (incremental pages, images, the API copy) belongs to this state's content.
    ASTRO_CACHE_DIR: path.join(stateDir, 'astro-cache'),
  });
  const skipped = [...new Set(result.output.match(SKIPPED_LINE) ?? [])].map((line) => line.slice(line.indexOf('Halaman dilewati:')));
  if (!result.ok) {
    rmSync(staging, { recursive: true, force: true });
    return { ok: false, output: result.output, skipped };
  }
  renameSync(staging, outDir);
  const link = currentLink(siteDir);
  const previous = existsSync(link) ? readlinkSync(link) : null;
  const next = `${link}.next`;
  rmSync(next, { force: true });
  symlinkSync(path.basename(outDir), next);
  renameSync(next, link);
  for (const entry of readdirSync(siteDir)) {
    if (entry.startsWith('build-') && entry !== path.basename(outDir) && entry !== previous) rmSync(path.join(siteDir, entry), { recursive: true, force: true });
  }
  return { ok: true, output: result.output, skipped };
}

export interface SiteBuilder {
  url: string;
  /** Asks the worker for a build (recorded like any other) and resolves with its result. */
  buildNow(reason: string): Promise<SiteBuildResult>;
  /** Resolves when no build is running or queued. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Serves POST /build for the worker's rebuild hook. */
export async function startSiteBuilder(opts: {
  port: number;
  apiUrl: () => string;
  siteDir: string;
  stateDir: string;
  secret: string;
  log?: (line: string) => void;
}): Promise<SiteBuilder> {
  const log = opts.log ?? (() => {});
  let running: Promise<void> | null = null;
  let queued: string[] = [];
  const idleWaiters: Array<() => void> = [];
  const resultWaiters = new Map<string, (result: SiteBuildResult) => void>();

  /** A lost report would leave the build `building` for ever: retry until the worker answers. */
  const report = async (body: Record<string, unknown>) => {
    for (let attempt = 0, deadline = Date.now() + 120_000; ; attempt++) {
      try {
        const response = await fetch(`${opts.apiUrl()}/api/rebuild/report`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-rebuild-secret': opts.secret },
          body: JSON.stringify(body),
        });
        if (response.ok) return;
        if (response.status < 500) return log(`the worker refused a build report (${response.status}): ${await response.text()}`);
      } catch {
        // not answering right now
      }
      if (Date.now() > deadline) return log(`the worker did not take the report of build ${String(body.buildId)}`);
      await sleep(Math.min(250 * 2 ** attempt, 5_000));
    }
  };

  const runBuilds = async (buildIds: string[]) => {
    await Promise.all(buildIds.map((buildId) => report({ buildId, status: 'building' })));
    const started = performance.now();
    const result = await buildSite(opts.apiUrl(), opts.siteDir, opts.stateDir);
    const durationMs = Math.round(performance.now() - started);
    log(result.ok ? `site rebuilt in ${(durationMs / 1000).toFixed(1)} s` : `site build failed; still serving the last good build\n${result.output.slice(-2000)}`);
    for (const line of result.skipped) log(line);
    const message = (result.ok ? result.skipped.join('\n') : result.output).slice(-1500);
    await Promise.all(buildIds.map((buildId) => report({ buildId, status: result.ok ? 'succeeded' : 'failed', durationMs, message })));
    for (const buildId of buildIds) {
      resultWaiters.get(buildId)?.(result);
      resultWaiters.delete(buildId);
    }
  };

  const pump = () => {
    if (running || queued.length === 0) {
      if (!running) idleWaiters.splice(0).forEach((resolve) => resolve());
      return;
    }
    const batch = queued;
    queued = [];
    running = runBuilds(batch).finally(() => {
      running = null;
      pump();
    });
  };

  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/build' || request.headers['x-rebuild-secret'] !== opts.secret) {
      response.writeHead(404).end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      let buildId = '';
      try {
        buildId = String((JSON.parse(body) as { buildId?: unknown }).buildId ?? '');
      } catch {
        // an empty body still asks for a build
      }
      // Requests that arrive while a build runs share the one queued build.
      queued.push(buildId);
      pump();
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? `Port ${opts.port} (the site builder) is already in use by another process.` : error.message)),
    );
    server.listen(opts.port, '127.0.0.1', resolve);
  });

  return {
    url: `http://127.0.0.1:${opts.port}/build`,
    buildNow: async (reason) => {
      const response = await fetch(`${opts.apiUrl()}/api/rebuild`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-rebuild-secret': opts.secret },
        body: JSON.stringify({ reason }),
      });
      const answer = (await response.json()) as { success: boolean; data?: { _id: string }; message?: string };
      if (!answer.success || !answer.data) throw new Error(`the worker refused the build request: ${answer.message ?? response.status}`);
      return new Promise<SiteBuildResult>((resolve) => resultWaiters.set(answer.data!._id, resolve));
    },
    idle: () => (running || queued.length ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
