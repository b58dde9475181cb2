import { defineConfig } from 'vitest/config';
import { mocking, SETUP, TEST_TIMEOUT } from './admin/vitest.config.ts';
import { API_GROUP, WORKER_TESTS, withoutWorker } from './worker/vitest.config.ts';
import LongestFirst from './scripts/lib/longest-first.ts';

// One run, four kinds of tests: the API against the real Workers runtime, admin components,
// browser tests against the built site and admin served by the worker, and the local runner.
export default defineConfig({
  test: {
    projects: [
      'worker',
      // The worker's files that need no running worker (worker/vitest.config.ts).
      { root: './worker', test: { name: 'worker-unit', include: withoutWorker, ...WORKER_TESTS } },
      'admin',
      // The admin's test files that replace modules, each in a registry of its own.
      { root: './admin', test: { name: 'admin-mocks', include: mocking, environment: 'happy-dom', setupFiles: [SETUP], ...API_GROUP, testTimeout: TEST_TIMEOUT } },
      'site',
      'e2e',
      'scripts',
    ],
    sequence: { sequencer: LongestFirst },
  },
});
