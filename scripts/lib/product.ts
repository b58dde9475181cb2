/**
 * The whole product on one port, as `npm start` and the browser tests run it: local D1/R2
 * migrated and seeded, the admin built into wrangler's assets, the site served by a small
 * static server the worker fetches public pages from, the rebuild receiver, and a first site
 * build asked through the worker so it is recorded and reported like every other.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildAdmin, currentLink, hasAdmin, hasSite, startSiteBuilder, type SiteBuilder, type SiteBuildResult } from './builds.ts';
import { assertPortFree, migrateAndSeed, startBundledWorker, startWorker, type LocalWorker } from './local.ts';
import { startSiteServer, type SiteServer } from './site-server.ts';

export interface ProductOptions {
  stateDir: string;
  /** Where the admin (wrangler's assets) and the site builds go. */
  outDir: string;
  port: number;
  /** The site server's and the rebuild receiver's ports; by default the two after port + 1. */
  sitePort?: number;
  builderPort?: number;
  vars?: Record<string, string>;
  verbose?: boolean;
  log?: (line: string) => void;
  /** A folder holding the admin built already (several products can serve one build); built into outDir otherwise. */
  adminDir?: string;
  /** The state folder holds a database migrated and seeded already (a copy of one prepared by prepareState). */
  stateReady?: boolean;
  /** Build the site before answering (true); otherwise the caller asks for the first build (`builder.buildNow`). */
  buildFirst?: boolean;
  /** Site builds wait while this answers true (see startSiteBuilder). */
  holdBuildsWhile?: () => boolean;
  /**
   * The worker bundled beforehand, for products that never see its code change: served through
   * Miniflare in this process (startBundledWorker). Without it, wrangler dev bundles the source
   * and bundles it again on every edit.
   */
  workerBundle?: string;
}

export interface RunningProduct {
  worker: LocalWorker;
  builder: SiteBuilder;
  site: SiteServer;
  /** The first site build's result, or null without a site or when the caller builds it. */
  firstBuild: SiteBuildResult | null;
  stop(): Promise<void>;
}

/** Migrates the local D1 database in `stateDir` and seeds it when it is empty. */
export async function prepareState(stateDir: string, log: (line: string) => void = () => {}) {
  log('applying migrations to the local D1 database');
  if (await migrateAndSeed(stateDir)) log('seeded demo content and the admin account');
}

export async function startProduct({ stateDir, outDir, port, sitePort = port + 2, builderPort = port + 3, vars = {}, verbose = false, log = () => {}, adminDir, stateReady = false, buildFirst = true, holdBuildsWhile, workerBundle }: ProductOptions): Promise<RunningProduct> {
  const siteDir = path.join(outDir, 'site');
  // Before any work: a port held by another process (an earlier start?) stops the start here.
  await assertPortFree(port, 'the worker');
  await assertPortFree(sitePort, 'the site server');
  await assertPortFree(builderPort, 'the site builder');
  if (!stateReady) await prepareState(stateDir, log);
  // wrangler's assets hold only the admin: they never change while the worker runs.
  const wwwDir = adminDir ?? path.join(outDir, 'www');
  if (!adminDir) {
    rmSync(wwwDir, { recursive: true, force: true });
    if (hasAdmin()) {
      log('building the admin');
      await buildAdmin(wwwDir, stateDir);
    }
  }

  const started: Array<{ stop(): Promise<void> } | { close(): Promise<void> }> = [];
  const stop = () => Promise.all(started.map((part) => ('stop' in part ? part.stop() : part.close()))).then(() => undefined);
  try {
    const secret = randomBytes(16).toString('hex');
    const apiUrl = `http://127.0.0.1:${port}`;
    const site = await startSiteServer({ port: sitePort, currentLink: currentLink(siteDir) });
    started.push(site);
    const builder = await startSiteBuilder({ port: builderPort, apiUrl: () => apiUrl, siteDir, stateDir, secret, log, holdWhile: holdBuildsWhile });
    started.push(builder);
    const options = { stateDir, port, assetsDir: wwwDir, siteOrigin: site.url, verbose, vars: { REBUILD_SECRET: secret, REBUILD_HOOK_URL: builder.url, ...vars } };
    const worker = workerBundle ? await startBundledWorker({ ...options, bundle: workerBundle }) : await startWorker(options);
    started.push(worker);
    let firstBuild: SiteBuildResult | null = null;
    if (buildFirst && hasSite()) {
      log('building the site from the API');
      firstBuild = await builder.buildNow('Start-up');
    }
    return { worker, builder, site, firstBuild, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
