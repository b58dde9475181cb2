/**
 * `npm run bench:api`: anonymous public reads of the product's worker against a bare Hono+D1
 * worker (bench/bare-worker) reading the same local D1, both under `wrangler dev` in one run.
 * Three rounds; in each, every address is loaded with autocannon on both workers, alternating
 * which goes first. Prints each round's requests per second and ratio, then the medians.
 * A third worker, the bare one behind the same static-assets routing as the product
 * (bench/bare-worker/wrangler.routed.toml), shows what that routing costs under `wrangler dev`:
 * every request to a worker with assets passes a router worker first.
 * BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) set the load.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { recordFigures } from './lib/bench-figures.ts';
import { DEFAULT_ADMIN, offlineEnv, ROOT, migrateAndSeed, spawnTied, startWorker, tool } from './lib/local.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = 3;
/** Published articles, so that `?limit=12` is a full page with more pages after it. */
const ARTICLES = 30;

const state = mkdtempSync(path.join(tmpdir(), 'cms-bench-api-'));
await migrateAndSeed(state);
const base = 9300 + Math.floor(Math.random() * 300);
const startProduct = () => startWorker({ stateDir: state, port: base, assetsDir: path.join(state, 'www') });
let product = await startProduct();

/** The bare worker on its own copy of the product's D1 (two runtimes sharing one SQLite file fail under load); resolves when it answers. */
async function startBare(port: number, routed: boolean) {
  const copy = `${state}-bare-${port}`;
  cpSync(state, copy, { recursive: true });
  const config = path.join(ROOT, `bench/bare-worker/${routed ? 'wrangler.routed.toml' : 'wrangler.toml'}`);
  const assets = routed ? ['--assets', path.join(state, 'www')] : [];
  const [command, args] = tool('wrangler', ['dev', '-c', config, ...assets, '--ip', '127.0.0.1', '--port', String(port), '--persist-to', copy, '--show-interactive-dev-session=false', '--log-level', 'warn']);
  const child = spawnTied(command, args, { cwd: ROOT, env: offlineEnv(state), stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bare worker exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('the bare worker did not answer within 60 s');
    const answered = await fetch(`${url}/api/our-work`).then((response) => response.ok, () => false);
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    rmSync(copy, { recursive: true, force: true });
  };
  return { url, stop };
}

/** Requests per second autocannon measured on `url`, after checking it answers 200. */
function load(url: string) {
  const [command, args] = tool('autocannon', ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', url]);
  const run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`autocannon failed on ${url}: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { requests: { average: number }; non2xx: number; errors: number };
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors`);
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

{
  const login = await fetch(`${product.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: product.url }, body: JSON.stringify(DEFAULT_ADMIN) });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  for (let n = 1; n <= ARTICLES; n++) {
    const created = await fetch(`${product.url}/api/bio-core`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: product.url, cookie },
      body: JSON.stringify({ title: `Artikel uji ${n}`, slug: `artikel-uji-${n}`, content: `<p>Isi artikel ${n}.</p>`, isPublished: true, tags: ['bench'] }),
    });
    if (created.status !== 201) throw new Error(`creating an article answered ${created.status}: ${await created.text()}`);
  }
}
// The articles are written: the bare worker reads a copy of the same database.
await product.stop();
const bare = await startBare(base + 1, false);
const routed = await startBare(base + 2, true);
product = await startProduct();
try {
  const addresses = ['/api/our-work', '/api/bio-core?limit=12', '/api/bio-core/slug/artikel-uji-7'];
  for (const address of addresses) {
    const [ours, theirs] = await Promise.all([product.url, bare.url].map((origin) => fetch(origin + address).then((r) => r.json() as Promise<{ data: unknown }>)));
    const count = (body: { data: unknown } | undefined) => (Array.isArray(body?.data) ? body.data.length : body?.data ? 1 : 0);
    if (count(ours) !== count(theirs)) throw new Error(`${address}: the product answers ${count(ours)} records, the bare worker ${count(theirs)}: ${JSON.stringify(ours).slice(0, 300)}`);
  }

  type Worker = 'product' | 'bare' | 'routed';
  const urls: Record<Worker, string> = { product: product.url, bare: bare.url, routed: routed.url };
  const rates = new Map(addresses.map((address) => [address, { product: [] as number[], bare: [] as number[], routed: [] as number[] }]));
  console.log(`autocannon -c ${CONNECTIONS} -d ${SECONDS}; load average before: ${loadavg()[0]!.toFixed(1)}`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const address of addresses) {
      const rate = rates.get(address)!;
      // Alternate which worker is loaded first, so none always meets a warmer or busier machine.
      const order: Worker[] = round % 2 ? ['bare', 'routed', 'product'] : ['product', 'routed', 'bare'];
      for (const which of order) rate[which].push(load(urls[which] + address));
      const [ours, theirs, routedRate] = [rate.product.at(-1)!, rate.bare.at(-1)!, rate.routed.at(-1)!];
      console.log(
        `round ${round}  ${address.padEnd(34)} product ${ours.toFixed(0).padStart(5)} req/s  bare ${theirs.toFixed(0).padStart(5)} req/s  ratio ${(ours / theirs).toFixed(2)}x  bare behind asset routing ${routedRate.toFixed(0).padStart(5)} req/s  ratio ${(ours / routedRate).toFixed(2)}x`,
      );
    }
  }
  console.log('\nmedian of three (goal: ratio to the bare worker >= 0.80x)');
  const loadNow = loadavg()[0]!.toFixed(1);
  for (const [address, rate] of rates) {
    const ratio = median(rate.product) / median(rate.bare);
    const routedRatio = median(rate.product) / median(rate.routed);
    recordFigures({ [`api ${address}`]: { value: ratio, note: `${median(rate.product).toFixed(0)} / ${median(rate.bare).toFixed(0)} req/s, median of 3, load ${loadNow}; ${routedRatio.toFixed(2)}x the bare worker behind the same asset routing` } });
    console.log(
      `${address.padEnd(34)} product ${median(rate.product).toFixed(0).padStart(5)} req/s  bare ${median(rate.bare).toFixed(0).padStart(5)} req/s  ratio ${ratio.toFixed(2)}x ${ratio >= 0.8 ? 'ok' : 'BELOW GOAL'}  behind asset routing ${median(rate.routed).toFixed(0).padStart(5)} req/s  ratio ${routedRatio.toFixed(2)}x`,
    );
  }
  console.log(`load average after: ${loadavg()[0]!.toFixed(1)}`);
} finally {
  await bare.stop();
  await routed.stop();
  await product.stop();
  rmSync(state, { recursive: true, force: true });
}
