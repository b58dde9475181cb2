/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` (or the daily one from R2,
 * whose files stay in R2) back into the local D1/R2, or production with `--remote`, then asks
 * for a site build (the dashboard names the restore as its reason). Everyone signs in again.
 *
 * Refuses, changing nothing, a file that was edited or damaged, signed with another
 * BACKUP_SECRET (from the environment; locally by default the state folder's), from another
 * schema version, or whose tables and columns do not fit the database's. A backup made without
 * BACKUP_SECRET is taken only with --trust-unsigned.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupSecretFor, openTarget, restoreBackup } from './lib/backup.ts';
import { ROOT } from './lib/local.ts';

const { values: args, positionals } = parseArgs({
  options: { remote: { type: 'boolean', default: false }, 'trust-unsigned': { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('usage: npm run restore -- FILE [--remote] [--trust-unsigned]');
  process.exit(2);
}
const file = positionals[0]!;
let backup: unknown;
try {
  backup = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const started = performance.now();
const stateDir = path.resolve(ROOT, process.env.STATE_DIR ?? '.state');
const secret = backupSecretFor({ stateDir, remote: args.remote });
const target = await openTarget({ stateDir, remote: args.remote });
try {
  const result = await restoreBackup(target, backup, { secret, trustUnsigned: args['trust-unsigned'], reason: `Pemulihan cadangan: ${path.basename(file)}`.slice(0, 300) });
  console.log(`Restored ${result.tables} tables (${result.rows} rows) and ${result.files} files; removed ${result.removed} files the backup did not have; ${Math.round(performance.now() - started)} ms.`);
  console.log('Everyone is signed out. A site build was requested: the dashboard shows it.');
  if (result.absent.length) console.log(`Missing from storage and not in this backup (restore them from elsewhere): ${result.absent.join(', ')}`);
  if (result.withoutPassword) console.log(`${result.withoutPassword} accounts have no password (the backup did not carry one): a Super Admin sets one in Kelola Users (without one, "npm run create-admin" makes a new admin).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await target.close();
}
