/**
 * `npm run bench:deploy`: the deploy workflow's install, build and deploy steps, run locally on a
 * clean clone of the committed HEAD the way the runner runs them, against a local API holding
 * 1,000 and then 10,000 published articles. Prints the seconds of each step.
 *
 * - install, cache miss: the workflow's `install` step (only the dependencies) with a warm npm
 *   cache (what setup-node's `cache: npm` gives).
 * - install, cache hit: node_modules restored from an archive, as actions/cache restores it
 *   (keyed by the lockfile); GitHub's download of the archive is not part of this figure.
 * - build: the workflow's `build` step, read from deploy.yml; first with no Astro cache, then
 *   after one article's change with the cache the previous build left (kept by actions/cache).
 * - deploy: `wrangler deploy --dry-run` (bundles the worker, uploads nothing).
 * - search: above 1,000 pages the build keeps the last deploy's index, so the pages go live
 *   without waiting for it; the workflow's `search-index` step then writes the new index and
 *   deploys again (here: the index, then a second dry run). Not part of the total.
 * BENCH_SIZES=1000,10000 chooses the article counts. Linux only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { recordFigures } from './lib/bench-figures.ts';
import { DEFAULT_ADMIN, offlineEnv, ROOT, migrateAndSeed, startWorker } from './lib/local.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const GOALS: Record<number, number> = { 1000: 20, 10000: 45 };

interface Step {
  id?: string;
  run?: string;
  env?: Record<string, string>;
}
const workflow = parse(readFileSync(path.join(ROOT, '.github/workflows/deploy.yml'), 'utf8')) as { jobs: { deploy: { steps: Step[] } } };
/** A step's script and its own env (the steps timed here set only plain values). */
const stepRun = (id: string) => {
  const step = workflow.jobs.deploy.steps.find((candidate) => candidate.id === id);
  if (!step?.run) throw new Error(`deploy.yml has no step with id ${id}`);
  return { args: ['--noprofile', '--norc', '-e', '-c', step.run], env: step.env ?? {} };
};

const work = mkdtempSync(path.join(tmpdir(), 'cms-bench-deploy-'));
const clone = path.join(work, 'clone');
const env = { ...offlineEnv(path.join(work, 'tools')), CI: 'true' };

/** Runs a command in the clone and returns its wall seconds; fails with its output when it fails. */
function timed(label: string, command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: clone, env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${label} failed (${result.status}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
  console.log(`[bench] ${label}: ${seconds.toFixed(1)} s`);
  return seconds;
}

/** The id of the n-th added article, shaped like the worker's ids. */
const articleId = (n: number) => `d${n.toString(16).padStart(23, '0')}`;

/** Adds `count` published articles straight into the local D1, in batches (a build reads them like any other). */
async function addArticles(stateDir: string, count: number) {
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: path.join(ROOT, 'wrangler.toml'), persist: { path: path.join(stateDir, 'v3') }, remoteBindings: false });
  try {
    const insert = proxy.env.DB.prepare('INSERT INTO bio_core (id, title, slug, description, content, isPublished, tags, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)');
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    for (let from = 0; from < count; from += 500) {
      const batch = [];
      for (let n = from; n < Math.min(count, from + 500); n++) {
        const time = new Date(start + n * 60_000).toISOString();
        const id = articleId(n);
        batch.push(insert.bind(id, `Artikel ${n + 1}: pengelolaan sampah organik`, `artikel-${n + 1}`, `Ringkasan artikel ${n + 1}.`, `<p>Isi artikel ${n + 1} tentang kompos, biogas dan bank sampah.</p>`, JSON.stringify(['kompos', 'biogas']), time, time));
      }
      await proxy.env.DB.batch(batch);
    }
  } finally {
    await proxy.dispose();
  }
}

/** Whether two paths are one file: a build that kept the last index links its files. */
const sameFile = (a: string, b: string) => {
  try {
    return statSync(a).ino === statSync(b).ino;
  } catch {
    return false;
  }
};

