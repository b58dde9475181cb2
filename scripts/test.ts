/**
 * `npm test`: type checks, then every vitest project (API against the Workers runtime, admin
 * components, browser tests against the built product), then one closing count line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { offlineEnv, ROOT, tool } from './lib/local.ts';

const state = path.join(ROOT, '.build/test');
mkdirSync(state, { recursive: true });
const env = { ...offlineEnv(state), FORCE_COLOR: process.env.CI ? '0' : '1' };
const run = (pkg: string, args: string[], bin?: string) => spawnSync(...tool(pkg, args, bin), { cwd: ROOT, env, stdio: 'inherit' }).status ?? 1;

const typecheckTargets = ['worker', 'admin', 'site'].filter((dir) => existsSync(path.join(ROOT, dir, 'tsconfig.json')));
let failedChecks = 0;
for (const dir of typecheckTargets) {
  console.log(`\n[test] type check: ${dir}`);
  if (run('typescript', ['-p', dir, '--noEmit'], 'tsc') !== 0) failedChecks++;
}

const report = path.join(state, 'vitest.json');
const status = run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed = results.numPassedTests;
  failed = results.numFailedTests;
}
if (failedChecks) console.log(`\n[test] ${failedChecks} type check(s) failed`);
console.log(`\n${passed} passed, ${failed + failedChecks} failed`);
process.exit(status !== 0 || failedChecks ? 1 : 0);
