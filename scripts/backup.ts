/**
 * `npm run backup`: every table and every stored file (with its bytes) in one JSON file.
 *
 *   npm run backup                       the local D1/R2 under .state (or STATE_DIR)
 *   npm run backup -- --remote           production, through wrangler's remote bindings
 *   npm run backup -- --out FILE         where to write it (default backups/<where>-<time>.json)
 *
 * It is signed, and the secrets a restore needs (password hashes, the generated newsletter key)
 * are sealed, with BACKUP_SECRET: from the environment, locally by default the state folder's.
 * Remote without BACKUP_SECRET, it holds no secrets and no signature, and says so.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupSecretFor, makeBackup, openTarget } from './lib/backup.ts';
import { ROOT } from './lib/local.ts';

const { values: args } = parseArgs({ options: { remote: { type: 'boolean', default: false }, out: { type: 'string' } } });
const stateDir = path.resolve(ROOT, process.env.STATE_DIR ?? '.state');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(args.out ?? path.join(ROOT, 'backups', `${args.remote ? 'remote' : 'local'}-${stamp}.json`));

const started = performance.now();
const secret = backupSecretFor({ stateDir, remote: args.remote });
const target = await openTarget({ stateDir, remote: args.remote });
try {
  const backup = await makeBackup(target, secret);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(backup));
  const rows = Object.values(backup.tables).reduce((sum, table) => sum + table.count, 0);
  console.log(`Backup written to ${path.relative(process.cwd(), out)}: ${Object.keys(backup.tables).length} tables, ${rows} rows, ${backup.files.length} files, schema ${backup.migrations.at(-1)}, ${Math.round(performance.now() - started)} ms.`);
  if (!secret) console.log('BACKUP_SECRET is not set: this backup holds no password hashes and no newsletter key, and is not signed (a restore needs --trust-unsigned).');
} finally {
  await target.close();
}
