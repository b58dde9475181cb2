/**
 * Photos from a phone through the admin: scaled and stripped of their GPS position before they
 * leave the browser, previewed by small thumbnails, described and focused beside the image field,
 * and shown that way on the public site.
 */
import { thumbnailUrl, type StoredFile } from '@cms/worker/contract/api';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, rebuildSiteOnSave } from '../../e2e/product.ts';
import { openBrowser, signInAsAdmin } from '../../e2e/browser.ts';
import { gpsPhoto, hasGps } from '../../e2e/photos.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

let browser: BrowserContext;
let page: Page;
let photo: Buffer;

async function cookie() {
  return (await browser.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
}
const download = async (url: string) => Buffer.from(await (await fetch(base + url)).arrayBuffer());

beforeAll(async () => {
  photo = await gpsPhoto(4032, 3024);
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  browser.setDefaultTimeout(20_000);
  page = await browser.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  await signInAsAdmin(page, base, adminPassword);
}, 180_000);
afterAll(() => browser?.close());

describe('a phone photo uploaded in the file manager', () => {
  it('is stored at 2560 px, upright, without GPS, with a small WebP thumbnail, under its own name', { timeout: 120_000 }, async () => {
    expect(await hasGps(photo)).toBe(true);
    await page.goto(`${base}/admin/file-manager`);
    await page.getByLabel('Upload File', { exact: true }).setInputFiles({ name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => page.locator('.alert').innerText(), { timeout: 30_000 }).toContain('File IMG_4032.jpg berhasil diupload!');
    const item = page.locator('.file-grid li', { hasText: 'IMG_4032.jpg' }).first();
    await expect.poll(() => item.locator('.file-name').innerText()).toBe('IMG_4032.jpg');
    expect(await item.innerText()).toMatch(/\d+,\d (KB|MB)/);

    const files = ((await (await fetch(`${base}/api/files/list`, { headers: { cookie: await cookie() } })).json()) as { data: StoredFile[] }).data;
    const stored = files.find((f) => f.originalName === 'IMG_4032.jpg')!;
    const bytes = await download(stored.url);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([2560, 1920]);
    expect(meta.exif).toBeUndefined();
    expect(await hasGps(bytes)).toBe(false);
    expect(bytes.length).toBeLessThan(photo.length);

    // The file manager shows the thumbnail, not the original.
    expect(stored.thumbnailUrl).toBe(thumbnailUrl(stored.url));
    const thumbnail = await sharp(await download(stored.thumbnailUrl!)).metadata();
    expect(thumbnail.format).toBe('webp');
    expect(Math.max(thumbnail.width, thumbnail.height)).toBe(320);
    expect(await item.locator('img').getAttribute('src')).toBe(stored.thumbnailUrl);
  });

  it('refuses an iPhone HEIC photo in Indonesian, saying what to do', async () => {
    await page.goto(`${base}/admin/file-manager`);
    await page.getByLabel('Upload File', { exact: true }).setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: Buffer.alloc(2048) });
    await expect.poll(() => page.locator('.alert').innerText()).toContain('Foto HEIC dari iPhone belum bisa diupload');
  });
});

describe('an image field in a form', () => {
  it('takes alt text and a focal point beside the image, and the site uses both', { timeout: 300_000 }, async () => {
    await page.goto(`${base}/admin/our-work`);
    await page.locator('tbody tr').first().getByRole('button', { name: /^Edit/ }).click();
    // The form is ready once the record as stored now has arrived.
    await expect.poll(() => page.locator('.form-fields').getAttribute('aria-busy')).toBe('false');
    const title = await page.locator('#field-title').inputValue();
    await page.locator('#field-image').setInputFiles({ name: 'lapangan.jpg', mimeType: 'image/jpeg', buffer: photo });
    // The preview of the new photo, once scaled: a click near its bottom-left corner sets the focal point.
    const frame = page.locator('.focal-frame');
    await expect.poll(() => frame.locator('img').getAttribute('src'), { timeout: 30_000 }).toMatch(/^blob:/);
    const box = (await frame.boundingBox())!;
    await frame.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    // Where the click landed, to the percent (the frame's border may shift it by one).
    const near = (position: string) => position.split(' ').map((part, i) => Math.abs(Number.parseFloat(part) - [25, 75][i]!) <= 2);
    await expect.poll(async () => near(await page.getByTestId('focus-preview').evaluate((img) => getComputedStyle(img).objectPosition))).toEqual([true, true]);
    const alt = 'Warga menimbang sampah organik di lapangan';
    await page.locator('#field-image-alt').fill(alt);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.locator('.alert').first().innerText(), { timeout: 30_000 }).toMatch(/berhasil/);

    const work = ((await (await fetch(`${base}/api/our-work?search=${encodeURIComponent(title)}`, { headers: { cookie: await cookie() } })).json()) as { data: Array<{ title: string; slug: string; image: string; imageAlt: string; imageFocus: string; category_ids: Array<{ slug: string }> }> }).data.find((w) => w.title === title)!;
    expect(work.imageAlt).toBe(alt);
    expect(near(work.imageFocus)).toEqual([true, true]);
    expect(await hasGps(await download(`/${work.image}`))).toBe(false);

    const visitor = await browser.newPage();
    const path = work.category_ids[0] ? `/our-work/${work.category_ids[0].slug}/${work.slug}` : '/our-work';
    await expect
      .poll(async () => {
        await visitor.goto(base + path);
        return visitor.getByRole('img', { name: alt }).count();
      }, { timeout: 240_000, interval: 2_000 })
      .toBeGreaterThan(0);
    expect(await visitor.getByRole('img', { name: alt }).first().evaluate((img) => getComputedStyle(img).objectPosition)).toBe(work.imageFocus);
    await visitor.close();
  });
});
