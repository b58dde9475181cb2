/**
 * Building the two front ends into the worker's assets folder, and the local receiver of the
 * worker's rebuild hook: one site build at a time, at most one queued, the last good build
 * kept on failure, each result reported back to the worker.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { offlineEnv, ROOT } from './local.ts';

const exec = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ ok: boolean; output: string }>((resolve) => {
    const child = spawn('npm', args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => resolve({ ok: code === 0, output }));
  });

export const hasAdmin = () => existsSync(path.join(ROOT, 'admin/index.html'));
export const hasSite = () => existsSync(path.join(ROOT, 'site/astro.config.mjs')) || existsSync(path.join(ROOT, 'site/astro.config.ts'));

/** Builds the admin SPA into `<wwwDir>/admin`. */
export async function buildAdmin(wwwDir: string, stateDir: string) {
  const result = await exec(['run', 'build', '-w', 'admin'], { ...offlineEnv(stateDir), ADMIN_OUT_DIR: path.join(wwwDir, 'admin') });
  if (!result.ok) throw new Error(`Admin build failed:\n${result.output}`);
}

/**
 * Builds the site from the API at `apiUrl` into a staging folder, then swaps it into
 * `wwwDir` (leaving the admin in place). A failed build leaves the served site untouched.
 */
export async function buildSite(apiUrl: string, wwwDir: string, stateDir: string) {
  // Beside the served folder, so moving the build in is a rename on the same file system.
  const staging = `${wwwDir}.staging`;
  rmSync(staging, { recursive: true, force: true });
  // Astro's cache of encoded image variants lives in the state folder, so it outlives builds.
  const cacheDir = process.env.ASTRO_CACHE_DIR ?? path.join(stateDir, 'astro-cache');
  const result = await exec(['run', 'build', '-w', 'site'], { ...offlineEnv(stateDir), PUBLIC_API_URL: apiUrl, SITE_OUT_DIR: staging, ASTRO_CACHE_DIR: cacheDir });
  if (!result.ok) return { ok: false, output: result.output };
  swapInto(staging, wwwDir, `${wwwDir}.previous`);
  return { ok: true, output: result.output };
}

/**
 * Moves the new build's entries into place by renaming, not copying: the served folder changes
 * within milliseconds, so the local dev server (which reloads on asset changes) reloads once
 * instead of repeatedly while thousands of files are written.
 */
function swapInto(staging: string, wwwDir: string, previous: string) {
  rmSync(previous, { recursive: true, force: true });
  mkdirSync(previous, { recursive: true });
  mkdirSync(wwwDir, { recursive: true });
  for (const entry of readdirSync(wwwDir)) if (entry !== 'admin') renameSync(path.join(wwwDir, entry), path.join(previous, entry));
  for (const entry of readdirSync(staging)) renameSync(path.join(staging, entry), path.join(wwwDir, entry));
  rmSync(previous, { recursive: true, force: true });
}

export interface SiteBuilder {
  url: string;
  /** Resolves when no build is running or queued. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Serves POST /build for the worker's rebuild hook. */
export async function startSiteBuilder(opts: {
  port: number;
  apiUrl: () => string;
  wwwDir: string;
  stateDir: string;
  secret: string;
  log?: (line: string) => void;
}): Promise<SiteBuilder> {
  const log = opts.log ?? (() => {});
  let running: Promise<void> | null = null;
  let queued: string[] = [];
  const waiters: Array<() => void> = [];

  const report = (body: Record<string, unknown>) =>
    fetch(`${opts.apiUrl()}/api/rebuild/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-rebuild-secret': opts.secret },
      body: JSON.stringify(body),
    }).catch(() => undefined);

  const runBuilds = async (buildIds: string[]) => {
    await Promise.all(buildIds.map((buildId) => report({ buildId, status: 'building' })));
    const started = performance.now();
    const result = await buildSite(opts.apiUrl(), opts.wwwDir, opts.stateDir);
    const durationMs = Math.round(performance.now() - started);
    log(result.ok ? `site rebuilt in ${(durationMs / 1000).toFixed(1)} s` : `site build failed; still serving the last good build\n${result.output.slice(-2000)}`);
    const message = result.ok ? '' : result.output.slice(-1500);
    await Promise.all(buildIds.map((buildId) => report({ buildId, status: result.ok ? 'succeeded' : 'failed', durationMs, message })));
  };

  const pump = () => {
    if (running || queued.length === 0) {
      if (!running) waiters.splice(0).forEach((resolve) => resolve());
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
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${opts.port}/build`,
    idle: () => (running || queued.length ? new Promise<void>((resolve) => waiters.push(resolve)) : Promise.resolve()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
