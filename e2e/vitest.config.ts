import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: '..',
    include: ['site/tests/**/*.e2e.ts', 'admin/tests/**/*.e2e.ts'],
    passWithNoTests: true,
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
