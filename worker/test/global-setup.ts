/**
 * Prepared once per run for every API test file: the worker bundled as `wrangler deploy` bundles
 * it, its Miniflare options read from wrangler.toml, and a migrated, seeded D1/R2 template that
 * each file copies into a state folder of its own (worker/test/worker.ts). The bundle and the
 * template are made in the background (scripts/lib/background-setup.ts): the admin's tests run
 * meanwhile, and each API file waits for them as it starts its worker.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { finishInBackground } from '../../scripts/lib/background-setup.ts';
import { bundleWorker, DEFAULT_ADMIN, localBackupSecret, migrateAndSeed, workerConfig } from '../../scripts/lib/local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder holding the bundled worker (index.js). */
    bundleDir: string;
    /** wrangler.toml's worker options for Miniflare (bindings, assets, compatibility), as JSON. */
    workerOptionsJson: string;
    /** Migrated and seeded local state (`<dir>/v3`), copied by each test file. */
    templateStateDir: string;
    /** Where the setup says the bundle and the template are ready (background-setup.ts). */
    apiSetupFolder: string;
    adminPassword: string;
    rebuildSecret: string;
    /** Signs the newsletter's links, so tests can make an expired one. */
    newsletterSecret: string;
    /** The workers' BACKUP_SECRET, so tests can check the backups they sign. */
    backupSecret: string;
  }
}

export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'cms-api-'));
  const bundleDir = path.join(root, 'bundle');
  const assetsDir = path.join(root, 'www');
  const templateStateDir = path.join(root, 'template');
  mkdirSync(assetsDir, { recursive: true });
  const workerOptions = await workerConfig(assetsDir);
  const ready = finishInBackground(root, Promise.all([bundleWorker(bundleDir, assetsDir), migrateAndSeed(templateStateDir)]));
  project.provide('bundleDir', bundleDir);
  project.provide('workerOptionsJson', JSON.stringify(workerOptions));
  project.provide('templateStateDir', templateStateDir);
  project.provide('apiSetupFolder', root);
  project.provide('adminPassword', DEFAULT_ADMIN.password);
  project.provide('rebuildSecret', 'test-rebuild-secret');
  project.provide('newsletterSecret', 'test-newsletter-secret');
  // The template's own backup secret, as a product's state folder holds one; every file's worker signs with it.
  project.provide('backupSecret', localBackupSecret(templateStateDir));
  return async () => {
    await ready;
    rmSync(root, { recursive: true, force: true });
  };
}
