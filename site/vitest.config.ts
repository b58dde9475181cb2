import { defineConfig } from 'vitest/config';
import { API_GROUP } from '../worker/vitest.config.ts';

export default defineConfig({
  test: {
    name: 'site',
    include: ['src/**/*.test.ts'],
    ...API_GROUP,
  },
});
