/**
 * A working day in the back-office at 1280 px and on a 390 px phone: the seeded hero saved with
 * its relative CTA, the slug shown is the slug stored, features edited with an image uploaded
 * from the row, lists that never hide their actions, upload progress on a slow connection.
 * SCREENSHOT_DIR=<folder> keeps screenshots of every screen to be looked at.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword as password } from '../../e2e/product.ts';
import { keepScreenshot, openBrowser, readingTab } from '../../e2e/browser.ts';
import { gpsPhoto } from '../../e2e/photos.ts';
import { SCREENS } from '../src/screens/screens.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

type Row = Record<string, unknown> & { _id: string };
const apiList = async (route: string) => ((await (await fetch(`${base}/api/${route}`, { headers: { cookie } })).json()) as { data: Row[] }).data;

let browser: BrowserContext;
let cookie = '';

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  browser.setDefaultTimeout(15_000);
  const page = await browser.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${base}/admin`);
  cookie = (await browser.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
  await page.close();
});
afterAll(() => browser?.close());

const sizeFor = (width: number) => ({ width, height: width < 500 ? 844 : 900 });

/** A screen in a tab of its own, for tests that save: its confirmations are accepted. */
async function open(route: string, width: number) {
  const page = await browser.newPage();
  await page.setViewportSize(sizeFor(width));
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(`${base}/admin/${route}`);
  return page;
}

/** A screen in the context's reading tab (e2e/browser.ts), for tests that look and search. */
async function look(route: string, width: number) {
  const page = await readingTab(browser);
  await page.setViewportSize(sizeFor(width));
  await page.goto(`${base}/admin/${route}`);
  return page;
}

const screen = (route: string) => SCREENS.find((s) => s.route === route)!;
const ready = async (page: Page, route: string) => {
  await expect.poll(() => page.locator('h1').innerText()).toBe(screen(route).title);
  await page.locator('tbody tr').first().waitFor();
};

