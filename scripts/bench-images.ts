/**
 * `npm run bench:images`: real-looking phone photos through the whole pipeline.
 *
 * Generates noisy 4032x3024 JPEGs with a GPS tag (sharp), stores them through the API in the hero,
 * three works, two BioCore articles with two features each, the team and the partners, builds the
 * site, then loads `/`, `/bio-core`, one article, one work and `/about-us` in chromium as a 390 px
 * phone at DPR 3 and prints per page: bytes transferred (all, images), the largest image and its
 * pixels against its box, and Lighthouse's mobile scores when lighthouse is installed.
 * Then build times: a rebuild after a one-word edit with 200 more photos in the content against
 * the same rebuild without them, and the first build with the 200 photos.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { CDPSession } from 'playwright-core';
import { closeBrowser, openBrowser, CHROMIUM, signInAsAdmin } from '../e2e/browser.ts';
import { buildAdmin, buildSite, currentLink } from './lib/builds.ts';
import { startSiteServer } from './lib/site-server.ts';
import { recordFigures } from './lib/bench-figures.ts';
import { DEFAULT_ADMIN, ROOT, migrateAndSeed, startWorker, type RunningWorker } from './lib/local.ts';

const KB = 1024;
const MB = KB * KB;
const PHOTOS_FOR_REBUILD = Number(process.env.BENCH_PHOTOS ?? 200);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** Gaussian noise made at `width`x`height` and scaled to the photo's size: detail at that scale. */
const noiseAt = (width: number, height: number, full: { width: number; height: number }) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .resize(full.width, full.height, { kernel: 'cubic' })
    .raw()
    .toBuffer();

/**
 * A phone-like photo: smooth light and colour overlaid with noise at three scales (a real photo
 * has detail at every size, so its variants weigh what a real photo's do), and a GPS tag in its EXIF.
 */
async function phonePhoto(seed: number, width = 4032, height = 3024): Promise<Buffer> {
  const full = { width, height };
  const w = 64;
  const h = Math.round((w * height) / width);
  const low = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      low[i] = 90 + 80 * Math.sin((x + seed * 7) / 9);
      low[i + 1] = 120 + 70 * Math.cos((y + seed * 3) / 7);
      low[i + 2] = 100 + 60 * Math.sin((x + y + seed) / 13);
    }
  }
  const raw = { width, height, channels: 3 } as const;
  const layers = await Promise.all([noiseAt(width, height, full), noiseAt(width >> 3, height >> 3, full), noiseAt(width >> 6, height >> 6, full)]);
  const base = await sharp(low, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  return sharp(base, { raw })
    .composite(layers.map((input) => ({ input, raw, blend: 'soft-light' as const })))
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Phone' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '107/1 36/1 0/1' } })
    .toBuffer();
}

async function login(url: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(DEFAULT_ADMIN),
  });
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

