import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own worker and D1/R2 copy, so files run in parallel: more files than
    // cores, since most of a file's time is spent waiting on its workerd process.
    setupFiles: ['test/setup.ts'],
    maxWorkers: 3,
    // A test process is kept from one file to the next (Miniflare and the test helpers load once):
    // each file still starts a worker of its own over a fresh copy of the state (setup.ts). The
    // API files took 156 s of CPU and 86 s instead of 202 s and 111 s.
    isolate: false,
    // A project with its own maxWorkers runs as its own group, after the others.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
