/// <reference path="./context.d.ts" />
/**
 * The whole product for browser tests: a fresh seeded local D1/R2, the admin and the site
 * built into a temporary assets folder, served by wrangler dev, with the rebuild receiver
 * running so content changes reach the served site as they do under `npm start`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildAdmin, buildSite, hasAdmin, hasSite, startSiteBuilder } from '../scripts/lib/builds.ts';
import { DEFAULT_ADMIN, migrate, seedIfEmpty, startWorker } from '../scripts/lib/local.ts';


export default async function setup(project: TestProject) {
  const state = mkdtempSync(path.join(tmpdir(), 'cms-e2e-'));
  const www = path.join(state, 'www');
  migrate(state);
  await seedIfEmpty(state);
  const port = 9900 + Math.floor(Math.random() * 90);
  const apiUrl = `http://127.0.0.1:${port}`;
  const secret = randomBytes(16).toString('hex');
  if (hasAdmin()) await buildAdmin(www, state);
  const builder = await startSiteBuilder({ port: port + 1000, apiUrl: () => apiUrl, wwwDir: www, stateDir: state, secret });
  const worker = await startWorker({
    stateDir: state,
    port,
    assetsDir: www,
    vars: { REBUILD_SECRET: secret, REBUILD_HOOK_URL: builder.url, REBUILD_DEBOUNCE_MS: '1500' },
  });
  if (hasSite()) {
    const result = await buildSite(apiUrl, www, state);
    if (!result.ok) throw new Error(`site build failed:\n${result.output}`);
  }
  project.provide('baseUrl', apiUrl);
  project.provide('adminPassword', DEFAULT_ADMIN.password);
  return async () => {
    await worker.stop();
    await builder.close();
    rmSync(state, { recursive: true, force: true });
  };
}
