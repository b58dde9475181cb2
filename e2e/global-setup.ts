/// <reference path="./context.d.ts" />
/**
 * The whole product for browser tests, started as `npm start` starts it (scripts/lib/product.ts):
 * a fresh seeded local D1/R2, the admin and the site built into a temporary folder, the rebuild
 * receiver running so content changes reach the served site.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_ADMIN } from '../scripts/lib/local.ts';
import { startProduct } from '../scripts/lib/product.ts';

export default async function setup(project: TestProject) {
  const state = mkdtempSync(path.join(tmpdir(), 'cms-e2e-'));
  const port = 9900 + Math.floor(Math.random() * 90);
  const product = await startProduct({ stateDir: state, outDir: state, port, sitePort: port + 2000, builderPort: port + 1000, vars: { REBUILD_DEBOUNCE_MS: '1500' } });
  if (product.firstBuild && !product.firstBuild.ok) {
    await product.stop();
    throw new Error(`site build failed:\n${product.firstBuild.output}`);
  }
  project.provide('baseUrl', product.worker.url);
  project.provide('adminPassword', DEFAULT_ADMIN.password);
  project.provide('stateDir', state);
  return async () => {
    await product.stop();
    rmSync(state, { recursive: true, force: true });
  };
}
