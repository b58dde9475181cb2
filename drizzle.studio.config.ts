/**
 * `npm run db:studio`: drizzle-kit studio on the local D1 database file that `npm start`
 * keeps under .state (or STATE_DIR), read through @libsql/client.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'drizzle-kit';

const dir = path.resolve(process.env.STATE_DIR ?? '.state', 'v3/d1/miniflare-D1DatabaseObject');
const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
if (!file) throw new Error(`No local database in ${dir}: run \`npm start\` once.`);

export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/src/db/schema.ts',
  dbCredentials: { url: `file:${path.join(dir, file)}` },
});
