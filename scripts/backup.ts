/**
 * `npm run backup`: every table and every stored file (with its bytes) in one JSON file.
 *
 *   npm run backup                       the local D1/R2 under .state (or STATE_DIR)
 *   npm run backup -- --remote           production, through wrangler's remote bindings
 *   npm run backup -- --out FILE         where to write it (default backups/<where>-<time>.json)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { makeBackup, openTarget } from './lib/backup.ts';
import { ROOT } from './lib/local.ts';

const { values: args } = parseArgs({ options: { remote: { type: 'boolean', default: false }, out: { type: 'string' } } });
const stateDir = path.resolve(ROOT, process.env.STATE_DIR ?? '.state');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(args.out ?? path.join(ROOT, 'backups', `${args.remote ? 'remote' : 'local'}-${stamp}.json`));

const started = performance.now();
const target = await openTarget({ stateDir, remote: args.remote });
try {
  const backup = await makeBackup(target);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(backup));
  const rows = Object.values(backup.tables).reduce((sum, table) => sum + table.count, 0);
  console.log(`Backup written to ${path.relative(process.cwd(), out)}: ${Object.keys(backup.tables).length} tables, ${rows} rows, ${backup.files.length} files, schema ${backup.migrations.at(-1)}, ${Math.round(performance.now() - started)} ms.`);
} finally {
  await target.close();
}
