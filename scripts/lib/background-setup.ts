/**
 * A vitest global setup's slow work run in the background: vitest starts no test before every
 * project's global setup has returned, so a setup that answers at once lets the other projects'
 * tests run while it bundles, seeds or starts servers. It says in its folder when the work is
 * done (or why it failed), and each test file waits for that before it needs the result.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const READY_FILE = 'setup-ready';
const FAILED_FILE = 'setup-failed';

/** Runs `work` and marks `folder` ready or failed when it settles; the promise never rejects. */
export function finishInBackground(folder: string, work: Promise<unknown>): Promise<void> {
  return work.then(
    () => writeFileSync(path.join(folder, READY_FILE), ''),
    (error: unknown) => writeFileSync(path.join(folder, FAILED_FILE), error instanceof Error ? (error.stack ?? error.message) : String(error)),
  );
}

/** Waits until the work of `folder` is done; throws its failure, or after `timeoutMs`. */
export async function backgroundSetupDone(folder: string, what: string, timeoutMs: number) {
  for (const deadline = Date.now() + timeoutMs; !existsSync(path.join(folder, READY_FILE)); ) {
    const failed = path.join(folder, FAILED_FILE);
    if (existsSync(failed)) throw new Error(`${what} failed:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`${what} did not finish within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
