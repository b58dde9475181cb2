/** Starts one local worker (wrangler dev, local D1/R2 in a fresh temp folder, seeded) for the API tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_ADMIN, localBackupSecret, migrate, seedIfEmpty, startWorker } from '../../scripts/lib/local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    adminPassword: string;
    /** GET it for { calls }: how often the worker called its rebuild hook. */
    hookCounter: string;
    rebuildSecret: string;
    /** Signs the newsletter's links, so tests can make an expired one. */
    newsletterSecret: string;
    /** The worker's local D1/R2 folder, for tests that count rows no endpoint shows. */
    apiStateDir: string;
    /** The worker's BACKUP_SECRET, so tests can check the backups it signs. */
    backupSecret: string;
  }
}

export default async function setup(project: TestProject) {
  const state = mkdtempSync(path.join(tmpdir(), 'cms-api-'));
  migrate(state);
  await seedIfEmpty(state);
  const port = 9100 + Math.floor(Math.random() * 800);
  // Stands in for the site builder: counts the worker's rebuild hook calls.
  let calls = 0;
  const hook = createServer((request, response) => {
    if (request.method === 'POST') calls++;
    response.writeHead(request.method === 'POST' ? 202 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ calls }));
  });
  await new Promise<void>((resolve) => hook.listen(port + 1000, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${port + 1000}/build`;
  const secret = 'test-rebuild-secret';
  const newsletterSecret = 'test-newsletter-secret';
  // A debounce longer than a burst of saves takes on a loaded 2-core machine (about 300 ms each).
  const worker = await startWorker({
    stateDir: state,
    port,
    assetsDir: path.join(state, 'www'),
    // Small newsletter batches, so a test can stop a send half way.
    vars: { REBUILD_DEBOUNCE_MS: '1000', REBUILD_HOOK_URL: hookUrl, REBUILD_SECRET: secret, NEWSLETTER_SECRET: newsletterSecret, NEWSLETTER_BATCH_SIZE: '25' },
  });
  project.provide('apiUrl', worker.url);
  project.provide('adminPassword', DEFAULT_ADMIN.password);
  project.provide('hookCounter', hookUrl);
  project.provide('rebuildSecret', secret);
  project.provide('newsletterSecret', newsletterSecret);
  project.provide('apiStateDir', state);
  project.provide('backupSecret', localBackupSecret(state));
  return async () => {
    await worker.stop();
    hook.close();
    rmSync(state, { recursive: true, force: true });
  };
}
