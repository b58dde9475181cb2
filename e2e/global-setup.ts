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
import { finishInBackground } from '../scripts/lib/background-setup.ts';
import { bundleWorker, DEFAULT_ADMIN } from '../scripts/lib/local.ts';
import { prepareState, startProduct, type RunningProduct } from '../scripts/lib/product.ts';
// What the global setup provides to inject(), typed.
import type {} from './context.d.ts';
import { HOLD_BUILDS_FILE, PRODUCT_LOG } from './markers.ts';

/**
 * Answers at once with where the products will be, and starts them in the background: vitest runs
 * the other projects' tests meanwhile (the API tests leave part of the 2 cores idle), and each
 * browser test file waits in e2e/product.ts until they answer.
 */
export default function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'cms-e2e-'));
  const count = project.config.maxWorkers;
  const firstPort = 9900 + 2 * Math.floor(Math.random() * 45);
  const products = Array.from({ length: count }, (_, index) => ({ name: `product-${index + 1}`, port: firstPort + index }));
  const started: RunningProduct[] = [];
  const starting = finishInBackground(root, startProducts(root, products, started));
  project.provide(
    'products',
    products.map(({ name, port }) => ({ baseUrl: `http://127.0.0.1:${port}`, stateDir: path.join(root, name) })),
  );
  project.provide('productsFolder', root);
  project.provide('adminPassword', DEFAULT_ADMIN.password);
  return async () => {
    await starting;
    await Promise.all(started.map((product) => product.stop()));
    rmSync(root, { recursive: true, force: true });
  };
}

async function startProducts(root: string, products: Array<{ name: string; port: number }>, started: RunningProduct[]) {
  mkdirSync(path.dirname(PRODUCT_LOG), { recursive: true });
  writeFileSync(PRODUCT_LOG, '');
  const logOf = (name: string) => (line: string) => appendFileSync(PRODUCT_LOG, `${new Date().toISOString()} [${name}] ${line}\n`);

  const template = path.join(root, 'seeded');
  const adminDir = path.join(root, 'www');
  // The admin build and the worker's bundle run in processes of their own while the database is
  // migrated and seeded. The products serve the bundle: no test changes the worker's code.
  const admin = hasAdmin() ? buildAdmin(adminDir, template) : Promise.resolve();
  const emptyAssets = path.join(root, 'no-assets');
  mkdirSync(emptyAssets);
  const [, workerBundle] = await Promise.all([admin, bundleWorker(path.join(root, 'worker'), emptyAssets), prepareState(template, logOf('setup'))]);
  logOf('setup')('admin built');

  // One after another: wrangler takes a free inspector port as it starts, and two starting at once can pick the same.
  for (const { name, port } of products) {
    const stateDir = path.join(root, name);
    cpSync(template, stateDir, { recursive: true });
    started.push(
      await startProduct({ stateDir, outDir: stateDir, port, sitePort: port + 2000, builderPort: port + 1000, log: logOf(name), adminDir, stateReady: true, buildFirst: false, holdBuildsWhile: () => existsSync(path.join(stateDir, HOLD_BUILDS_FILE)), workerBundle }),
    );
  }
  // The first site builds run side by side.
  if (hasSite()) {
    for (const build of await Promise.all(started.map((product) => product.builder.buildNow('Start-up')))) {
      if (!build.ok) throw new Error(`site build failed:\n${build.output}`);
    }
  }
  for (const { name } of products) writeFileSync(path.join(root, name, HOLD_BUILDS_FILE), '');
}
