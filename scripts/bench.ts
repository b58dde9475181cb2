/**
 * `npm run bench`: every performance figure the product promises, beside its goal, in one table.
 * Measured now: the admin login page's JavaScript (a fresh admin build, the scripts its HTML
 * loads and what they import statically) and the worker bundle (`wrangler deploy --dry-run`).
 * The API ratios, deploy times, save -> live and Lighthouse take minutes: their latest figures
 * come from `npm run bench:api`, `bench:deploy`, `bench:scale` and `bench:images`, with their date.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readFigures } from './lib/bench-figures.ts';
import { offlineEnv, ROOT, tool } from './lib/local.ts';

const work = mkdtempSync(path.join(tmpdir(), 'cms-bench-'));
const env = offlineEnv(work);
const kb = (bytes: number) => bytes / 1024;
const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function run(what: string, command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${what} failed:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`);
}

/** Gzipped bytes of the JavaScript /login loads before it can be used: its HTML's scripts and their static imports. */
function loginPageScripts(outDir: string) {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const pending = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/admin\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const seen = new Set<string>();
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(outDir, file), 'utf8');
    // Static imports only (`import ... from "./x.js"`, `import "./x.js"`); `import("./x.js")` loads later.
    for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) pending.push(path.posix.join(path.posix.dirname(file), match[1]!));
  }
  return [...seen].reduce((sum, file) => sum + gzipped(path.join(outDir, file)), 0);
}

interface Row {
  figure: string;
  value: string;
  goal: string;
  ok: boolean | null;
  how: string;
}
const rows: Row[] = [];

try {
  const adminOut = path.join(work, 'admin');
  run('admin build', ...tool('vite', ['build', 'admin', '--logLevel', 'warn']), { ADMIN_OUT_DIR: adminOut });
  const login = kb(loginPageScripts(adminOut));
  rows.push({ figure: 'admin login page, JavaScript', value: `${login.toFixed(1)} KB gz`, goal: '<= 100 KB gz', ok: login <= 100, how: 'measured now' });

  const bundleOut = path.join(work, 'bundle');
  // Any folder stands in for the built site: the bundle is the worker's code alone.
  run('worker bundle', ...tool('wrangler', ['deploy', '--dry-run', '--outdir', bundleOut, '--assets', adminOut]));
  const bundle = kb(readdirSync(bundleOut).filter((file) => /\.(m?js|wasm)$/.test(file)).reduce((sum, file) => sum + gzipped(path.join(bundleOut, file)), 0));
  rows.push({ figure: 'worker bundle', value: `${bundle.toFixed(1)} KB gz`, goal: '<= 400 KB gz', ok: bundle <= 400, how: 'measured now' });

  const figures = readFigures();
  const recorded = (name: string, figure: string, format: (value: number) => string, goal: string, meets: (value: number) => boolean, script: string) => {
    const found = figures[name];
    rows.push(
      found
        ? { figure, value: format(found.value), goal, ok: meets(found.value), how: `${script}, ${found.at.slice(0, 16).replace('T', ' ')} UTC: ${found.note}` }
        : { figure, value: 'not measured here yet', goal, ok: null, how: `run ${script}` },
    );
  };
  for (const address of ['/api/our-work', '/api/bio-core?limit=12', '/api/bio-core/slug/artikel-uji-7']) {
    recorded(`api ${address}`, `anonymous GET ${address} vs bare Hono+D1`, (value) => `${value.toFixed(2)}x`, '>= 0.80x', (value) => value >= 0.8, 'npm run bench:api');
  }
  recorded('deploy 1000', 'deploy steps, one change at 1,000 articles', (value) => `${value.toFixed(1)} s`, '<= 20 s', (value) => value <= 20, 'npm run bench:deploy');
  recorded('deploy 10000', 'deploy steps, one change at 10,000 articles', (value) => `${value.toFixed(1)} s`, '<= 45 s', (value) => value <= 45, 'npm run bench:deploy');
  recorded('save to live 1000', 'save -> live locally, 1,000 articles (median)', (value) => `${value.toFixed(1)} s`, '<= 5 s', (value) => value <= 5, 'npm run bench:scale');
  recorded('save to live 10000', 'save -> live locally, 10,000 articles (median)', (value) => `${value.toFixed(1)} s`, '<= 5 s', (value) => value <= 5, 'npm run bench:scale -- 10000');
  recorded('lighthouse home', 'home page, Lighthouse mobile, real photos (worst run)', (value) => String(value), '100', (value) => value >= 100, 'npm run bench:images');

  console.log('| figure | value | goal | | how |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.figure} | ${row.value} | ${row.goal} | ${row.ok === null ? '?' : row.ok ? 'ok' : 'MISSED'} | ${row.how} |`);
  if (!existsSync(path.join(ROOT, '.build/bench-figures.json'))) console.log('\nThe long benches record their figures in .build/bench-figures.json when they finish.');
} finally {
  rmSync(work, { recursive: true, force: true });
}
