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
import type { ChildProcess } from 'node:child_process';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { stripVTControlCharacters } from 'node:util';
import path from 'node:path';
import { KEPT_INDEX_LINE } from '../../site/integrations/search-index.ts';
import { SIGNATURE_HEADER } from '../../worker/src/rebuild/hook.ts';
import { offlineEnv, ROOT, spawnTied, tool } from './local.ts';
import { RESULT_LINE, type SiteBuildRequest } from './site-build-protocol.ts';

/** The line the site build prints for a record that got no page (site/src/lib/content.ts). */
const SKIPPED_LINE = /^.*Halaman dilewati:.*$/gm;

interface Finished {
  ok: boolean;
  output: string;
}

/** A process's script that removes the folder named by its argument. */
const REMOVE_FOLDER = 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true, maxRetries: 3 })';

/** Collects a child's output; colours are dropped (CI machines make Astro colour its log, and callers read that log). */
const finished = (child: ChildProcess) =>
  new Promise<Finished>((resolve) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => resolve({ ok: code === 0, output: stripVTControlCharacters(output) }));
  });


export const hasAdmin = () => existsSync(path.join(ROOT, 'admin/index.html'));
export const hasSite = () => existsSync(path.join(ROOT, 'site/astro.config.mjs')) || existsSync(path.join(ROOT, 'site/astro.config.ts'));

/** Builds the admin SPA into `<wwwDir>/admin`. */
export async function buildAdmin(wwwDir: string, stateDir: string) {
  const env = { ...offlineEnv(stateDir), ADMIN_OUT_DIR: path.join(wwwDir, 'admin') };
  const result = await finished(spawnTied(...tool('vite', ['build']), { cwd: path.join(ROOT, 'admin'), env, stdio: ['ignore', 'pipe', 'pipe'] }));
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

const SITE_BUILD_SCRIPT = path.join(import.meta.dirname, 'site-build.ts');
const REFRESH_INDEX_SCRIPT = path.join(import.meta.dirname, 'refresh-search-index.ts');

/** One build in the site folder's build process (site-build.ts); a prepared one waits for `release` to render the pages. */
interface SiteBuildProcess {
  /** What the prepared bundle was made from: the API address and the site's code. */
  madeFrom: string;
  done: Promise<Finished>;
  exited: boolean;
  release(): void;
  /** Stops a prepared build that will not be used (and the process holding it). */
  discard(): Promise<void>;
}

/**
 * The newest change time and the number of the files a site bundle is made from (the site
 * and the worker code it imports): a prepared bundle older than a code change is not used.
 */
function siteCodeVersion() {
  let newest = 0;
  let files = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        files++;
        newest = Math.max(newest, statSync(full).mtimeMs);
      }
    }
  };
  walk(path.join(ROOT, 'site'));
  walk(path.join(ROOT, 'worker/src'));
  return `${newest}:${files}`;
}

// Astro writes a build's intermediate server bundle under the working folder when the output
// folder is outside it: it must resolve the site's packages, and no other site folder's builds may share it.
const workDirOf = (siteDir: string) => path.join(ROOT, 'site/node_modules/.site-builds', createHash('sha256').update(path.resolve(siteDir)).digest('hex').slice(0, 16));

/**
 * The long-lived build process of one site folder (site-build.ts): one build at a time
 * (SiteBuilds queues them). A process is retired after a failed build, so the next starts clean,
 * and after BUILDS_PER_PROCESS builds: each build's server bundle stays in its module cache.
 */
class SiteBuildRunner {
  private static readonly BUILDS_PER_PROCESS = 20;
  private process: { child: ChildProcess; builds: number } | null = null;
  private count = 0;
  /** The build a process is on: its log so far, and how it is told that the build ended. */
  private current: { child: ChildProcess; output: string; end: (result: Finished) => void } | null = null;

  private readonly siteDir: string;
  private readonly stateDir: string;

  constructor(siteDir: string, stateDir: string) {
    this.siteDir = siteDir;
    this.stateDir = stateDir;
  }

