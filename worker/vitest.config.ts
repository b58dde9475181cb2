import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The API tests' group of test processes, more than the cores: most of a file's time is spent
 * waiting on its workerd process. The small unit projects (site, scripts, admin-mocks) join it:
 * on their own, with vitest's default of one worker on 2 cores, they ran after every other group,
 * one file at a time (`test:fast` 108-115 s, 100-102 s with them here).
 */
export const API_GROUP = { maxWorkers: 3, sequence: { groupOrder: 1 } };

/**
 * Both worker test projects: a test process is kept from one file to the next (Miniflare and the
 * test helpers load once; each API file still starts a worker of its own over a fresh copy of the
 * state, setup.ts). The API files took 156 s of CPU and 86 s instead of 202 s and 111 s.
 */
export const WORKER_TESTS = { ...API_GROUP, isolate: false, testTimeout: 30_000, hookTimeout: 120_000 };

const root = import.meta.dirname;
/**
 * The worker's test files that drive no worker of the file's own: they read the code and the
 * migrations, or open a local D1 themselves. They import neither the test worker nor its client
 * and read nothing the API setup provides (inject), and run as the project `worker-unit` without
 * a worker (one cost about a second) and without waiting for the bundle and the seeded template.
 */
export const withoutWorker = globSync('test/*.test.ts', { cwd: root }).filter(
  (file) => !/from '\.\/(client|worker)\.ts'|\binject\(/.test(readFileSync(path.join(root, file), 'utf8')),
);

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts', ...withoutWorker.map((file) => `!${file}`)],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own worker and D1/R2 copy, so files run in parallel.
    setupFiles: ['test/setup.ts'],
    ...WORKER_TESTS,
  },
});
