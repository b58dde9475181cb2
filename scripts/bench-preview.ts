/**
 * `npm run bench:preview`: the preview tests alone, held to the product's promise of 3 s from the
 * click on 'Pratinjau' to the rendered page (median of five), with nothing else using the machine.
 * A full `npm test` holds them to a looser bound (e2e/browser.ts, previewBudgetMs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { offlineEnv, ROOT, tool } from './lib/local.ts';

const env = { ...offlineEnv(mkdtempSync(path.join(tmpdir(), 'cms-bench-preview-'))), PREVIEW_BUDGET_MS: '3000' };
const files = ['admin/tests/preview.e2e.ts', 'admin/tests/preview-pages.e2e.ts'];
const run = spawnSync(...tool('vitest', ['run', '--project', 'e2e', '--no-file-parallelism', ...files]), { cwd: ROOT, env, stdio: 'inherit' });
process.exit(run.status ?? 1);
