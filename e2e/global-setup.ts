/// <reference path="./context.d.ts" />
/**
 * The whole product for browser tests, started as `npm start` starts it (scripts/lib/product.ts):
 * a fresh seeded local D1/R2, the admin and the site built into a temporary folder, the rebuild
 * receiver running so content changes reach the served site.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_ADMIN, ROOT } from '../scripts/lib/local.ts';
import { startProduct } from '../scripts/lib/product.ts';

export default async function setup(project: TestProject) {
  const state = mkdtempSync(path.join(tmpdir(), 'cms-e2e-'));
  const port = 9900 + Math.floor(Math.random() * 90);
  // The product's own log (builds and their times), kept after the run for a failure's story.
  const logFile = path.join(ROOT, '.build/test/e2e-product.log');
  mkdirSync(path.dirname(logFile), { recursive: true });
  writeFileSync(logFile, '');
  const log = (line: string) => appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
  const product = await startProduct({ stateDir: state, outDir: state, port, sitePort: port + 2000, builderPort: port + 1000, vars: { REBUILD_DEBOUNCE_MS: '1500' }, log });
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
