import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: '..',
    include: ['site/tests/**/*.e2e.ts', 'admin/tests/**/*.e2e.ts'],
    passWithNoTests: true,
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    // A shared 2-core machine under a full run: give pages time to answer.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
