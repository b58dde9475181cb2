/**
 * `npm run bench:scale -- <N>`: the product at N published BioCore articles (default 1,000), each
 * with a published English version. Creates them through the API (a few requests at a time) on a
 * fresh seeded local D1, lets the site build, then measures: save -> live three times in each
 * language (an article's title, then its English title, changed; its public page polled until it
 * shows), the site build time, the largest public HTML page (raw and gzipped), the largest API
 * list response and the Workers runtime's peak memory around it.
 * Linux only (reads /proc). Set KEEP_STATE=1 to keep the state folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSite, currentLink, startSiteBuilder } from './lib/builds.ts';
import { DEFAULT_ADMIN, migrateAndSeed, startWorker } from './lib/local.ts';
import { runtimeMemoryKb } from './lib/runtime-memory.ts';
import { recordFigures } from './lib/bench-figures.ts';
import { startSiteServer } from './lib/site-server.ts';
import { searchIndexSize } from '../site/integrations/search-index.ts';

const N = Number(process.argv[2] ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const TAGS = ['biogas', 'kompos', 'edukasi', 'energi', 'pasar', 'sekolah', 'sungai', 'plastik', 'daur-ulang', 'komunitas', 'kebijakan', 'riset'];
const say = (line: string) => console.log(`[bench] ${line}`);

// BENCH_STATE=<folder> measures again on a state kept by an earlier run (KEEP_STATE=1), adding N more articles.
const state = process.env.BENCH_STATE ?? mkdtempSync(path.join(tmpdir(), 'cms-scale-'));
const www = path.join(state, 'www');
// Site builds go to their own folders; the worker fetches pages from the site server.
const siteDir = path.join(state, 'site');
const served = () => path.resolve(siteDir, readlinkSync(currentLink(siteDir)));
// The local D1 proxy drops its first connections now and then on a loaded machine: try again.
for (let attempt = 1; ; attempt++) {
  try {
    await migrateAndSeed(state);
    break;
  } catch (error) {
    if (attempt >= 3) throw error;
    say(`seeding the local database failed (${String(error).slice(0, 120)}); trying again`);
  }
}
const port = 9700 + Math.floor(Math.random() * 100);
const apiUrl = `http://127.0.0.1:${port}`;
const secret = randomBytes(16).toString('hex');
const buildLog: number[] = [];
/** CPU seconds each build spent after it was asked for (its prepared part not counted). */
const renderCpu: number[] = [];
const site = await startSiteServer({ port: port + 2, currentLink: currentLink(siteDir) });
const builder = await startSiteBuilder({
  port: port + 1000,
  apiUrl: () => apiUrl,
  siteDir,
  stateDir: state,
  secret,
  log: (line) => {
    const seconds = line.match(/site rebuilt in ([\d.]+) s/);
    if (seconds) buildLog.push(Number(seconds[1]));
    const cpu = line.match(/since the request: [\d.]+ s, ([\d.]+) s CPU/);
    if (cpu) renderCpu.push(Number(cpu[1]));
    if (!seconds) say(line);
  },
});
// REBUILD_DEBOUNCE_MS=... measures another debounce than the worker's default.
const debounce: Record<string, string> = process.env.REBUILD_DEBOUNCE_MS ? { REBUILD_DEBOUNCE_MS: process.env.REBUILD_DEBOUNCE_MS } : {};
const workerOptions = { stateDir: state, port, assetsDir: www, siteOrigin: site.url, vars: { REBUILD_SECRET: secret, REBUILD_HOOK_URL: builder.url, ...debounce } };
// Articles are created with no rebuild hook, so builds don't compete with the saves for the CPU.
let worker = await startWorker({ ...workerOptions, vars: {} });

const memoryKb = (field: 'VmHWM' | 'VmRSS') => runtimeMemoryKb(worker.process.pid!, field);

/**
 * CPU seconds of this process's finished children (the builds it spawned): independent of how
 * many other processes share the machine, unlike wall time.
 */
const childCpuSeconds = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
};