function client(worker: RunningWorker, cookie: string) {
  const send = async (method: string, route: string, fields: Record<string, string | Blob>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const response = await fetch(worker.url + route, { method, headers: { cookie, origin: worker.url }, body: form });
    const body = (await response.json()) as { success: boolean; data: { _id: string; path?: string; url?: string }; message?: string };
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${body.message}`);
    return body.data;
  };
  const list = async (route: string) =>
    ((await (await fetch(`${worker.url}/api${route}?limit=1000`, { headers: { cookie } })).json()) as { data: Array<Record<string, unknown> & { _id: string }> }).data;
  return { send, list };
}

/**
 * A phone photo uploaded through the admin as staff do, in the file manager and in a form's
 * image field: the bytes the browser sent and the seconds from picking the file to the answer
 * (the photo is scaled and re-encoded in the browser first).
 */
async function adminUploads(baseUrl: string, photo: Buffer) {
  const browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  browser.setDefaultTimeout(120_000);
  const page = await browser.newPage();
  try {
    await signInAsAdmin(page, baseUrl, DEFAULT_ADMIN.password);
    /** Seconds from picking the file to the answer, and the stored photo's size (what was sent, less the form's few bytes). */
    const timed = async (urlPart: string, storedPath: (answer: { data: Record<string, unknown> }) => string, pick: () => Promise<void>, finish = async () => {}) => {
      const started = performance.now();
      const answered = page.waitForResponse((r) => r.url().includes(urlPart) && r.request().method() !== 'GET');
      await pick();
      await finish();
      const response = await answered;
      const seconds = (performance.now() - started) / 1000;
      const stored = await fetch(`${baseUrl}/${storedPath((await response.json()) as { data: Record<string, unknown> }).replace(/^\//, '')}`);
      return { kb: Math.round((await stored.arrayBuffer()).byteLength / KB), seconds };
    };
    await page.goto(`${baseUrl}/admin/file-manager`);
    const manager = await timed('/api/files/upload', (answer) => String(answer.data.url ?? answer.data.path), () => page.getByLabel('Upload File', { exact: true }).setInputFiles({ name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: photo }));
    await page.goto(`${baseUrl}/admin/our-work`);
    await page.locator('tbody tr').first().getByRole('button', { name: /^Edit/ }).click();
    await page.waitForSelector('.form-fields[aria-busy="false"]');
    const form = await timed(
      '/api/our-work/',
      (answer) => String(answer.data.image),
      () => page.locator('#field-image').setInputFiles({ name: 'IMG_4033.jpg', mimeType: 'image/jpeg', buffer: photo }),
      () => page.getByRole('button', { name: 'Update' }).click(),
    );
    return { manager, form };
  } finally {
    await browser.close();
  }
}

const jpeg = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

async function timedBuild(apiUrl: string, siteDir: string, state: string) {
  const started = performance.now();
  const result = await buildSite(apiUrl, siteDir, state);
  if (!result.ok) throw new Error(result.output);
  return (performance.now() - started) / 1000;
}

// Run in the page (strings: this file is type-checked without the DOM's types).
const SCROLL_THROUGH = `(async () => {
  for (let y = 0; y < document.body.scrollHeight; y += 600) {
    window.scrollTo(0, y);
    await new Promise((r) => setTimeout(r, 60));
  }
})()`;
// naturalWidth of an image chosen from a srcset is divided by its density: each file is loaded alone.
const SHOWN_IMAGES = `Promise.all(
  [...document.images]
    .filter((img) => img.complete && img.naturalWidth > 0 && img.currentSrc && !img.currentSrc.startsWith('data:'))
    .map(async (img) => {
      const probe = new Image();
      probe.src = img.currentSrc;
      await probe.decode().catch(() => undefined);
      return { src: new URL(img.currentSrc).pathname, natural: [probe.naturalWidth, probe.naturalHeight], box: [img.clientWidth, img.clientHeight], fit: getComputedStyle(img).objectFit };
    }),
)`;

interface PageFigures {
  path: string;
  totalKb: number;
  imageKb: number;
  imageCount: number;
  largest: string;
  oversized: string[];
}

async function measure(baseUrl: string, paths: string[]): Promise<PageFigures[]> {
  const browser = await openBrowser({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const figures: PageFigures[] = [];
  try {
    for (const route of paths) {
      const page = await browser.newPage();
      const cdp: CDPSession = await browser.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const types = new Map<string, { type: string; url: string }>();
      const bytes = new Map<string, number>();
      cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
      cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
      await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
      // Scroll through the page so lazy images load too: the figures are for the whole page.
      await page.evaluate(SCROLL_THROUGH);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const shown = await page.evaluate<Array<{ src: string; natural: number[]; box: number[]; fit: string }>>(SHOWN_IMAGES);
      let total = 0;
      let images = 0;
      let imageCount = 0;
      let largest = { url: '', size: 0 };
      for (const [id, size] of bytes) {
        total += size;
        const info = types.get(id);
        if (info?.type !== 'Image' || info.url.startsWith('data:')) continue;
        images += size;
        imageCount++;
        if (size > largest.size) largest = { url: new URL(info.url).pathname, size };
      }
      const dpr = 3;
      const describe = (img: (typeof shown)[number]) => {
        // A cover-fit image must fill its box on both sides; a contained one on its longer side.
        const needed = img.fit === 'cover' ? Math.max((img.box[0]! * dpr) / img.natural[0]!, (img.box[1]! * dpr) / img.natural[1]!) : (img.box[0]! * dpr) / img.natural[0]!;
        return { ...img, ratio: 1 / needed };
      };
      const measured = shown.map(describe);
      const big = measured.find((img) => img.src === largest.url) ?? measured.sort((a, b) => b.natural[0]! - a.natural[0]!)[0];
      figures.push({
        path: route,
        totalKb: Math.round(total / KB),
        imageKb: Math.round(images / KB),
        imageCount,
        largest: big
          ? `${Math.round(largest.size / KB)} KB, ${big.natural.join('x')} px in a ${big.box.join('x')} CSS px box (${(big.ratio).toFixed(2)}x the device pixels it needs)`
          : '-',
        oversized: measured.filter((img) => img.ratio > 2).map((img) => `${img.src} ${img.natural.join('x')} in ${img.box.join('x')}`),
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}

/**
 * Lighthouse's mobile scores for one page. Run asynchronously: the site server answering the
 * page lives in this process, and a synchronous spawn would keep it from answering at all.
 */
async function lighthouse(url: string, profile: string): Promise<string> {
  const bin = path.join(ROOT, 'node_modules/.bin/lighthouse');
  if (!existsSync(bin)) return 'lighthouse not installed';
  const flags = `--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=${profile}`;
  try {
    const { stdout } = await promisify(execFile)(bin, [url, '--quiet', '--output=json', '--output-path=stdout', '--only-categories=performance,accessibility', `--chrome-flags=${flags}`], {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      encoding: 'utf8',
      maxBuffer: 64 * MB,
      timeout: 300_000,
    });
    const report = JSON.parse(stdout) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, { displayValue?: string; details?: { items?: Array<{ url?: string; duration?: number; resourceType?: string; transferSize?: number }> } }>;
    };
    const audit = (name: string) => report.audits[name]?.displayValue;
    // Where blocking time comes from: the long main-thread tasks by script (or none: the browser's own work).
    const longTasks = (report.audits['long-tasks']?.details?.items ?? [])
      .map((task) => `${task.url ? path.basename(task.url.split('?')[0]!) || task.url : 'unattributed'} ${Math.round(task.duration ?? 0)} ms`)
      .join(', ');
    // What shares the simulated mobile network with the banner: every image the load fetched (lazy ones near the first screen too).
    const images = (report.audits['network-requests']?.details?.items ?? []).filter((request) => request.resourceType === 'Image');
    const imageKb = Math.round(images.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / KB);
    return `performance ${Math.round(report.categories.performance!.score * 100)}, accessibility ${Math.round(report.categories.accessibility!.score * 100)}, FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}; images fetched ${images.length}, ${imageKb} KB; long tasks: ${longTasks || 'none'}`;
  } catch (error) {
    return `lighthouse failed: ${String((error as { stderr?: string }).stderr ?? error).slice(-300)}`;
  }
}

const state = mkdtempSync(path.join(tmpdir(), 'cms-bench-images-'));
const www = path.join(state, 'www');
// Site builds go to their own folders under siteDir; the worker fetches pages from the site server.
const siteDir = path.join(state, 'site');
const log = (line: string) => console.log(line);
await migrateAndSeed(state);
const port = 9700 + Math.floor(Math.random() * 100);
// The admin, for the uploads made as staff make them.
await buildAdmin(www, state);
const site = await startSiteServer({ port: port + 2, currentLink: currentLink(siteDir) });
const worker = await startWorker({ stateDir: state, port, assetsDir: www, siteOrigin: site.url });
try {
  const api = client(worker, await login(worker.url));
  log(`Generating photos...`);
  const photos: Buffer[] = [];
  for (const seed of [0, 1, 2, 3]) photos.push(await phonePhoto(seed));
  log(`Photos: 4032x3024 JPEG, ${photos.map((p) => (p.length / MB).toFixed(1)).join(', ')} MB, with GPS EXIF`);
  let next = 0;
  const photo = (name: string) => jpeg(photos[next++ % photos.length]!, `${name}.jpg`);

  // The photo set of the issue, stored as they come from a phone (the API, not the admin, so at full size).
  const [hero] = await api.list('/hero-section');
  await api.send('PUT', `/api/hero-section/${hero!._id}`, { image: photo('hero') });
  const works = (await api.list('/our-work')).slice(0, 3);
  for (const work of works) await api.send('PUT', `/api/our-work/${work._id}`, { image: photo(`work-${work.slug}`) });
  const articles = (await api.list('/bio-core')).filter((a) => a.isPublished).slice(0, 2);
  for (const article of articles) {
    const icons = [await api.send('POST', '/api/files/upload', { file: photo('feature-a') }), await api.send('POST', '/api/files/upload', { file: photo('feature-b') })];
    const features = icons.map((icon, order) => ({ title: `Fitur ${order + 1}`, description: 'Keterangan fitur.', icon: '', image: icon.path, order }));
    await api.send('PUT', `/api/bio-core/${article._id}`, { featuredImage: photo(`article-${article.slug}`), features: JSON.stringify(features) });
  }
  for (const member of await api.list('/team')) await api.send('PUT', `/api/team/${member._id}`, { image: photo(`team-${member.name}`) });
  for (const partner of await api.list('/partner')) await api.send('PUT', `/api/partner/${partner._id}`, { logo: photo(`partner-${partner.name}`) });

  const firstPhotoBuild = await timedBuild(worker.url, siteDir, state);
  log(`First build with the photo set: ${firstPhotoBuild.toFixed(1)} s`);
  const workSlug = works[0]!;
  const category = (workSlug.category_ids as Array<{ slug: string }>)[0]?.slug;
  const pages = ['/', '/bio-core', `/bio-core/${articles[0]!.slug}`, `/our-work/${category}/${workSlug.slug}`, '/about-us'];
  for (const figures of await measure(worker.url, pages)) {
    log(`\n${figures.path}: ${figures.totalKb} KB in all, ${figures.imageKb} KB of ${figures.imageCount} images; largest image ${figures.largest}`);
    if (figures.oversized.length) log(`  over 2x the device pixels: ${figures.oversized.join('; ')}`);
  }
  const uploads = await adminUploads(worker.url, photos[0]!);
  log(`\nA ${(photos[0]!.length / MB).toFixed(1)} MB 4032x3024 photo through the admin: file manager stored ${uploads.manager.kb} KB in ${uploads.manager.seconds.toFixed(1)} s; a form's image field ${uploads.form.kb} KB in ${uploads.form.seconds.toFixed(1)} s (pick to saved)`);
  // Several runs a page: the goal holds on every run, not on the best one.
  for (const route of ['/', '/bio-core', `/bio-core/${articles[0]!.slug}`]) {
    const scores: number[] = [];
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
      const profile = mkdtempSync(path.join(tmpdir(), 'cms-lh-'));
      const result = await lighthouse(worker.url + route, profile);
      log(`Lighthouse mobile ${route} (run ${run}): ${result}`);
      const score = result.match(/^performance (\d+)/)?.[1];
      if (score) scores.push(Number(score));
      rmSync(profile, { recursive: true, force: true });
    }
    // The home page's goal holds on every run: its worst run is the figure.
    if (route === '/' && scores.length) recordFigures({ 'lighthouse home': { value: Math.min(...scores), note: `runs ${scores.join(', ')} with real-looking photos, load ${loadavg()[0]!.toFixed(1)}` } });
  }

  // Rebuild after a one-word edit: without and then with 200 more photos in the content.
  const vision = (await api.list('/vision'))[0]!;
  const editWord = async (word: string) => api.send('PUT', `/api/vision/${vision._id}`, { shortDescription: `${vision.shortDescription} ${word}` });
  const stored: string[] = [];
  for (let i = 0; i < PHOTOS_FOR_REBUILD; i++) {
    const record = await api.send('POST', '/api/our-work', { title: `Proyek Bench ${i + 1}`, description: 'Proyek untuk mengukur build.', isActive: 'true' });
    stored.push(record._id);
  }
  await timedBuild(worker.url, siteDir, state);
  await editWord('satu');
  const rebuildWithout = await timedBuild(worker.url, siteDir, state);
  log(`\nRebuild after a one-word edit, ${PHOTOS_FOR_REBUILD} more works without photos: ${rebuildWithout.toFixed(1)} s`);
  // Stored as the admin stores them: scaled to 2560 px on the long side.
  const adminSized = await sharp(photos[0]).rotate().resize(2560, 2560, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
  for (const [i, id] of stored.entries()) await api.send('PUT', `/api/our-work/${id}`, { image: jpeg(adminSized, `bench-${i}.jpg`) });
  const firstWith = await timedBuild(worker.url, siteDir, state);
  log(`First build with ${PHOTOS_FOR_REBUILD} photos (2560x1920, ${(adminSized.length / MB).toFixed(1)} MB each): ${firstWith.toFixed(1)} s`);
  await editWord('dua');
  const rebuildWith = await timedBuild(worker.url, siteDir, state);
  log(`Rebuild after a one-word edit with the ${PHOTOS_FOR_REBUILD} photos: ${rebuildWith.toFixed(1)} s (${(rebuildWith / rebuildWithout).toFixed(2)}x the rebuild without photos)`);
} finally {
  await closeBrowser();
  await worker.stop();
  await site.close();
  if (!process.env.BENCH_KEEP) rmSync(state, { recursive: true, force: true });
  else log(`State kept in ${state}`);
}
