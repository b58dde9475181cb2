import { defineConfig } from 'vitest/config';

/** Test files run side by side, each on a product of its own (global-setup.ts starts one per worker). */
const WORKERS = 3;

export default defineConfig({
  test: {
    name: 'e2e',
    root: '..',
    include: ['site/tests/**/*.e2e.ts', 'admin/tests/**/*.e2e.ts'],
    passWithNoTests: true,
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/setup.ts'],
    testTimeout: 60_000,
    // A shared 2-core machine under a full run: give pages time to answer.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 300_000,
    maxWorkers: WORKERS,
    // A test process runs its files one after another with its modules loaded once (vitest,
    // playwright-core, the helpers) and keeps its product (e2e/product.ts).
    isolate: false,
    // Its own group in a full run: the other projects' worker counts need not match this one.
    sequence: { groupOrder: 2 },
  },
});
