/**
 * This test file's own worker: the bundle from global-setup.ts in the real Workers runtime
 * (Miniflare, in this process), over a copy of the seeded D1/R2 template, so files run in
 * parallel without sharing data. Its clock for the Cron Trigger is whatever time a test passes,
 * the rebuild hook is answered here, and sent emails stay readable through Miniflare's explorer.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { convertV4MiniflareOptions, fetch as miniflareFetch, Miniflare, type Request as MiniflareRequest } from 'miniflare';
import { inject } from 'vitest';
import { backgroundSetupDone } from '../../scripts/lib/background-setup.ts';
import { bundledWorkerOptions, type WorkerConfig } from '../../scripts/lib/local.ts';

/** Where the worker sends its rebuild requests; answered in-process by `TestWorker`. */
const REBUILD_HOOK_URL = 'http://rebuild-hook.test/build';

export interface TestWorkerOptions {
  /** Extra or changed vars of the worker. */
  vars?: Record<string, string>;
  /** Whether tests read the mail it sends (mail.ts): Miniflare's Local Explorer then serves it (0.1 s of CPU a start). */
  mailbox?: boolean;
}

export class TestWorker {
  private readonly miniflare: Miniflare;
  /** The worker's address, for tests and tools that speak HTTP to it. */
  readonly url: string;
  readonly stateDir: string;
  /** The build ids of the rebuild hook's calls, in order. */
  readonly hookCalls: readonly string[];

  private constructor(miniflare: Miniflare, url: string, stateDir: string, hookCalls: readonly string[]) {
    this.miniflare = miniflare;
    this.url = url;
    this.stateDir = stateDir;
    this.hookCalls = hookCalls;
  }

  static async start({ vars = {}, mailbox = false }: TestWorkerOptions = {}) {
    await backgroundSetupDone(inject('apiSetupFolder'), 'bundling the worker and seeding the template', 180_000);
    const stateDir = mkdtempSync(path.join(tmpdir(), 'cms-api-file-'));
    cpSync(inject('templateStateDir'), stateDir, { recursive: true });
    const hookCalls: string[] = [];
    const miniflare = new Miniflare(
      convertV4MiniflareOptions(
        bundledWorkerOptions(JSON.parse(inject('workerOptionsJson')) as WorkerConfig, {
          bundle: runBundle(),
          stateDir,
          bindings: {
            // A debounce longer than a burst of saves takes on a loaded 2-core machine (about 300 ms each).
            REBUILD_DEBOUNCE_MS: '1000',
            REBUILD_HOOK_URL,
            REBUILD_SECRET: inject('rebuildSecret'),
            NEWSLETTER_SECRET: inject('newsletterSecret'),
            BACKUP_SECRET: inject('backupSecret'),
            // Small newsletter batches, so a test can stop a send half way.
            NEWSLETTER_BATCH_SIZE: '25',
            ...vars,
          },
          // Serves /cdn-cgi/local/explorer, where sent emails are listed.
          shared: { unsafeLocalExplorer: mailbox },
          worker: {
            outboundService: async (request: MiniflareRequest) => {
              // Other calls (the site a preview reads) go out as they would without this hook, by Miniflare's own fetch: the request is its undici's.
              if (request.url !== REBUILD_HOOK_URL) return miniflareFetch(request);
              hookCalls.push(((await request.json()) as { buildId: string }).buildId);
              return Response.json({ calls: hookCalls.length }, { status: 202 });
            },
          },
        }),
      ),
    );
    return new TestWorker(miniflare, (await miniflare.ready).origin, stateDir, hookCalls);
  }

  /** Runs the Cron Trigger's jobs as if the time were `time` (ms); resolves when they have run. */
  async runScheduled(time = Date.now()) {
    const fetcher = await this.miniflare.getWorker();
    const result = await fetcher.scheduled({ scheduledTime: new Date(time), cron: '* * * * *' });
    if (result.outcome !== 'ok') throw new Error(`the scheduled run ended ${result.outcome}`);
  }

  /** The worker's D1 database, for tests that count rows no endpoint shows. */
  database() {
    return this.miniflare.getD1Database('DB');
  }

  /** The worker's R2 bucket, for tests that hold files no upload takes any more (stored before, or restored). */
  bucket() {
    return this.miniflare.getR2Bucket('BUCKET');
  }

  async stop() {
    await this.miniflare.dispose();
    rmSync(this.stateDir, { recursive: true, force: true });
  }
}

/**
 * The worker as global-setup.ts bundled it once for the run, for tests that start `wrangler dev`
 * themselves: it then serves it as it is, without bundling again (about a second of CPU).
 */
export const runBundle = () => path.join(inject('bundleDir'), 'index.js');

let current: TestWorker | undefined;

/** This test file's worker, started by setup.ts before the file runs. */
export function fileWorker() {
  if (!current) throw new Error('no worker for this test file: worker/test/setup.ts starts it');
  return current;
}

export async function startFileWorker(options: TestWorkerOptions = {}) {
  current = await TestWorker.start(options);
  return current;
}
