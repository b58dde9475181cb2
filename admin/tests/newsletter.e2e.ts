/** Staff compose, preview, test and send a newsletter; export and import subscribers as CSV. */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { emailImagePath } from '../../worker/src/contract/email-images.ts';
import { gpsPhoto } from '../../e2e/photos.ts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { base, adminPassword, rebuildSiteOnSave } from '../../e2e/product.ts';
import { emailParts, sentEmails } from '../../e2e/mail.ts';
import { openBrowser, signInAsAdmin, keepScreenshot } from '../../e2e/browser.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

let browser: BrowserContext;
let page: Page;

/** Subjects of the messages the local EMAIL binding was given, with their recipients. */
async function sent(subject: string) {
  return (await sentEmails()).filter((email) => email.subject === subject).flatMap((email) => email.to);
}

/** The HTML part of the newest message with this subject. */
async function htmlOf(subject: string) {
  const found = (await sentEmails()).find((email) => email.subject === subject);
  if (!found) throw new Error(`no email "${subject}"`);
  return (await emailParts(found)).html;
}

const runScheduled = async () => expect((await fetch(`${base}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`)).status).toBe(200);

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  browser.setDefaultTimeout(15_000);
  page = await browser.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  await signInAsAdmin(page, base, adminPassword);
});
afterAll(() => browser?.close());