  private spawn() {
    const workDir = workDirOf(this.siteDir);
    mkdirSync(workDir, { recursive: true });
    const child = spawnTied(process.execPath, [SITE_BUILD_SCRIPT], { cwd: workDir, env: offlineEnv(this.stateDir), stdio: ['pipe', 'pipe', 'pipe'] });
    // Writing to a process that already stopped is not an error here: its exit tells what happened.
    child.stdin!.on('error', () => {});
    const take = (chunk: Buffer) => {
      const build = this.current;
      if (build?.child !== child) return;
      // Only the new text, or a result line cut by the last chunk, can hold it: a build of
      // 20,000 pages logs megabytes.
      const from = Math.max(0, build.output.length - `${RESULT_LINE} failed`.length);
      build.output += chunk;
      const at = build.output.indexOf(RESULT_LINE, from);
      const lineEnd = at < 0 ? -1 : build.output.indexOf('\n', at);
      if (lineEnd >= 0) this.end({ ok: build.output.slice(at + RESULT_LINE.length, lineEnd).trim() === 'ok', output: build.output.slice(0, at) });
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('exit', () => {
      if (this.process?.child === child) this.process = null;
      if (this.current?.child === child) this.end({ ok: false, output: this.current.output });
    });
    return { child, builds: 0 };
  }

  private end(result: Finished) {
    const build = this.current!;
    this.current = null;
    if (this.process?.child === build.child && (!result.ok || ++this.process.builds >= SiteBuildRunner.BUILDS_PER_PROCESS)) this.retire();
    // Colours are dropped: CI machines make Astro colour its log, and callers read that log.
    build.end({ ok: result.ok, output: stripVTControlCharacters(result.output) });
  }

  /** Lets the process end (a closed stdin ends it) and starts the next build in a new one. */
  private retire() {
    this.process?.child.stdin!.end();
    this.process = null;
  }

  start(apiUrl: string, prepare: boolean): SiteBuildProcess {
    const { child } = (this.process ??= this.spawn());
    const folder = path.join(workDirOf(this.siteDir), `build-${++this.count}`);
    let end!: (result: Finished) => void;
    const ended = new Promise<Finished>((resolve) => (end = resolve));
    this.current = { child, output: '', end };
    const request: SiteBuildRequest = {
      env: {
        PUBLIC_API_URL: apiUrl,
        SITE_OUT_DIR: path.resolve(this.siteDir, 'staging'),
        // Astro's cache (incremental pages, images, the API copy) belongs to this state's content.
        ASTRO_CACHE_DIR: path.resolve(this.stateDir, 'astro-cache'),
        // Unchanged pages are hard-linked from that cache, not copied (site/integrations/linked-pages.ts).
        SITE_LINK_CACHED_PAGES: '1',
        // The build keeps the served search index; its own is written once it is published.
        SITE_SEARCH_INDEX_FROM: currentLink(this.siteDir),
      },
      folder,
      prepare,
    };
    child.stdin!.write(`${JSON.stringify(request)}\n`);
    const build: SiteBuildProcess = {
      madeFrom: `${apiUrl} ${siteCodeVersion()}`,
      exited: false,
      // The folder held the build's server bundle, which Astro has removed; what is left goes too.
      done: ended.finally(() => {
        build.exited = true;
        rmSync(folder, { recursive: true, force: true });
      }),
      release: () => child.stdin!.write('build\n'),
      discard: async () => {
        if (!build.exited) child.kill();
        await build.done;
      },
    };
    return build;
  }
}

/**
 * The builds of one site folder: one at a time (they share the staging folder and Astro's
 * cache), and, while someone keeps it ready, the next one prepared in advance.
 */
class SiteBuilds {
  private queue: Promise<unknown> = Promise.resolve();
  private prepared: SiteBuildProcess | null = null;
  /** The search index being written for the served build, if any. */
  private indexing: { child: ChildProcess; done: Promise<Finished> } | null = null;
  /** The API the next build is prepared for, while a builder keeps builds ready. */
  readyFor: string | null = null;
  /** Old build folders being removed. */
  private readonly removing = new Set<string>();

  private readonly siteDir: string;
  private readonly stateDir: string;
  private readonly runner: SiteBuildRunner;

  constructor(siteDir: string, stateDir: string) {
    this.siteDir = siteDir;
    this.stateDir = stateDir;
    this.runner = new SiteBuildRunner(siteDir, stateDir);
  }

  private get staging() {
    return path.join(this.siteDir, 'staging');
  }