describe.each([1280, 390])('at %i px', (width) => {
  it('saves the seeded hero slide with its relative CTA and a new background', async () => {
    const page = await open('hero-section', width);
    await ready(page, 'hero-section');
    await page.getByRole('button', { name: 'Edit Mengubah Sampah Menjadi Berharga' }).click();
    await expect.poll(() => page.locator('#field-ctaUrl').inputValue()).toBe('/our-work');
    const before = (await apiList('hero-section')).find((hero) => hero.title === 'Mengubah Sampah Menjadi Berharga')!;
    // The colour tools show their name and a swatch big enough to see.
    const colours = page.locator('.rich-editor').first().locator('.colour-tool');
    // The form mounts again when the stored record arrives: read the tools once they are there.
    await expect.poll(() => colours.allInnerTexts()).toEqual(['Teks', 'Latar']);
    for (const swatch of await colours.locator('input[type=color]').all()) expect((await swatch.boundingBox())!.width).toBeGreaterThanOrEqual(24);
    // A file picked before the stored record arrives would go with the form it replaces.
    await expect.poll(() => page.locator('.form-fields').getAttribute('aria-busy')).toBe('false');
    await page.locator('#field-backgroundImage').setInputFiles(png(`latar-${width}.png`));
    await keepScreenshot(page, `admin-hero-form-${width}`, { fullPage: true });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain('Data updated successfully!');
    const after = (await apiList('hero-section')).find((hero) => hero._id === before._id)!;
    expect(after.ctaUrl).toBe('/our-work');
    expect(after.backgroundImage).not.toBe(before.backgroundImage);
    expect(String(after.backgroundImage)).toContain(`latar-${width}`);
    await page.close();
  });

  it('accepts links inside the site in every link input, and refuses unsafe ones with a message', async () => {
    const page = await open('seo', width);
    await ready(page, 'seo');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    for (const id of ['ogUrl', 'canonicalUrl']) expect(await page.locator(`#field-${id}`).getAttribute('type')).toBe('text');
    expect(await page.locator('#field-ogUrl').getAttribute('inputmode')).toBe('url');
    await page.close();
    const team = await open('about/team', width);
    await ready(team, 'about/team');
    await team.getByRole('button', { name: /^\+ Tambah/ }).click();
    for (const id of ['linkedin', 'instagram', 'twitter']) expect(await team.locator(`#field-${id}`).getAttribute('type')).toBe('text');
    await team.close();
  });

  it('shows the BioCore slug exactly as it is stored, and says it is fixed once saved', async () => {
    const page = await open('bio-core', width);
    await ready(page, 'bio-core');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    const title = `Bank Sampah Digital di Kampung Cibunut ${width}`;
    await page.locator('#field-title').fill(title);
    const shown = await page.locator('#field-slug').inputValue();
    expect(shown).toBe(`bank-sampah-digital-di-kampung-cibunut-${width}`);
    expect(await page.locator('#field-slug-hint').innerText()).toContain(`/bio-core/${shown}`);
    expect(await page.locator('#field-slug-hint').innerText()).toContain('tidak dapat diubah');
    // A slug typed by hand becomes the stored address as soon as the input is left.
    await page.locator('#field-slug').fill(`Bank Sampah: Cibunut! ${width}`);
    await page.locator('#field-subtitle').click();
    expect(await page.locator('#field-slug').inputValue()).toBe(`bank-sampah-cibunut-${width}`);
    await page.locator('.ProseMirror#field-content').click();
    await page.keyboard.type('Isi artikel.');
    // The reading time left empty shows the estimate it will get.
    expect(await page.locator('#field-readTime').inputValue()).toBe('');
    expect(await page.locator('#field-readTime').getAttribute('placeholder')).toBe('± 1 (otomatis)');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain('berhasil');
    const stored = (await apiList('bio-core')).find((article) => article.title === title)!;
    expect([stored.readTime, stored.readTimeComputed]).toEqual([1, true]);
    expect(stored.slug).toBe(`bank-sampah-cibunut-${width}`);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect.poll(() => page.locator('#field-slug').inputValue()).toBe(`bank-sampah-cibunut-${width}`);
    expect(await page.locator('#field-slug').isDisabled()).toBe(true);
    await page.close();
  });

  it('adds, edits and removes features, each a card with its image uploaded from the row', async () => {
    const page = await open('bio-core', width);
    await ready(page, 'bio-core');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    const title = `Fitur ${width} ${Date.now() % 100000}`;
    await page.locator('#field-title').fill(title);
    await page.locator('.ProseMirror#field-content').click();
    await page.keyboard.type('Isi artikel.');
    const features = page.getByRole('group', { name: 'Fitur Utama' });
    for (let i = 0; i < 3; i++) await features.getByRole('button', { name: '+ Tambah Fitur' }).click();
    const card = (i: number) => features.locator('.list-card').nth(i);
    for (const [i, name] of ['Dihapus', 'Modular', 'Hemat Energi'].entries()) {
      await card(i).getByLabel('Judul').fill(name);
      await card(i).getByLabel('Deskripsi').fill(`Deskripsi ${name}`);
      await card(i).getByLabel('Ikon').fill(i === 1 ? 'boxes' : 'bolt');
    }
    await card(1).locator('input[type=file]').setInputFiles(png(`fitur-modular-${width}.png`));
    // Every input of a card is wide enough to type in, nothing overlaps, Hapus stays visible.
    for (let i = 0; i < 3; i++) {
      const boxes = await card(i).locator('input:not([type=file]), textarea').evaluateAll((inputs) => inputs.map((input) => input.getBoundingClientRect().toJSON() as DOMRect));
      for (const box of boxes) expect(box.width).toBeGreaterThan(150);
      for (const [a, b] of boxes.flatMap((x, ai) => boxes.slice(ai + 1).map((y) => [x, y] as const))) {
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlap).toBe(false);
      }
      const remove = card(i).getByRole('button', { name: /^Hapus Fitur Utama/ });
      await remove.scrollIntoViewIfNeeded();
      const box = (await remove.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent, [box.x + box.width / 2, box.y + box.height / 2])).toBe('Hapus');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The cards take the form's whole width, one under the other, the add button below them.
    const form = (await page.locator('.resource-form').boundingBox())!;
    const cards = await features.locator('.list-card').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    for (const box of cards) expect(box.width).toBeGreaterThan(form.width * 0.8);
    expect(new Set(cards.map((box) => Math.round(box.left))).size).toBe(1);
    const add = (await features.getByRole('button', { name: '+ Tambah Fitur' }).boundingBox())!;
    expect(add.y).toBeGreaterThan(cards.at(-1)!.bottom - 1);
    await features.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `admin-bio-core-features-${width}`, { fullPage: true });
    await features.getByRole('button', { name: 'Hapus Fitur Utama 1' }).click();
    await card(1).getByLabel('Judul').fill('Hemat Energi Biogas');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain('berhasil');
    const stored = (await apiList('bio-core')).find((article) => article.title === title)!;
    expect(stored.features).toEqual([
      { title: 'Modular', description: 'Deskripsi Modular', icon: 'boxes', image: expect.stringMatching(new RegExp(`^/uploads/.*fitur-modular-${width}`)), order: 0 },
      { title: 'Hemat Energi Biogas', description: 'Deskripsi Hemat Energi', icon: 'bolt', image: '', order: 1 },
    ]);
    const image = await fetch(`${base}${String((stored.features as Row[])[0]!.image)}`);
    expect(image.status).toBe(200);
    await page.close();
  });
});

