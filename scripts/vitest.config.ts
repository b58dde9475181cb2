import { defineConfig } from 'vitest/config';
import { API_GROUP } from '../worker/vitest.config.ts';

// The local runner (scripts/lib) and the site's build-time tools (site/integrations), in Node.
export default defineConfig({
  test: {
    name: 'scripts',
    root: '..',
    include: ['scripts/lib/**/*.test.ts', 'site/integrations/**/*.test.ts'],
    testTimeout: 120_000,
    ...API_GROUP,
  },
});
