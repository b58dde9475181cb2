/**
 * The whole product for browser tests, started as `npm start` starts it (scripts/lib/product.ts),
 * once for each test file that may run at the same time: every file drives a product of its own
 * for as long as it runs (e2e/product.ts), so files that count builds or restore backups never
 * meet another file's writes. Each product has its own copy of one seeded local D1/R2 and its own
 * site builds; all serve one build of the admin.
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildAdmin, hasAdmin, hasSite } from '../scripts/lib/builds.ts';
import { bundleWorker, DEFAULT_ADMIN, ROOT } from '../scripts/lib/local.ts';
import { prepareState, startProduct, type RunningProduct } from '../scripts/lib/product.ts';
// What the global setup provides to inject(), typed.
import type {} from './context.d.ts';
import { HOLD_BUILDS_FILE } from './site-builds.ts';

export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'cms-e2e-'));
  const count = project.config.maxWorkers;
  const firstPort = 9900 + 2 * Math.floor(Math.random() * 45);
  // The products' own log (builds and their times), kept after the run for a failure's story.
  const logFile = path.join(ROOT, '.build/test/e2e-product.log');
  mkdirSync(path.dirname(logFile), { recursive: true });
  writeFileSync(logFile, '');
  const logOf = (name: string) => (line: string) => appendFileSync(logFile, `${new Date().toISOString()} [${name}] ${line}\n`);

  const template = path.join(root, 'seeded');
  const adminDir = path.join(root, 'www');
  // The admin build and the worker's bundle run in processes of their own while the database is
  // migrated and seeded. The products serve the bundle: no test changes the worker's code.
  const admin = hasAdmin() ? buildAdmin(adminDir, template) : Promise.resolve();
  const emptyAssets = path.join(root, 'no-assets');
  mkdirSync(emptyAssets);
  const [, workerBundle] = await Promise.all([admin, bundleWorker(path.join(root, 'worker'), emptyAssets), prepareState(template, logOf('setup'))]);
  logOf('setup')('admin built');

  const started: Array<{ product: RunningProduct; stateDir: string }> = [];
  const stopAll = () => Promise.all(started.map(({ product }) => product.stop()));
  try {
    // One after another: wrangler takes a free inspector port as it starts, and two starting at once can pick the same.
    for (let index = 0; index < count; index++) {
      const name = `product-${index + 1}`;
      const stateDir = path.join(root, name);
      cpSync(template, stateDir, { recursive: true });
      const port = firstPort + index;
      const product = await startProduct({ stateDir, outDir: stateDir, port, sitePort: port + 2000, builderPort: port + 1000, log: logOf(name), adminDir, stateReady: true, buildFirst: false, holdBuildsWhile: () => existsSync(path.join(stateDir, HOLD_BUILDS_FILE)), workerBundle });
      started.push({ product, stateDir });
    }
    // The first site builds run side by side.
    if (hasSite()) {
      for (const build of await Promise.all(started.map(({ product }) => product.builder.buildNow('Start-up')))) {
        if (!build.ok) throw new Error(`site build failed:\n${build.output}`);
      }
    }
    for (const { stateDir } of started) writeFileSync(path.join(stateDir, HOLD_BUILDS_FILE), '');
  } catch (error) {
    await stopAll();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  project.provide(
    'products',
    started.map(({ product, stateDir }) => ({ baseUrl: product.worker.url, stateDir })),
  );
  project.provide('adminPassword', DEFAULT_ADMIN.password);
  return async () => {
    await stopAll();
    rmSync(root, { recursive: true, force: true });
  };
}