  build(apiUrl: string): Promise<SiteBuildResult> {
    const result = this.queue.then(() => this.buildNow(apiUrl));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Starts preparing the next build unless one is prepared or running. */
  prepare() {
    this.queue = this.queue.then(() => this.prepareNow());
    return this.queue;
  }

  /** Stops keeping a build ready. */
  stop() {
    this.readyFor = null;
    this.queue = this.queue.then(() => this.dropPrepared());
    return this.queue;
  }

  private async dropPrepared() {
    const prepared = this.prepared;
    this.prepared = null;
    if (prepared) {
      await prepared.discard();
      rmSync(this.staging, { recursive: true, force: true });
      // The server bundle it was keeping for the rendering.
      rmSync(workDirOf(this.siteDir), { recursive: true, force: true });
    }
  }

  private prepareNow() {
    if (this.prepared || !this.readyFor) return;
    rmSync(this.staging, { recursive: true, force: true });
    this.prepared = this.runner.start(this.readyFor, true);
  }

  /** Resolves once no search index is being written. */
  async indexed(): Promise<void> {
    while (this.indexing) await this.indexing.done;
  }

  /**
   * Writes the index of the build just published, in the background. A newer build stops it:
   * that build's own index replaces it, and the CPU goes to the pages.
   */
  private refreshIndex(outDir: string) {
    const child = spawnTied(process.execPath, [REFRESH_INDEX_SCRIPT, outDir], { cwd: ROOT, env: offlineEnv(this.stateDir), stdio: ['ignore', 'pipe', 'pipe'] });
    const indexing = {
      child,
      done: finished(child).finally(() => {
        if (this.indexing === indexing) this.indexing = null;
      }),
    };
    this.indexing = indexing;
  }

  private async buildNow(apiUrl: string): Promise<SiteBuildResult> {
    mkdirSync(this.siteDir, { recursive: true });
    if (this.indexing) {
      this.indexing.child.kill();
      await this.indexing.done;
    }
    if (this.readyFor) this.readyFor = apiUrl;
    let run = this.prepared;
    this.prepared = null;
    if (run && (run.exited || run.madeFrom !== `${apiUrl} ${siteCodeVersion()}`)) {
      // Prepared for another API or older code, or it stopped while preparing: start afresh.
      await run.discard();
      run = null;
    }
    if (run) run.release();
    else {
      rmSync(this.staging, { recursive: true, force: true });
      run = this.runner.start(apiUrl, false);
    }
    const result = await this.publish(await run.done);
    if (result.ok && result.output.includes(KEPT_INDEX_LINE)) this.refreshIndex(path.resolve(this.siteDir, readlinkSync(currentLink(this.siteDir))));
    this.prepareNow();
    return result;
  }

  /**
   * Astro builds into one fixed folder (its incremental cache reuses pages only for the same
   * output folder), renamed here to the build's own name and made the served one. A failed
   * build leaves the served site untouched. The build served before is kept a while for
   * requests still reading it; older ones are removed.
   */
  private async publish(result: Finished): Promise<SiteBuildResult> {
    const skipped = [...new Set(result.output.match(SKIPPED_LINE) ?? [])].map((line) => line.slice(line.indexOf('Halaman dilewati:')));
    if (!result.ok) {
      rmSync(this.staging, { recursive: true, force: true });
      return { ok: false, output: result.output, skipped };
    }
    const outDir = path.join(this.siteDir, `build-${Date.now()}`);
    renameSync(this.staging, outDir);
    const link = currentLink(this.siteDir);
    const previous = existsSync(link) ? path.basename(readlinkSync(link)) : null;
    if (process.platform === 'win32') {
      // Windows links folders as junctions (no privilege needed): absolute targets, not renamed over.
      if (previous) unlinkSync(link);
      symlinkSync(outDir, link, 'junction');
    } else {
      const next = `${link}.next`;
      rmSync(next, { force: true });
      symlinkSync(path.basename(outDir), next);
      renameSync(next, link);
    }
    // Removing a build of 20,000 pages takes seconds, in a process of its own: in this one, even
    // off the event loop, its unlinks filled the thread pool that the site server sharing this
    // process reads pages with, and the new page was served 2.2 s after it went live.
    for (const entry of readdirSync(this.siteDir)) {
      if (!entry.startsWith('build-') || entry === path.basename(outDir) || entry === previous || this.removing.has(entry)) continue;
      this.removing.add(entry);
      void finished(spawnTied(process.execPath, ['-e', REMOVE_FOLDER, path.join(this.siteDir, entry)], { stdio: ['ignore', 'pipe', 'pipe'] }))
        .then((removal) => removal.ok || console.error(`could not remove the old site build ${entry}:\n${removal.output}`))
        .finally(() => this.removing.delete(entry));
    }
    return { ok: true, output: result.output, skipped };
  }
}

const siteBuilds = new Map<string, SiteBuilds>();
const buildsOf = (siteDir: string, stateDir: string) => {
  const key = path.resolve(siteDir);
  if (!siteBuilds.has(key)) siteBuilds.set(key, new SiteBuilds(key, stateDir));
  return siteBuilds.get(key)!;
};

/**
 * Builds the site from the API at `apiUrl` into a new folder of `siteDir` and, if it built,
 * makes it the served one (see SiteBuilds.publish). Builds of one folder run one at a time.
 */
export function buildSite(apiUrl: string, siteDir: string, stateDir: string): Promise<SiteBuildResult> {
  return buildsOf(siteDir, stateDir).build(apiUrl);
}

/** Resolves once the search index of the last build of `siteDir` that kept the served one is written. */
export const searchIndexWritten = (siteDir: string) => siteBuilds.get(path.resolve(siteDir))?.indexed() ?? Promise.resolve();

/**
 * Keeps the next build of `siteDir` prepared (process started, Astro loaded, pages and islands
 * bundled), so a build asked for later only renders pages. Resolves to a function that stops it.
 */
export async function keepSiteBuildReady(apiUrl: string, siteDir: string, stateDir: string) {
  mkdirSync(siteDir, { recursive: true });
  const builds = buildsOf(siteDir, stateDir);
  builds.readyFor = apiUrl;
  await builds.prepare();
  return () => builds.stop();
}

export interface SiteBuilder {
  url: string;
  /** Asks the worker for a build (recorded like any other) and resolves with its result. */
  buildNow(reason: string): Promise<SiteBuildResult>;
  /** Resolves when no build is running or queued and the last one's search index is written. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a hook call's signature header is the body's HMAC under the shared secret (compared in constant time). */
function signedBy(secret: string, body: string, header: string | string[] | undefined) {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(typeof header === 'string' ? header : '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Serves POST /build for the worker's rebuild hook. */
export async function startSiteBuilder(opts: {
  port: number;
  apiUrl: () => string;
  siteDir: string;
  stateDir: string;
  secret: string;
  log?: (line: string) => void;
  /** Requested builds wait while this answers true, then run as one. */
  holdWhile?: () => boolean;
}): Promise<SiteBuilder> {
  const log = opts.log ?? (() => {});
  let holding: NodeJS.Timeout | null = null;
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
    // The build does not wait for the worker to note that it started; the final report does.
    const started = performance.now();
    const building = Promise.all(buildIds.map((buildId) => report({ buildId, status: 'building' })));
    const result = await buildSite(opts.apiUrl(), opts.siteDir, opts.stateDir);
    const durationMs = Math.round(performance.now() - started);
    await building;
    // What the save waited for inside the build process (site-build.ts prints it), beside the whole.
    const rendering = result.output.match(/\[site-build\] since the request: (.*)/)?.[1];
    // Astro names each image file it had to make (not found in its cache) with its weight before and after.
    const newImages = result.output.split('(before: ').length - 1;
    log(
      result.ok
        ? `site rebuilt in ${(durationMs / 1000).toFixed(1)} s${rendering ? ` (since the request: ${rendering})` : ''}${newImages ? `, ${newImages} new image files` : ''}`
        : `site build failed; still serving the last good build\n${result.output.slice(-2000)}`,
    );
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
    if (opts.holdWhile?.()) {
      holding ??= setTimeout(() => {
        holding = null;
        pump();
      }, 250);
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
    if (request.method !== 'POST' || request.url !== '/build') {
      response.writeHead(404).end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      // The worker signs its call with the secret it shares with this builder, and never sends the secret.
      if (!signedBy(opts.secret, body, request.headers[SIGNATURE_HEADER])) {
        response.writeHead(404).end();
        return;
      }
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
  // A save then waits only for its pages to render (site-build.ts).
  const stopKeepingReady = hasSite() ? await keepSiteBuildReady(opts.apiUrl(), opts.siteDir, opts.stateDir) : async () => {};

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
    idle: async () => {
      // Builds, then the search index of the last one (a build asked meanwhile starts the wait again).
      for (;;) {
        if (running || queued.length) await new Promise<void>((resolve) => idleWaiters.push(resolve));
        await buildsOf(opts.siteDir, opts.stateDir).indexed();
        if (!running && !queued.length) return;
      }
    },
    close: async () => {
      if (holding) clearTimeout(holding);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopKeepingReady();
    },
  };
}
