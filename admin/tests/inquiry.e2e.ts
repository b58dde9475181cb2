/**
 * The Kolaborasi form as visitors send it (without JavaScript and with it), the inbox where
 * staff answer it by email, and the export and erasure of one person's data.
 */
import { readFileSync } from 'node:fs';
import { INQUIRY_MESSAGES, INQUIRY_SPAM_RULES, type PersonalDataExport } from '@cms/worker/contract/inquiry';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword } from '../../e2e/product.ts';
import { emailParts, sentEmails } from '../../e2e/mail.ts';
import { axeCheck } from '../../e2e/axe.ts';
import { openBrowser, signIn } from '../../e2e/browser.ts';

let noScript: BrowserContext;
let withScript: BrowserContext;
let staff: BrowserContext;
beforeAll(async () => {
  [noScript, withScript, staff] = await Promise.all([
    openBrowser({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } }),
    openBrowser({ viewport: { width: 1280, height: 900 } }),
    openBrowser({ viewport: { width: 1400, height: 900 }, acceptDownloads: true }),
  ]);
  for (const context of [noScript, withScript, staff]) context.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await Promise.all([noScript?.close(), withScript?.close(), staff?.close()]);
});

/** The text parts of the emails the local EMAIL binding was given for an address. */
async function emailsTo(address: string) {
  return Promise.all((await sentEmails()).filter((email) => email.to.includes(address)).map(emailParts));
}