/**
 * wrangler dev restarts the worker after a build changes its assets, and a restart drops the
 * worker's pending debounce timer: wait for it to settle before the next timed save.
 */
const settle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  while (!(await fetch(`${apiUrl}/api/settings`).then((r) => r.ok).catch(() => false))) await new Promise((resolve) => setTimeout(resolve, 250));
};

const paragraph = (i: number, p: number) =>
  `<p>Paragraf ${p + 1} artikel ${i}: unit BioCore di pasar dan sekolah mengolah sampah organik menjadi biogas dan kompos. ` +
  'Warga memilah sampah di rumah, petugas mengangkutnya setiap pagi, dan hasilnya dipakai kembali oleh komunitas sekitar.</p>';
const article = (i: number) => ({
  title: `Catatan Lapangan BioCore Nomor ${i}`,
  subtitle: 'Dari sampah organik menjadi energi',
  description: `Laporan singkat kegiatan ke-${i} bersama warga.`,
  excerpt: `Ringkasan kegiatan lapangan nomor ${i}: pemilahan, pengolahan, dan hasilnya bagi warga.`,
  content: Array.from({ length: 5 }, (_, p) => paragraph(i, p)).join(''),
  author: 'Tim BioCore',
  tags: [TAGS[i % TAGS.length], TAGS[(i * 7 + 3) % TAGS.length]],
  isPublished: true,
  isFeatured: false,
  readTime: 3 + (i % 5),
});

/** An article's English version, as a translation save sends it (every field: a save replaces the whole version). */
const englishArticle = (i: number, title = `BioCore Field Notes Number ${i}`) => ({
  title,
  subtitle: 'From organic waste to energy',
  description: `A short report of activity ${i} with residents.`,
  excerpt: `Summary of field activity ${i}: sorting, processing and what it gives residents.`,
  content: Array.from({ length: 5 }, (_, p) => `<p>Paragraph ${p + 1} of article ${i}: BioCore units at markets and schools turn organic waste into biogas and compost.</p>`).join(''),
  tags: [TAGS[i % TAGS.length], TAGS[(i * 7 + 3) % TAGS.length]],
  slug: `biocore-field-notes-${i}`,
  isPublished: true,
});

