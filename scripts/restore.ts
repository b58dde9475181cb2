/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` (or the daily one from R2,
 * whose files stay in R2) back into the local D1/R2, or production with `--remote`.
 * Refuses, changing nothing, a file that was edited or damaged, or that comes from another
 * schema version than this code's migrations.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Backup } from '../worker/src/backup/format.ts';
import { openTarget, restoreBackup } from './lib/backup.ts';
import { ROOT } from './lib/local.ts';

const { values: args, positionals } = parseArgs({ options: { remote: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('usage: npm run restore -- FILE [--remote]');
  process.exit(2);
}
let backup: Backup;
try {
  backup = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Backup;
} catch (error) {
  console.error(`Cannot read ${positionals[0]}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const started = performance.now();
const target = await openTarget({ stateDir: path.resolve(ROOT, process.env.STATE_DIR ?? '.state'), remote: args.remote });
try {
  const result = await restoreBackup(target, backup);
  console.log(`Restored ${result.tables} tables (${result.rows} rows) and ${result.files} files; removed ${result.removed} files the backup did not have; ${Math.round(performance.now() - started)} ms.`);
  if (result.absent.length) console.log(`Missing from storage and not in this backup (restore them from elsewhere): ${result.absent.join(', ')}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await target.close();
}
