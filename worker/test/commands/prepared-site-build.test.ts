/**
 * Save -> live without paying for Astro's start and bundling: the builder keeps the next site
 * build prepared (scripts/lib/site-build.ts) and a build only renders pages. Each build must
 * still read the content as it is when the build is asked for, not when it was prepared; a
 * failed build keeps the last good site; and a save through the worker's hook reaches the
 * served site with nobody asking for a build. Its own worker and state.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite, currentLink, keepSiteBuildReady, startSiteBuilder, type SiteBuilder } from '../../../scripts/lib/builds.ts';
import { DEFAULT_ADMIN, startBundledWorker, type LocalWorker } from '../../../scripts/lib/local.ts';
import { startSiteServer, type SiteServer } from '../../../scripts/lib/site-server.ts';
import { runBundle } from '../worker.ts';

const state = mkdtempSync(path.join(tmpdir(), 'cms-prepared-build-'));
const www = path.join(state, 'www');
const siteDir = path.join(state, 'site');
const port = 9600 + Math.floor(Math.random() * 90);
const PREPARED = '[site-build] bundled; waiting for the build request to render the pages';
let worker: LocalWorker;
let stopKeepingReady: () => Promise<unknown>;
let cookie = '';
let article: { _id: string; slug: string };

const login = async () => {
  const response = await fetch(`${worker.url}/api/auth/login`, { method: 'POST', headers: { origin: worker.url, 'content-type': 'application/json' }, body: JSON.stringify(DEFAULT_ADMIN) });
  cookie = response.headers.get('set-cookie')!.split(';')[0]!;
};
const send = async (method: string, route: string, body: unknown) => {
  const response = await fetch(worker.url + route, { method, headers: { cookie, origin: worker.url, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json<{ success: boolean; data: { _id: string; slug: string }; message: string }>();
  if (!answer.success) throw new Error(`${method} ${route}: ${answer.message}`);
  return answer.data;
};
const served = (file: string) => readFileSync(path.join(currentLink(siteDir), file), 'utf8');

beforeAll(async () => {
  cpSync(inject('templateStateDir'), state, { recursive: true });
  worker = await startBundledWorker({ stateDir: state, port, assetsDir: www, bundle: runBundle() });
  await login();
  article = await send('POST', '/api/bio-core', { title: 'Artikel Awal', content: '<p>Isi awal.</p>', isPublished: true });
  stopKeepingReady = await keepSiteBuildReady(worker.url, siteDir, state);
  const first = await buildSite(worker.url, siteDir, state);
  if (!first.ok) throw new Error(first.output.slice(-3000));
}, 300_000);

afterAll(async () => {
  await stopKeepingReady?.();
  await worker?.stop();
  rmSync(state, { recursive: true, force: true });
});

describe('a builder keeping the next build prepared', () => {
  it('publishes the save made before each of two builds in a row, read after the build was asked for', async () => {
    for (const title of ['Judul Kedua', 'Judul Ketiga']) {
      await send('PUT', `/api/bio-core/${article._id}`, { title });
      const result = await buildSite(worker.url, siteDir, state);
      expect(result.ok, result.output.slice(-3000)).toBe(true);
      // Bundled before the request; the content read (and the pages rendered) after it.
      expect(result.output).toContain(PREPARED);
      expect(result.output.indexOf('[content] /api/bio-core')).toBeGreaterThan(result.output.indexOf(PREPARED));
      expect(served(`bio-core/${article.slug}.html`)).toContain(title);
      expect(served('bio-core.html')).toContain(title);
    }
    // Older builds are removed in the background: the served build and the one before it stay, for requests still reading it.
    await expect.poll(() => readdirSync(siteDir).filter((entry) => entry.startsWith('build-')).length, { timeout: 30_000 }).toBe(2);
  }, 180_000);

  it('keeps serving the last good site when a build fails, and builds again once the API is back', async () => {
    const before = readlinkSync(currentLink(siteDir));
    await worker.stop();
    const failed = await buildSite(worker.url, siteDir, state);
    expect(failed.ok).toBe(false);
    expect(readlinkSync(currentLink(siteDir))).toBe(before);
    expect(served(`bio-core/${article.slug}.html`)).toContain('Judul Ketiga');

    worker = await startBundledWorker({ stateDir: state, port, assetsDir: www, bundle: runBundle() });
    await login();
    await send('PUT', `/api/bio-core/${article._id}`, { title: 'Judul Setelah Gagal' });
    const result = await buildSite(worker.url, siteDir, state);
    expect(result.ok, result.output.slice(-3000)).toBe(true);
    expect(result.output).toContain(PREPARED);
    expect(served(`bio-core/${article.slug}.html`)).toContain('Judul Setelah Gagal');
  }, 180_000);
});

describe('a save through the worker', () => {
  let builder: SiteBuilder;
  let site: SiteServer;
  const builds: string[] = [];
  let buildEnded: () => void = () => {};

  beforeAll(async () => {
    await worker.stop();
    const secret = randomBytes(16).toString('hex');
    site = await startSiteServer({ port: port + 2000, currentLink: currentLink(siteDir) });
    builder = await startSiteBuilder({
      port: port + 1000,
      apiUrl: () => worker.url,
      siteDir,
      stateDir: state,
      secret,
      log: (line) => {
        if (/^site (rebuilt|build failed)/.test(line)) {
          builds.push(line);
          buildEnded();
        }
      },
    });
    worker = await startBundledWorker({ stateDir: state, port, assetsDir: www, bundle: runBundle(), siteOrigin: site.url, vars: { REBUILD_SECRET: secret, REBUILD_HOOK_URL: builder.url } });
    await login();
  }, 120_000);

  afterAll(async () => {
    await builder?.close();
    await site?.close();
  });

  it('reaches the public page with the worker default debounce and no build asked by hand', async () => {
    const ended = new Promise<void>((resolve) => (buildEnded = resolve));
    const title = `Judul Dari Admin ${randomBytes(3).toString('hex')}`;
    await send('PUT', `/api/bio-core/${article._id}`, { title });
    await ended;
    expect(builds).toHaveLength(1);
    expect(builds[0]).toMatch(/^site rebuilt/);
    const page = await fetch(`${worker.url}/bio-core/${article.slug}`);
    expect(await page.text()).toContain(title);
  }, 120_000);
});