const results: { size: number; restore: number; ci: number; cold: number; warm: number; deploy: number; search: number | null }[] = [];
try {
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim();
  if (dirty) console.log('[bench] note: uncommitted changes are not in the clone (it is made from HEAD)');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone]);
  console.log(`[bench] clean clone of ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim()}; load average ${loadavg()[0]!.toFixed(1)}`);

  const install = stepRun('install');
  const ci = timed('install, cache miss (warm npm cache)', 'bash', install.args, install.env);
  console.log(`[bench] node_modules: ${execFileSync('du', ['-sh', 'node_modules'], { cwd: clone, encoding: 'utf8' }).split('\t')[0]}`);
  const archive = path.join(work, 'node_modules.tar');
  execFileSync('tar', ['-cf', archive, 'node_modules'], { cwd: clone });
  // Writing 20,000 files swings by 2x on a shared disk: the median of three restores. A runner
  // restores onto a disk with nothing left to write, so what was written before is flushed first.
  const restores: number[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    rmSync(path.join(clone, 'node_modules'), { recursive: true, force: true });
    execFileSync('sync');
    restores.push(timed(`install, cache hit (node_modules restored), ${attempt} of 3`, 'tar', ['-xf', archive]));
  }
  const restore = [...restores].sort((a, b) => a - b)[1]!;
  rmSync(archive, { force: true });

  const build = stepRun('build');
  const searchIndex = stepRun('search-index');
  for (const size of SIZES) {
    const state = path.join(work, `state-${size}`);
    await migrateAndSeed(state);
    await addArticles(state, size);
    const worker = await startWorker({ stateDir: state, port: 9400 + Math.floor(Math.random() * 200), assetsDir: path.join(state, 'www') });
    try {
      // Where deploy.yml builds: wrangler.toml's assets folder.
      const buildEnv = {
        PUBLIC_API_URL: worker.url,
        SITE_OUT_DIR: path.join(clone, 'dist/www'),
        ADMIN_OUT_DIR: path.join(clone, 'dist/www/admin'),
        ASTRO_CACHE_DIR: path.join(work, `astro-cache-${size}`),
        BUILD_LOG: path.join(work, `build-${size}.log`),
        SITE_SEARCH_INDEX_FROM: path.join(work, `served-${size}`),
      };
      console.log(`[bench] ${size} articles`);
      const cold = timed(`  build, no cache`, 'bash', build.args, { ...buildEnv, ...build.env });
      // A first build writes its own index: the step only keeps it for the next deploy (no deploy).
      timed(`  search-index step after it (the index kept for the next deploy)`, 'bash', searchIndex.args, buildEnv);
      // One content change, as a save makes it (on a busy machine the worker may drop a connection: once more then).
      const fetch = (url: string, init: RequestInit) => globalThis.fetch(url, init).catch(() => globalThis.fetch(url, init));
      const login = await fetch(`${worker.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: worker.url }, body: JSON.stringify(DEFAULT_ADMIN) });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const id = articleId(7);
      const saved = await fetch(`${worker.url}/api/bio-core/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json', origin: worker.url, cookie }, body: JSON.stringify({ title: 'Artikel yang baru diubah' }) });
      if (!saved.ok) throw new Error(`the change answered ${saved.status}: ${await saved.text()}`);
      const warm = timed(`  build after one change, cache kept`, 'bash', build.args, { ...buildEnv, ...build.env });
      const deploy = timed(`  wrangler deploy --dry-run`, 'node', ['node_modules/wrangler/bin/wrangler.js', 'deploy', '--dry-run', '--outdir', path.join(work, `bundle-${size}`)], buildEnv);
      const entry = 'pagefind/pagefind-entry.json';
      let search: number | null = null;
      if (sameFile(path.join(buildEnv.SITE_OUT_DIR, entry), path.join(buildEnv.SITE_SEARCH_INDEX_FROM, entry))) {
        search = timed(`  search index written after the deploy`, 'node', ['scripts/lib/refresh-search-index.ts', buildEnv.SITE_OUT_DIR], buildEnv);
        search += timed(`  wrangler deploy --dry-run with it`, 'node', ['node_modules/wrangler/bin/wrangler.js', 'deploy', '--dry-run', '--outdir', path.join(work, `bundle-${size}`)], buildEnv);
      }
      results.push({ size, restore, ci, cold, warm, deploy, search });
    } finally {
      await worker.stop();
    }
  }

  console.log(`\nseconds per step (load average ${loadavg()[0]!.toFixed(1)}); goal: install + build + deploy with a warm cache`);
  console.log('| articles | install: cache hit / miss | build: cold / one change | deploy --dry-run | total, warm cache | goal | search index follows |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    const total = r.restore + r.warm + r.deploy;
    const goal = GOALS[r.size];
    recordFigures({ [`deploy ${r.size}`]: { value: total, note: `install ${r.restore.toFixed(1)} + build ${r.warm.toFixed(1)} + deploy ${r.deploy.toFixed(1)} s, load ${loadavg()[0]!.toFixed(1)}` } });
    console.log(`| ${r.size} | ${r.restore.toFixed(1)} / ${r.ci.toFixed(1)} | ${r.cold.toFixed(1)} / ${r.warm.toFixed(1)} | ${r.deploy.toFixed(1)} | ${total.toFixed(1)} | ${goal ? `<= ${goal} s ${total <= goal ? 'ok' : 'ABOVE GOAL'}` : ''} | ${r.search === null ? 'with the pages' : `+${r.search.toFixed(1)} s`} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
