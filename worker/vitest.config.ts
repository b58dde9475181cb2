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
    // A project with its own maxWorkers runs as its own group, after the others.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
