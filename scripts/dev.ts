/**
 * `npm start`: the whole product on http://127.0.0.1:8787 with local D1 and R2 under .state/.
 * Applies migrations, seeds demo content and the admin on first run, builds the admin and the
 * site, serves them with the API, and rebuilds the site whenever content changes. Its wrangler
 * and build processes die with it, even when it is killed hard.
 */
import path from 'node:path';
import { DEFAULT_ADMIN, ROOT, shownStateDir } from './lib/local.ts';
import { startProduct, type RunningProduct } from './lib/product.ts';

const STATE = path.resolve(ROOT, process.env.STATE_DIR ?? '.state');
const PORT = Number(process.env.PORT ?? 8787);
const say = (line: string) => console.log(`[start] ${line}`);

let product: RunningProduct;
try {
  product = await startProduct({ stateDir: STATE, outDir: path.join(ROOT, 'dist'), port: PORT, verbose: true, log: say });
} catch (error) {
  console.error(`[start] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const { worker, firstBuild } = product;
if (firstBuild && !firstBuild.ok) say(`site build failed:\n${firstBuild.output.slice(-3000)}`);

console.log(`
  Site:   ${worker.url}/
  Admin:  ${worker.url}/admin  (user "${DEFAULT_ADMIN.username}", password "${DEFAULT_ADMIN.password}"${process.env.ADMIN_PASSWORD ? ' from ADMIN_PASSWORD' : ', the local default'})
  Data:   ${shownStateDir(STATE)}${path.sep} (kept between runs; delete it to start over). Stop with Ctrl-C.
`);

// The Cron Trigger's jobs (scheduled publishing, newsletter batches, backups...) every minute.
const cron = setInterval(() => void worker.runScheduled().catch((error: Error) => say(`scheduled jobs failed: ${error.message}`)), 60_000);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  clearInterval(cron);
  await product.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