describe('newsletter screen', () => {
  it('imports subscribers, composes an issue with an article card, previews it, sends a test, then sends to everyone with progress', async () => {
    const tag = `layar-${Date.now()}`;
    const addresses = Array.from({ length: 12 }, (_, i) => `${tag}-${i}@example.com`);
    await page.goto(`${base}/admin/subscribe`);
    await page.locator('input[type=file][aria-label="File CSV Email Subscribers"]').setInputFiles({
      name: 'daftar.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`email,status\n${addresses.join(',active\n')},active\n${addresses[0]},active\nbukan-email,active\n`),
    });
    // The alert of the list screen ends with its close button (×).
    await expect.poll(() => page.locator('.alert.success').innerText()).toMatch(/^Import selesai: 12 ditambahkan, 1 sudah ada, 1 baris tidak valid\.\s*×$/);
    await expect.poll(() => page.locator('.import-problems').innerText()).toContain('Baris 15');

    // The export follows the search box.
    await page.getByRole('searchbox').fill(tag);
    // Other files' subscribers fill a page too: wait for the search itself, then its first page.
    await expect.poll(() => page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(tag);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(10);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(13);
    expect(addresses.every((address) => csv.includes(address))).toBe(true);

    await page.goto(`${base}/admin/newsletter`);
    await page.getByRole('link', { name: 'Newsletter' }).waitFor();
    const subject = `Kabar Bulan Ini ${tag}`;
    await page.getByLabel('Subjek').fill(subject);
    await page.getByRole('textbox', { name: 'Isi', exact: true }).click();
    await page.keyboard.type('Halo sahabat lingkungan, ini kabar terbaru kami.');
    await page.getByRole('checkbox', { name: /Ekonomi Sirkular Dimulai dari Rumah/ }).check();

    await page.getByRole('button', { name: 'Pratinjau' }).click();
    const preview = page.frameLocator('iframe[title="Pratinjau email"]');
    await expect.poll(() => preview.locator('body').innerText()).toContain('Halo sahabat lingkungan');
    expect(await preview.locator('body').innerText()).toContain('Ekonomi Sirkular Dimulai dari Rumah');
    await keepScreenshot(page, 'newsletter-preview');
    await page.getByRole('button', { name: 'Teks biasa' }).click();
    await expect.poll(() => page.locator('.preview-text').innerText()).toContain('Bacaan pilihan');
    await page.getByRole('button', { name: 'Tutup' }).click();

    await page.getByRole('button', { name: /^Kirim tes ke/ }).click();
    await expect.poll(() => page.locator('.alert.success').first().innerText()).toBe('Email tes dikirim ke admin@example.org.');
    expect(await sent(`[Tes] ${subject}`)).toEqual(['admin@example.org']);

    // Its pictures (the site's mark, the article's drawing, stored as SVG) are the build's raster
    // email copies: PNG or JPEG, at most 1200 px wide, each under 200 KB.
    const pictures = [...(await htmlOf(`[Tes] ${subject}`)).matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(pictures).toHaveLength(2);
    for (const address of pictures) {
      expect(address).not.toMatch(/\.svg(\?|$)/i);
      expect(address).toMatch(new RegExp(`^${base}/email-images/.+\\.(png|jpg)$`));
      const response = await fetch(address);
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBeLessThan(200 * 1024);
      const { format, width } = await sharp(bytes).metadata();
      expect(['png', 'jpeg']).toContain(format);
      expect(width).toBeLessThanOrEqual(1200);
      console.log(`[newsletter] email picture ${address.slice(base.length)}: ${format} ${width} px, ${(bytes.length / 1024).toFixed(1)} KB`);
    }

    await page.getByRole('button', { name: 'Kirim ke semua subscriber aktif' }).click();
    await expect.poll(() => page.locator('.alert.success').first().innerText()).toBe('Newsletter dijadwalkan: pengiriman dimulai dalam satu menit.');
    const row = page.locator('tr', { hasText: subject });
    await expect.poll(() => row.locator('.badge:not(.on):not(.off)').innerText()).toBe('Sedang dikirim');
    const total = Number((await row.locator('.sent-count').innerText()).split(' / ')[1]);
    expect(total).toBeGreaterThanOrEqual(12);
    // The Cron Trigger sends the batches; the screen follows the counts on its own.
    await runScheduled();
    await expect.poll(() => row.locator('.badge:not(.on):not(.off)').innerText(), { timeout: 20_000 }).toBe('Terkirim');
    expect(await row.locator('.sent-count').innerText()).toBe(`${total} / ${total}`);
    expect(await row.locator('.left-count').innerText()).toBe('0');
    await keepScreenshot(page, 'newsletter-sent', { fullPage: true });
    const recipients = await sent(subject);
    expect(recipients).toHaveLength(total);
    expect(addresses.every((address) => recipients.filter((to) => to === address).length === 1)).toBe(true);
  });

  it("sends an article's phone photo as the build's JPEG copy, not the original", { timeout: 300_000 }, async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const api = async <T>(method: string, route: string, body?: FormData | string) => {
      const response = await fetch(base + route, { method, headers: { cookie, origin: base, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) }, body });
      const json = (await response.json()) as { data: T; message?: string };
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${json.message}`);
      return json.data;
    };
    const visions = await api<{ _id: string; title: string; isPublished: boolean; image: string }[]>('GET', '/api/vision');
    const article = visions.find((vision) => vision.isPublished && vision.title !== 'Ekonomi Sirkular Dimulai dari Rumah')!;
    // The seeded picture comes back afterwards: later files on this product show this article with it.
    onTestFinished(() => api('PUT', `/api/vision/${article._id}`, JSON.stringify({ image: article.image })));
    const photo = await gpsPhoto(3000, 2000);
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const form = new FormData();
    form.append('image', new File([new Uint8Array(photo)], 'foto-lapangan.jpg', { type: 'image/jpeg' }));
    const saved = await api<{ image: string }>('PUT', `/api/vision/${article._id}`, form);
    // The save rebuilds the site, which writes the email copy.
    const copy = emailImagePath(saved.image)!;
    expect(copy).toMatch(/\.jpg$/);
    await expect.poll(async () => (await fetch(base + copy, { method: 'HEAD' })).status, { timeout: 240_000, interval: 2_000 }).toBe(200);

    const preview = await api<{ html: string }>('POST', '/api/newsletter/preview', JSON.stringify({ subject: 'Foto', body: '', articles: [{ kind: 'vision', id: article._id }] }));
    const pictures = [...preview.html.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(pictures).toContain(`${base}${copy}`);
    expect(preview.html).not.toContain(saved.image);
    const bytes = Buffer.from(await (await fetch(`${base}${copy}`)).arrayBuffer());
    const { format, width } = await sharp(bytes).metadata();
    expect(format).toBe('jpeg');
    expect(width).toBeLessThanOrEqual(1200);
    expect(bytes.length).toBeLessThan(200 * 1024);
    console.log(`[newsletter] phone photo ${(photo.length / 1024).toFixed(0)} KB, 3000 px -> email copy ${(bytes.length / 1024).toFixed(1)} KB, ${width} px`);
  });

  it('fits a 390 px screen', async () => {
    const phone = await browser.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${base}/admin/newsletter`);
    await phone.getByLabel('Subjek').waitFor();
    await keepScreenshot(phone, 'newsletter-390', { fullPage: true });
    const wider = await phone.evaluate(() =>
      [...document.querySelectorAll('main *')].filter((element) => !element.closest('thead') && element.getBoundingClientRect().right > 391).map((element) => `${element.tagName}.${element.className}`).slice(0, 5),
    );
    expect(wider).toEqual([]);
    await phone.close();
  });
});
