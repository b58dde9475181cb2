/**
 * `npm start`: the whole product on http://127.0.0.1:8787 with local D1 and R2 under .state/.
 * Applies migrations, seeds demo content and the admin on first run, builds the admin and the
 * site, serves them with the API, and rebuilds the site whenever content changes.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_ADMIN, migrate, ROOT, seedIfEmpty, startWorker } from './lib/local.ts';

const STATE = path.join(ROOT, '.state');
const PORT = Number(process.env.PORT ?? 8787);

migrate(STATE);
const seeded = await seedIfEmpty(STATE);
const secret = randomBytes(16).toString('hex');
const worker = await startWorker({ stateDir: STATE, port: PORT, verbose: true, vars: { REBUILD_SECRET: secret } });

console.log(`
  Site:   ${worker.url}/
  Admin:  ${worker.url}/admin  (user "${DEFAULT_ADMIN.username}", password "${DEFAULT_ADMIN.password}"${process.env.ADMIN_PASSWORD ? ' from ADMIN_PASSWORD' : ', local default'})
  ${seeded ? 'Seeded demo content into .state/.' : 'Using the data already in .state/.'} Stop with Ctrl-C.
`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