/** Fills the form as a visitor would. */
async function fill(page: Page, values: { name: string; email: string; message: string }) {
  await page.getByLabel('Nama', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Organisasi (opsional)').fill('Universitas Hijau');
  await page.getByLabel('Topik', { exact: true }).selectOption('Riset dan data');
  await page.getByLabel('Pesan', { exact: true }).fill(values.message);
}

/** Waits until the form has been open as long as a person needs at least (the minimum fill time), read from its stamp. */
async function formOldEnough(page: Page) {
  const issued = Number((await page.locator('input[name="startedAt"]').inputValue()).split('.')[0]);
  expect(issued).toBeGreaterThan(0);
  await expect.poll(() => Date.now() - issued, { timeout: 10_000 }).toBeGreaterThan(INQUIRY_SPAM_RULES.minFillSeconds * 1000 + 200);
}

const person = { name: 'Rina Lestari', email: `rina-${Date.now()}@example.org` };
const hostile = '<script>window.__pwned = 1</script>';

describe('an inquiry, from the site to the inbox', () => {
  it('is sent without JavaScript, refused without consent with nothing lost, then accepted', async () => {
    const page = await noScript.newPage();
    await page.goto(`${base}/kolaborasi`);
    await fill(page, { ...person, message: `Tanpa JavaScript. ${hostile}` });
    // The browser's own check would stop a missing tick; the server's answer is what a script-less bot or old browser meets.
    await page.locator('input[name="consent"]').evaluate((box) => box.removeAttribute('required'));
    await formOldEnough(page);
    await page.getByRole('button', { name: 'Kirim pesan' }).click();
    await page.waitForURL(`${base}/kolaborasi`);
    expect(await page.getByRole('alert').innerText()).toBe(INQUIRY_MESSAGES.consentRequired);
    expect(await page.getByLabel('Pesan', { exact: true }).inputValue()).toBe(`Tanpa JavaScript. ${hostile}`);
    expect(await page.getByLabel('Nama', { exact: true }).inputValue()).toBe(person.name);

    await page.locator('input[name="consent"]').check();
    await formOldEnough(page);
    await page.getByRole('button', { name: 'Kirim pesan' }).click();
    await page.waitForURL(`${base}/kolaborasi?terkirim#kolaborasi`);
    expect(await page.getByRole('status').first().innerText()).toBe(INQUIRY_MESSAGES.sent);
    await page.close();
  });

  it('shows its sending state with JavaScript and keeps the page', async () => {
    const page = await withScript.newPage();
    await page.goto(`${base}/kolaborasi`);
    // The island marks the form once it sends it.
    await page.locator('form.inquiry-form[data-ready]').waitFor();
    expect((await axeCheck(page).analyze()).violations.map((violation) => violation.id)).toEqual([]);
    await fill(page, { ...person, message: 'Dengan JavaScript.' });
    await page.getByLabel(/Saya setuju/).check();
    await formOldEnough(page);
    // The answer is held until the sending state has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The island posts to /api/inquiries?locale=id: a glob without the query would never match.
    await page.route((url) => url.pathname === '/api/inquiries', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Kirim pesan' }).click();
    await expect.poll(() => page.locator('form.inquiry-form button[type="submit"]').innerText()).toBe(INQUIRY_MESSAGES.sending);
    expect(await page.locator('form.inquiry-form button[type="submit"]').isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.locator('.inquiry-status').innerText()).toBe(INQUIRY_MESSAGES.sent);
    expect(page.url()).toBe(`${base}/kolaborasi`);
    expect(await page.getByLabel('Pesan', { exact: true }).inputValue()).toBe('');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });

  it('is answered from the inbox by email, and the reply stays in the thread', async () => {
    const page = await staff.newPage();
    await signIn(page, base, 'admin', adminPassword);
    await page.goto(`${base}/admin/inquiries`);
    await page.getByLabel('Cari pesan').fill(person.email);
    await page.getByRole('main').getByRole('button', { name: 'Cari' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    expect(await page.locator('tbody').innerText()).toContain('Baru');
    await page.locator('tbody tr').filter({ hasText: person.email }).first().getByRole('link').click();
    await page.waitForURL(/\/admin\/inquiries\/[\w-]+$/);
    // The visitor's script is shown as text, never run.
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    await page.getByLabel(`Balas ke ${person.email}`).fill('Terima kasih, Bu Rina. Mari kita jadwalkan pertemuan.');
    await page.getByRole('button', { name: 'Kirim balasan' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Balasan terkirim.');
    expect(await page.locator('.inquiry-reply').innerText()).toContain('Mari kita jadwalkan pertemuan.');
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('replied');
    await expect.poll(async () => (await emailsTo(person.email)).length).toBe(1);
    const [reply] = await emailsTo(person.email);
    expect(reply!.subject).toBe('Balasan untuk pesan Anda: Riset dan data');
    expect(reply!.text).toContain('Mari kita jadwalkan pertemuan.');

    await page.reload();
    expect(await page.locator('.inquiry-reply').innerText()).toContain('Mari kita jadwalkan pertemuan.');
    await page.close();
  });
});

describe('personal data', () => {
  it('exports everything held about one person as JSON, then erases it', async () => {
    const page = await staff.newPage();
    await page.goto(`${base}/admin/personal-data`);
    await page.getByLabel('Alamat email', { exact: true }).fill(person.email);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Ekspor JSON' }).click()]);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as PersonalDataExport;
    expect(exported.email).toBe(person.email);
    expect(exported.inquiries).toHaveLength(2);
    expect(exported.inquiries.flatMap((inquiry) => inquiry.replies)).toHaveLength(1);
    expect(exported.inquiries[0]!.consentText).toMatch(/^Saya setuju/);

    await page.getByLabel('Ketik ulang alamat email untuk mengonfirmasi').fill(person.email);
    await page.getByRole('button', { name: 'Hapus data' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Semua data alamat ini sudah dihapus.');

    const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Ekspor JSON' }).click()]);
    const after = JSON.parse(readFileSync(await again.path(), 'utf8')) as PersonalDataExport;
    expect(after).toMatchObject({ subscriber: null, inquiries: [], newsletterDeliveries: [] });
    await page.goto(`${base}/admin/inquiries`);
    await page.getByLabel('Cari pesan').fill(person.email);
    await page.getByRole('main').getByRole('button', { name: 'Cari' }).click();
    await expect.poll(() => page.locator('.empty').innerText()).toBe('Tidak ada pesan yang cocok.');
    await page.close();
  });
});