// A phone on a slow connection: the case that needs the progress most.
describe('at 390 px on a slow connection', () => {
  // Preparing a 12-megapixel photo in the page, then sending megabytes at 1 MB a second: allow a loaded machine.
  it('shows the upload percentage while a form with a big file saves over a slow connection', { timeout: 120_000 }, async () => {
    const width = 390;
    const page = await open('about/gallery', width);
    await ready(page, 'about/gallery');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    await page.locator('#field-title').fill(`Lambat ${width}`);
    await page.locator('#field-description').fill('Foto besar dari acara.');
    await page.locator('#field-category').selectOption({ index: 1 });
    // A phone photo: still megabytes after it is scaled to 2560 px, sent at 1 MB a second.
    await page.locator('#field-image').setInputFiles({ name: `besar-${width}.jpg`, mimeType: 'image/jpeg', buffer: await gpsPhoto(4032, 3024) });
    // The photo is prepared for upload (scaled, metadata dropped) before it can be saved.
    await expect.poll(() => page.getByText('Menyiapkan foto...').count()).toBe(0);
    const cdp = await browser.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    const button = page.locator('.form-actions button.primary');
    await page.getByRole('button', { name: 'Simpan' }).click();
    const seen = new Set<string>();
    await expect
      .poll(async () => {
        const text = await button.innerText().catch(() => '');
        if (/\d+%/.test(text)) seen.add(text);
        return seen.size;
      }, { timeout: 20_000, interval: 50 })
      .toBeGreaterThanOrEqual(2);
    expect(await page.getByRole('progressbar', { name: 'Upload file' }).count()).toBe(1);
    await keepScreenshot(page, `admin-save-progress-${width}`);
    await expect.poll(() => page.locator('.alert').first().innerText(), { timeout: 30_000 }).toContain('Gallery berhasil dibuat!');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const percents = [...seen].map((text) => Number(/(\d+)%/.exec(text)![1]));
    expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
    await page.close();
  });
});

