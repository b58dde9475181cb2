import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/src/db/drizzle-kit.cjs',
  out: './worker/migrations',
});
