/**
 * `npm start`: the whole product on http://127.0.0.1:8787 with local D1 and R2 under .state/.
 * Applies migrations, seeds demo content and the admin on first run, builds the admin and the
 * site, serves them with the API, and rebuilds the site whenever content changes.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildAdmin, buildSite, hasAdmin, hasSite, startSiteBuilder } from './lib/builds.ts';
import { DEFAULT_ADMIN, migrate, ROOT, seedIfEmpty, startWorker } from './lib/local.ts';

const STATE = path.resolve(ROOT, process.env.STATE_DIR ?? '.state');
const WWW = path.join(ROOT, 'dist/www');
const PORT = Number(process.env.PORT ?? 8787);
const BUILDER_PORT = PORT + 3;
const say = (line: string) => console.log(`[start] ${line}`);

say('applying migrations to the local D1 database');
migrate(STATE);
if (await seedIfEmpty(STATE)) say('seeded demo content and the admin account');
if (hasAdmin()) {
  say('building the admin');
  await buildAdmin(WWW, STATE);
}

const secret = randomBytes(16).toString('hex');
const apiUrl = `http://127.0.0.1:${PORT}`;
const builder = await startSiteBuilder({ port: BUILDER_PORT, apiUrl: () => apiUrl, wwwDir: WWW, stateDir: STATE, secret, log: say });
const worker = await startWorker({
  stateDir: STATE,
  port: PORT,
  assetsDir: WWW,
  verbose: true,
  vars: { REBUILD_SECRET: secret, REBUILD_HOOK_URL: builder.url },
});
if (hasSite()) {
  say('building the site from the API');
  const result = await buildSite(apiUrl, WWW, STATE);
  if (!result.ok) say(`site build failed:\n${result.output.slice(-3000)}`);
}

console.log(`
  Site:   ${worker.url}/
  Admin:  ${worker.url}/admin  (user "${DEFAULT_ADMIN.username}", password "${DEFAULT_ADMIN.password}"${process.env.ADMIN_PASSWORD ? ' from ADMIN_PASSWORD' : ', the local default'})
  Data:   .state/ (kept between runs; delete it to start over). Stop with Ctrl-C.
`);

// The Cron Trigger's jobs (scheduled publishing, newsletter batches, backups...) every minute.
const cron = setInterval(() => worker.runScheduled().catch((error: Error) => say(`scheduled jobs failed: ${error.message}`)), 60_000);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  clearInterval(cron);
  await Promise.all([worker.stop(), builder.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
