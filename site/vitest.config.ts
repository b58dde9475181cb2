import { defineConfig } from 'vitest/config';
import { API_GROUP } from '../worker/vitest.config.ts';

export default defineConfig({
  test: {
    name: 'site',
    include: ['src/**/*.test.ts'],
    // Functions of the build, without module state: one module registry per test process.
    isolate: false,
    ...API_GROUP,
  },
});
