/**
 * `npm test`: type checks, the linter, then every vitest project (API against the Workers
 * runtime, admin components, site, local runner, browser tests against the built product), then
 * one closing count line. `npm run test:fast` (`--fast`) leaves out the browser tests and the
 * runs of the product's commands.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { offlineEnv, ROOT, tool } from './lib/local.ts';

const fast = process.argv.includes('--fast');
/** Keeps this run's file durations for the next fresh clone's order (scripts/lib/longest-first.ts). */
const saveDurations = process.argv.includes('--save-durations');
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== '--fast' && arg !== '--save-durations');
/** Every vitest project but the browser tests (e2e). */
const FAST_PROJECTS = ['api', 'worker-unit', 'admin', 'admin-mocks', 'site', 'scripts'];
/** Runs of the product's own commands (backup, restore, create-admin, site builds, the deploy workflow): seconds of CPU each. */
const COMMAND_TESTS = '**/test/commands/**';

const state = path.join(ROOT, '.build/test');
mkdirSync(state, { recursive: true });
const env = { ...offlineEnv(state), FORCE_COLOR: process.env.CI ? '0' : '1' };

/** Runs in the background with its output kept, so checks can run side by side and print whole. */
const runQuietly = (pkg: string, args: string[], bin?: string) =>
  new Promise<{ status: number; output: string }>((resolve) => {
    const child = spawn(...tool(pkg, args, bin), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => resolve({ status: code ?? 1, output }));
  });

let failedChecks = 0;
const typecheckTargets = ['worker', 'admin', 'site'].filter((dir) => existsSync(path.join(ROOT, dir, 'tsconfig.json')));
// Type-aware lint (.oxlintrc.json): import cycles and core-to-feature imports fail the run too.
const checks = [
  // Incremental: in the edit loop a type check reads only what changed since the last run (worker: 5.2 -> 1.0 s of CPU).
  // One checker thread each: beside the tests the cores are busy anyway, and tsgo's parallel
  // checkers repeat work (the three checks: 15.8 -> 6.8 s of CPU).
  ...typecheckTargets.map((dir) => ({
    name: `type check: ${dir}`,
    result: runQuietly('typescript', ['-p', dir, '--noEmit', '--singleThreaded', '--incremental', '--tsBuildInfoFile', path.join(state, `tsc-${dir}.tsbuildinfo`)], 'tsc'),
  })),
  { name: 'lint', result: runQuietly('oxlint', [], 'oxlint') },
];
const report = path.join(state, 'vitest.json');
const projects = fast ? [...FAST_PROJECTS.flatMap((project) => ['--project', project]), '--exclude', COMMAND_TESTS] : [];
const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...(saveDurations ? [`--reporter=${path.join(import.meta.dirname, 'lib/durations-reporter.ts')}`] : [])];
// The tests start beside the checks: their set-up (bundling the worker, seeding) leaves the cores
// part idle, which the checks fill. The checks' output is printed whole once the tests are done.
const vitest = spawn(...tool('vitest', ['run', ...reporters, ...projects, ...vitestArgs]), { cwd: ROOT, env, stdio: 'inherit' });
const status = await new Promise<number>((resolve) => vitest.on('exit', (code) => resolve(code ?? 1)));

for (const { name, result } of checks) {
  const { status: checkStatus, output } = await result;
  console.log(`\n[test] ${name}${checkStatus === 0 ? ' ok' : ''}`);
  if (output) process.stdout.write(output);
  if (checkStatus !== 0) failedChecks++;
}

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: Array<{ status: string; assertionResults: Array<{ status: string }> }>;
  };
  passed = results.numPassedTests;
  // A file that failed outside its tests (a hook, an import) counts once: its tests are only skipped.
  const brokenFiles = results.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')).length;
  failed = results.numFailedTests + brokenFiles;
}
if (failedChecks) console.log(`\n[test] ${failedChecks} check(s) failed`);
console.log(`\n${passed} passed, ${failed + failedChecks} failed`);
process.exit(status !== 0 || failedChecks ? 1 : 0);
