/** Starts one local worker (wrangler dev, local D1/R2 in a fresh temp folder, seeded) for the API tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_ADMIN, migrate, seedIfEmpty, startWorker } from '../../scripts/lib/local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    adminPassword: string;
  }
}

export default async function setup(project: TestProject) {
  const state = mkdtempSync(path.join(tmpdir(), 'cms-api-'));
  migrate(state);
  await seedIfEmpty(state);
  const port = 9100 + Math.floor(Math.random() * 800);
  const worker = await startWorker({ stateDir: state, port, assetsDir: path.join(state, 'www'), vars: { REBUILD_DEBOUNCE_MS: '200' } });
  project.provide('apiUrl', worker.url);
  project.provide('adminPassword', DEFAULT_ADMIN.password);
  return async () => {
    await worker.stop();
    rmSync(state, { recursive: true, force: true });
  };
}