try {
  const login = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: apiUrl },
    body: JSON.stringify(DEFAULT_ADMIN),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const send = (method: string, route: string, body: unknown) =>
    fetch(apiUrl + route, { method, headers: { cookie, origin: apiUrl, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  // On a kept state the new articles are numbered after those already there (their slugs come from their titles).
  const existing = ((await (await fetch(`${apiUrl}/api/bio-core?limit=1&page=1`)).json()) as { pagination: { total: number } }).pagination.total;
  let started = performance.now();
  let next = 0;
  /** The created articles' ids and numbers, for their English versions. */
  const created: string[] = [];
  const numbers: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        const i = existing + next++;
        // wrangler dev restarts when a build changes its assets: a save in flight then gets a 503.
        let response = await send('POST', '/api/bio-core', article(i));
        for (let retry = 0; response.status === 503 && retry < 5; retry++) response = await send('POST', '/api/bio-core', article(i));
        // 409: the first attempt was stored after all.
        if (response.status !== 201 && response.status !== 409) throw new Error(`create ${i} answered ${response.status}: ${await response.text()}`);
        if (response.status === 201) {
          created.push(((await response.json()) as { data: { _id: string } }).data._id);
          numbers.push(i);
        }
      }
    }),
  );
  say(`created ${N} articles in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  // Each created article's English version.
  started = performance.now();
  let translated = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (translated < created.length) {
        const i = translated++;
        let response = await send('PUT', `/api/bio-core/${created[i]}/translations/en`, englishArticle(numbers[i]!));
        for (let retry = 0; response.status === 503 && retry < 5; retry++) response = await send('PUT', `/api/bio-core/${created[i]}/translations/en`, englishArticle(numbers[i]!));
        if (!response.ok) throw new Error(`translate ${i} answered ${response.status}: ${await response.text()}`);
      }
    }),
  );
  say(`translated ${created.length} articles in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await worker.stop();
  worker = await startWorker(workerOptions);

  // The first full build at this size (not through the hook, so its time is measured alone).
  started = performance.now();
  let cpu = childCpuSeconds();
  const full = await buildSite(apiUrl, siteDir, state);
  const fullBuildCpu = childCpuSeconds() - cpu;
  if (!full.ok) throw new Error(`site build failed:\n${full.output.slice(-3000)}`);
  const fullBuild = (performance.now() - started) / 1000;
  say(`full site build ${fullBuild.toFixed(1)} s`);
  buildLog.length = 0;
  renderCpu.length = 0;
  await settle();

  // Save -> live: the newest article's title changes; its public page is polled until it shows.
  const listed = (await (await fetch(`${apiUrl}/api/bio-core?published=true&limit=1`)).json()) as { data: { _id: string; slug: string; title: string }[] };
  const target = listed.data[0]!;
  // On a kept state the newest article may come from an earlier run, its title changed by that
  // run's saves: its number stays at the end of its slug, which never changes once saved.
  const englishIndex = numbers[created.indexOf(target._id)] ?? Number(target.slug.match(/^catatan-lapangan-biocore-nomor-(\d+)$/)?.[1] ?? -1);
  if (englishIndex < 0) throw new Error('the newest article is not one this bench created and translated');
  const englishTarget = ((await (await fetch(`${apiUrl}/api/bio-core/${target._id}?locale=en`)).json()) as { data: { slug: string } }).data;
  const saveToLive: number[] = [];
  const englishSaveToLive: number[] = [];
  const buildCpu: number[] = [];
  /** One timed save: sent, then the page polled until it shows the new title. */
  const timedSave = async (save: () => Promise<Response>, page: string, title: string, times: number[]) => {
    started = performance.now();
    cpu = childCpuSeconds();
    let response = await save();
    if (response.status === 503) response = await save();
    if (!response.ok) throw new Error(`update answered ${response.status}`);
    for (;;) {
      const shown = await fetch(`${apiUrl}${page}`).catch(() => null);
      if (shown?.ok && (await shown.text()).includes(title)) break;
      if (performance.now() - started > 120_000) throw new Error('the change did not reach the page within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    times.push((performance.now() - started) / 1000);
    await builder.idle();
    buildCpu.push(childCpuSeconds() - cpu);
    await settle();
  };
  for (let round = 1; round <= 3; round++) {
    const title = `Judul Baru Putaran ${round} ${randomBytes(3).toString('hex')}`;
    await timedSave(() => send('PUT', `/api/bio-core/${target._id}`, { title }), `/bio-core/${target.slug}`, title, saveToLive);
  }
  for (let round = 1; round <= 3; round++) {
    const title = `New English Title Round ${round} ${randomBytes(3).toString('hex')}`;
    await timedSave(() => send('PUT', `/api/bio-core/${target._id}/translations/en`, englishArticle(englishIndex, title)), `/en/bio-core/${englishTarget.slug}`, title, englishSaveToLive);
  }

  // The largest public HTML page.
  let largest = { file: '', raw: 0, gzipped: 0 };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'admin') walk(full);
      } else if (entry.name.endsWith('.html') && statSync(full).size > largest.raw) {
        largest = { file: path.relative(served(), full), raw: statSync(full).size, gzipped: 0 };
      }
    }
  };
  walk(served());
  largest.gzipped = gzipSync(readFileSync(path.join(served(), largest.file))).length;
  // The site's search index (Pagefind writes its files compressed): per language, and the search script.
  const { languages, script } = searchIndexSize(served());
  const searchIndex = `${Object.entries(languages)
    .map(([language, size]) => `${language}: ${size.files} files, ${(size.bytes / 1024).toFixed(0)} KB`)
    .join('; ')}; script and stemmers ${(script / 1024).toFixed(0)} KB`;

  // The largest anonymous API list answer (a client asking for the whole list) and the
  // runtime's memory around it, in a freshly started runtime so earlier builds' reads don't set the peak.
  await worker.stop();
  worker = await startWorker(workerOptions);
  const rssBefore = memoryKb('VmRSS');
  const peakBefore = memoryKb('VmHWM');
  started = performance.now();
  const apiBody = await (await fetch(`${apiUrl}/api/bio-core`)).text();
  const apiSeconds = (performance.now() - started) / 1000;
  const peakAfter = memoryKb('VmHWM');
  const records = (JSON.parse(apiBody) as { data: unknown[] }).data.length;
  // The largest answer an anonymous caller can ask for (limit at its maximum), in the same runtime.
  const largestBody = await (await fetch(`${apiUrl}/api/bio-core?limit=1000`)).text();
  const peakLargest = memoryKb('VmHWM');

  // Revalidation: a full read of a 500-record page against a conditional one (median of 5 each).
  const median = async (read: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await read();
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[2]!;
  };
  const pageUrl = `${apiUrl}/api/bio-core?limit=500&page=1`;
  const etag = (await fetch(pageUrl)).headers.get('etag');
  const fullRead = await median(() => fetch(pageUrl).then((r) => r.text()));
  const conditional = etag ? await median(() => fetch(pageUrl, { headers: { 'if-none-match': etag } }).then((r) => r.text())) : NaN;

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const seconds = (values: number[]) => values.map((v) => v.toFixed(1)).join(' / ') + ' s';
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
  const load = `load ${loadavg()[0]!.toFixed(1)}`;
  // Named by the articles the saves were measured on, to the thousand: a kept state adds none.
  const scale = Math.round((existing + N) / 1000) * 1000;
  recordFigures({
    [`save to live ${scale}`]: { value: middle(saveToLive), note: `${seconds(saveToLive)}, ${load}` },
    [`save to live ${scale} English`]: { value: middle(englishSaveToLive), note: `${seconds(englishSaveToLive)}, ${load}` },
  });
  console.log(`
| ${N} articles (debounce ${process.env.REBUILD_DEBOUNCE_MS ?? 'default'}) | |
|---|---|
| machine load average (1 / 5 min) at the end | ${loadavg().slice(0, 2).map((l) => l.toFixed(1)).join(' / ')} |
| save -> live (3 runs) | ${seconds(saveToLive)} |
| save -> live of the English version (3 runs) | ${seconds(englishSaveToLive)} |
| site build per save (builder log; Indonesian, then English) | ${seconds(buildLog)} |
| build CPU time per save (user + system, load-independent) | ${seconds(buildCpu)} |
| of which after the save's build request (the rest prepared the build before it) | ${seconds(renderCpu)} |
| full site build | ${fullBuild.toFixed(1)} s wall, ${fullBuildCpu.toFixed(1)} s CPU |
| largest public HTML page | ${largest.file}: ${kb(largest.raw)} raw, ${kb(largest.gzipped)} gzipped |
| Site search index (a search loads only the chunks it needs) | ${searchIndex} |
| GET /api/bio-core (anonymous, no limit) | ${records} records, ${mb(apiBody.length)}, ${apiSeconds.toFixed(2)} s |
| workerd RSS before that read / peak growth during it | ${(rssBefore / 1024).toFixed(0)} MB / +${((peakAfter - peakBefore) / 1024).toFixed(0)} MB |
| GET /api/bio-core?limit=1000 / further peak growth | ${mb(largestBody.length)} / +${((peakLargest - peakAfter) / 1024).toFixed(0)} MB |
| GET 500 records: 200 / 304 with If-None-Match (median of 5) | ${fullRead.toFixed(0)} ms / ${etag ? `${conditional.toFixed(0)} ms` : 'no ETag'} |
`);
} finally {
  await worker.stop();
  await builder.close();
  await site.close();
  if (!process.env.KEEP_STATE && !process.env.BENCH_STATE) rmSync(state, { recursive: true, force: true });
  else say(`state kept in ${state}`);
}
