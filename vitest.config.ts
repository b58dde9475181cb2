import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/lib/longest-first.ts';

// One run, four kinds of tests: the API against the real Workers runtime, admin components,
// browser tests against the built site and admin served by the worker, and the local runner.
export default defineConfig({
  test: {
    projects: ['worker', 'admin', 'site', 'e2e', 'scripts'],
    sequence: { sequencer: LongestFirst },
  },
});
