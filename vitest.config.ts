import { defineConfig } from 'vitest/config';

// One run, three kinds of tests: the API against the real Workers runtime, admin components,
// and browser tests against the built site and admin served by the worker.
export default defineConfig({
  test: {
    projects: ['worker', 'admin', 'site', 'e2e'],
  },
});
