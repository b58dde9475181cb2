/**
 * Photos on the public pages as a phone gets them: variants in a modern format sized for their
 * box (never the uploaded original), alt text and focal point from the record, a blurred
 * placeholder while a slow photo loads.
 */
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, oneSiteBuildFor, rebuildSiteOnSave } from '../../e2e/product.ts';
import { until } from '../../e2e/wait.ts';
import { openBrowser, readingTab } from '../../e2e/browser.ts';
import { gpsPhoto } from '../../e2e/photos.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

let browser: BrowserContext;
let cookie = '';
const ALT = 'Relawan memilah sampah plastik di bank sampah';
let workPath = '';
let storedPath = '';
let logoVisionPath = '';

/** A green disc on a clear 800x600 canvas. */
const transparentPng = () =>
  sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg width="800" height="600"><circle cx="400" cy="300" r="200" fill="#2e7d32"/></svg>') }])
    .png()
    .toBuffer();

/** The top-left pixel of a JPEG at an address of the site. */
const cornerOf = async (address: string) => {
  const bytes = Buffer.from(await (await fetch(new URL(address, base))).arrayBuffer());
  expect((await sharp(bytes).metadata()).format).toBe('jpeg');
  return [...(await sharp(bytes).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer())];
};

async function api<T>(method: string, route: string, body?: FormData): Promise<T> {
  const response = await fetch(base + route, { method, headers: { cookie, origin: base }, body });
  const json = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${json.message}`);
  return json.data;
}

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  // A phone photo stored as it is (through the API, not the admin): the site must still never send it.
  const works = await api<Array<{ _id: string; slug: string; category_ids: Array<{ slug: string }> }>>('GET', '/api/our-work');
  const work = works.find((w) => w.category_ids.length > 0)!;
  const form = new FormData();
  form.append('image', new File([new Uint8Array(await gpsPhoto(2400, 1800))], 'foto-relawan.jpg', { type: 'image/jpeg' }));
  form.append('imageAlt', ALT);
  form.append('imageFocus', '20% 80%');
  // A transparent PNG, as logos and drawings are, in a vision of this file's own (another file's
  // newest vision may have no page): both saves go out in one build.
  const logo = new FormData();
  logo.append('title', `Logo Mitra ${Date.now().toString(36)}`);
  logo.append('shortDescription', 'Logo mitra di atas latar bening.');
  logo.append('content', '<p>Logo mitra.</p>');
  logo.append('isPublished', 'true');
  logo.append('image', new File([new Uint8Array(await transparentPng())], 'logo-mitra.png', { type: 'image/png' }));
  let vision = { slug: '' };
  await oneSiteBuildFor(async () => {
    storedPath = (await api<{ image: string }>('PUT', `/api/our-work/${work._id}`, form)).image;
    vision = await api<{ slug: string }>('POST', '/api/vision', logo);
  });
  workPath = `/our-work/${work.category_ids[0]!.slug}/${work.slug}`;
  logoVisionPath = `/vision/${vision.slug}`;
  // The saves rebuild the site: wait until the page shows the new photo and the vision is live.
  // A build already running when the saves were made may hold the first but not the second.
  const page = await readingTab(browser);
  await until(
    'the page to show the new photo and the new vision to be published',
    async () => {
      await page.goto(base + workPath);
      return (await page.locator(`img[alt="${ALT}"]`).count()) > 0 && (await fetch(base + logoVisionPath)).status === 200;
    },
    240_000,
  );
}, 300_000);
afterAll(() => browser?.close());

describe('uploaded photos on the site', () => {
  it('are served as WebP variants sized for the phone, never as the original', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(base + workPath, { waitUntil: 'networkidle' });
    const image = page.getByRole('img', { name: ALT });
    const source = page.locator('picture', { has: image }).locator('source[type="image/webp"]').first();
    const srcset = (await source.getAttribute('srcset')) ?? '';
    expect(srcset.split(',').length).toBeGreaterThan(1);
    for (const candidate of srcset.split(',')) expect(candidate.trim()).toMatch(/^\/_astro\/\S+\.webp \d+w$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && new URL(img.currentSrc).pathname)).toMatch(/\.webp$/);
    // A 3x phone is sent a 2x image: sharp to the eye, far below the original's 2400 px.
    const [fileWidth, boxWidth] = await image.evaluate(async (img: HTMLImageElement) => {
      const probe = new Image();
      probe.src = img.currentSrc;
      await probe.decode();
      return [probe.naturalWidth, img.clientWidth];
    });
    expect(fileWidth).toBeGreaterThanOrEqual(boxWidth * 2);
    expect(fileWidth).toBeLessThanOrEqual(boxWidth * 2 * 1.3);
    expect(await image.getAttribute('width')).toBeTruthy();
    expect(await image.getAttribute('height')).toBeTruthy();
    expect(requested.filter((path) => path.includes(storedPath.replace(/^uploads\//, '')))).toEqual([]);
    await page.close();
  });

  it('are described by the alt text set for them, and crop around the focal point', async () => {
    const page = await readingTab(browser);
    await page.goto(base + workPath);
    const image = page.getByRole('img', { name: ALT });
    expect(await image.evaluate((img) => getComputedStyle(img).objectPosition)).toBe('20% 80%');
    // No content image on the page goes without a description.
    const described = await page.locator('main img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
    expect(described.every((alt) => alt !== null && alt.trim() !== '')).toBe(true);
  });

  it('show a blurred preview in their box while the photo is still on its way', async () => {
    const page = await browser.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.webp', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(base + workPath, { waitUntil: 'domcontentloaded' });
    const image = page.getByRole('img', { name: ALT });
    const before = await image.evaluate((img: HTMLImageElement) => ({ loaded: img.complete && img.naturalWidth > 0, background: getComputedStyle(img).backgroundImage, height: img.getBoundingClientRect().height }));
    expect(before.loaded).toBe(false);
    expect(before.background).toMatch(/^url\("data:image\/webp;base64,/);
    expect(before.height).toBeGreaterThan(100);
    release();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Nothing moved when the photo arrived.
    expect(await image.evaluate((img) => img.getBoundingClientRect().height)).toBe(before.height);
    await page.close();
  });

  it('are shared as a 1200x630 JPEG link preview, not the original', async () => {
    const html = await (await fetch(base + workPath)).text();
    const shared = new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!);
    expect(shared.pathname).not.toContain(storedPath.replace(/^uploads\//, ''));
    const meta = await sharp(Buffer.from(await (await fetch(base + shared.pathname)).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('keep a transparent picture on white where they are JPEG: the link preview and the fallback', async () => {
    const response = await fetch(base + logoVisionPath);
    expect(response.status, logoVisionPath).toBe(200);
    const html = await response.text();
    const shared = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
    const fallback = /<img src="([^"]+\.jpg)"[^>]*data-preview-image="image"/.exec(html)?.[1];
    // What the page shows instead, should its picture be missing.
    assert(fallback, `no JPEG fallback on ${logoVisionPath}: ${html.slice(html.indexOf('<main'), html.indexOf('<main') + 800)}`);
    for (const address of [shared, fallback]) for (const channel of await cornerOf(address)) expect(channel, address).toBeGreaterThan(240);
  });

  it('load the banner first and the photos of lists lazily', async () => {
    const page = await readingTab(browser);
    await page.goto(base + '/');
    const banner = page.locator('.hero-slide.is-active img');
    expect(await banner.getAttribute('loading')).toBe('eager');
    expect(await banner.getAttribute('fetchpriority')).toBe('high');
    // A background behind the banner's text: decorative on purpose.
    expect(await banner.getAttribute('alt')).toBe('');
    await page.goto(base + '/our-work');
    expect(await page.locator(`img[alt="${ALT}"]`).first().getAttribute('loading')).toBe('lazy');
  });
});