// One page a screen, resized through the widths as a window or a turned phone is: the layout is CSS alone.
describe('every list at 1280, 1366 and 390 px', () => {
  it.each(SCREENS.map((s) => [s.route] as const))('/admin/%s shows its seeded rows and keeps its actions in view', async (route) => {
    const page = await look(route, 1280);
    await ready(page, route);
    await expect.poll(() => page.locator('.page-header p').innerText()).toMatch(/^Total: [1-9]\d* item$/);
    const deleteLabel = screen(route).texts?.delete ?? 'Hapus';
    for (const width of [1280, 1366, 390]) {
      await page.setViewportSize(sizeFor(width));
      // A transition the resize cancels rejects `finished`; cancelled is settled too.
      await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));
      const remove = page.locator('tbody tr').first().getByRole('button', { name: new RegExp(`^${deleteLabel}`) });
      // Below the fold on a phone, as a person would scroll to it (only up and down: the page never scrolls sideways).
      await remove.scrollIntoViewIfNeeded();
      const box = (await remove.boundingBox())!;
      const wrap = (await page.locator('.table-wrap').boundingBox())!;
      expect(box.x, `at ${width} px`).toBeGreaterThanOrEqual(wrap.x);
      expect(box.x + box.width, `at ${width} px`).toBeLessThanOrEqual(Math.min(wrap.x + wrap.width, width));
      // Not hidden under another cell: the button itself is what a tap there meets.
      expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent, [box.x + box.width / 2, box.y + box.height / 2]), `at ${width} px`).toBe(deleteLabel);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
      if (width !== 1366) await keepScreenshot(page, `admin-${route.replace('/', '-')}-${width}`, { fullPage: true });
    }
  });
});

describe('the header and the other screens', () => {
  it('keeps the greeting on one line beside a round avatar on a phone', async () => {
    const page = await look('', 390);
    await expect.poll(() => page.locator('.welcome').innerText()).toContain('admin');
    const avatar = (await page.locator('.initial').boundingBox())!;
    expect(Math.round(avatar.width)).toBe(32);
    expect(Math.round(avatar.height)).toBe(32);
    const welcome = (await page.locator('.welcome').boundingBox())!;
    expect(welcome.height).toBeLessThan(40);
    expect(await page.locator('.welcome').getAttribute('class')).toBe('welcome');
  });

  it.each([1280, 390])('dashboard, subscribers, file manager and collaborate at %i px', async (width) => {
    const settled = async (route: string) => {
      const page = await look(route, width);
      await page.locator('h1').waitFor();
      await page.waitForLoadState('networkidle');
      return page;
    };
    /** The page fits the width with no sideways scrolling; a screenshot is kept. */
    const checkFits = async (page: Page, route: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await keepScreenshot(page, `admin-${route || 'dashboard'}-${width}`, { fullPage: true });
    };
    const dashboard = await settled('');
    const sections = dashboard.getByRole('table').last();
    await expect.poll(() => sections.innerText()).toContain('Manage Hero Section');
    expect(await sections.innerText()).not.toMatch(/hero-section|vision-mission/);
    // Recent activity names the screens too (the hero was saved earlier in this file).
    expect(await dashboard.locator('.activity').innerText()).not.toMatch(/\b(hero-section|bio-core)\b/);
    await checkFits(dashboard, '');
    for (const route of ['subscribe', 'file-manager', 'collaborate']) await checkFits(await settled(route), route);
  });

  it('searches every list on the server, over its text fields', async () => {
    const page = await look('our-work', 1280);
    await ready(page, 'our-work');
    const all = await page.locator('tbody tr').count();
    const first = await page.locator('tbody tr').first().locator('td[data-label="Title"]').innerText();
    // The search goes with the page asked for (page=1&limit=..&search=..).
    const searching = page.waitForResponse((response) => response.url().includes('/api/our-work?') && new URL(response.url()).searchParams.has('search'));
    await page.getByRole('searchbox', { name: 'Cari Our Work' }).fill(first.slice(0, 12));
    await searching;
    await expect.poll(() => page.locator('tbody tr').first().innerText()).toContain(first);
    expect(await page.locator('tbody tr').count()).toBeLessThanOrEqual(all);
    await page.getByRole('searchbox', { name: 'Cari Our Work' }).fill('tidak-ada-yang-cocok-xyz');
    await expect.poll(() => page.locator('.empty').innerText()).toContain('Tidak ada data yang cocok');
  });
});
