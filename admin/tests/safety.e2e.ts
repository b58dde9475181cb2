/** Editors' safety net in the browser: two people editing one record, leaving with unsaved changes, restoring an old version. */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword as password } from '../../e2e/product.ts';
import { openBrowser, keepScreenshot } from '../../e2e/browser.ts';

let rina: BrowserContext;
let budi: BrowserContext;

async function signedIn(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${base}/admin`);
  return page;
}

/** A vision article made through the API with the context's session. */
async function newVision(context: BrowserContext, title: string) {
  const answer = await context.request.post(`${base}/api/vision`, {
    headers: { origin: base },
    multipart: { title, shortDescription: 'Ringkasan awal', content: '<p>Teks awal</p>' },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { data: { _id: string } }).data;
}

async function openEditor(page: Page, title: string) {
  await page.goto(`${base}/admin/vision`);
  await page.locator('tbody tr', { hasText: title }).first().getByRole('button', { name: /^Edit/ }).click();
  await expect.poll(() => page.locator('#field-title').inputValue()).toBe(title);
}

beforeAll(async () => {
  [rina, budi] = await Promise.all([openBrowser({ viewport: { width: 1280, height: 900 } }), openBrowser({ viewport: { width: 390, height: 844 } })]);
  for (const context of [rina, budi]) context.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await Promise.all([rina?.close(), budi?.close()]);
});

describe('two people editing one record', () => {
  it('shows the second saver the conflict, the other person\'s changes, and lets them overwrite knowingly', async () => {
    const title = `Visi Bersama ${Date.now() % 100000}`;
    const [rinaPage, budiPage] = await Promise.all([signedIn(rina), signedIn(budi)]);
    await newVision(rina, title);
    await openEditor(rinaPage, title);
    await openEditor(budiPage, title);

    await rinaPage.locator('#field-shortDescription').fill('Ringkasan dari Rina');
    await rinaPage.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => rinaPage.locator('.alert').first().innerText()).toContain('Data berhasil diperbarui!');

    await budiPage.locator('#field-shortDescription').fill('Ringkasan dari Budi');
    await budiPage.getByRole('button', { name: 'Update', exact: true }).click();
    const dialog = budiPage.getByRole('dialog', { name: 'Data sudah diubah orang lain' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toMatch(/Data ini sudah diubah oleh admin pada .+ WIB/);
    await dialog.getByRole('button', { name: 'Lihat perubahan' }).click();
    const changed = dialog.locator('tr', { hasText: 'Deskripsi Singkat' });
    await expect.poll(() => changed.innerText()).toContain('Ringkasan dari Rina');
    expect(await changed.innerText()).toContain('Ringkasan dari Budi');
    await keepScreenshot(budiPage, 'safety-conflict-390');

    await dialog.getByRole('button', { name: 'Timpa' }).click();
    await expect.poll(() => budiPage.locator('.alert').first().innerText()).toContain('Data berhasil diperbarui!');
    await expect.poll(() => budiPage.locator('tbody tr', { hasText: title }).count()).toBe(1);
    await rinaPage.reload();
    await openEditor(rinaPage, title);
    expect(await rinaPage.locator('#field-shortDescription').inputValue()).toBe('Ringkasan dari Budi');
    await Promise.all([rinaPage.close(), budiPage.close()]);
  });
});

describe('unsaved changes', () => {
  it('asks before leaving the form by a link or by closing the tab, and Ctrl+S saves', async () => {
    const title = `Visi Draf ${Date.now() % 100000}`;
    const page = await signedIn(rina);
    await newVision(rina, title);
    await openEditor(page, title);
    await page.locator('#field-shortDescription').fill('Belum disimpan');

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const prompt = page.getByRole('dialog', { name: 'Perubahan belum disimpan' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await prompt.getByRole('button', { name: 'Tetap di sini' }).click();
    expect(page.url()).toBe(`${base}/admin/vision`);
    expect(await page.locator('#field-shortDescription').inputValue()).toBe('Belum disimpan');

    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.dismiss())));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    await page.keyboard.press('Control+s');
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain('Data berhasil diperbarui!');
    // Saved: leaving no longer asks.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL(`${base}/admin`);
    await page.close();
  });
});

describe('history', () => {
  it('restores an old version from the history panel and the form shows the old text again', async () => {
    const title = `Visi Riwayat ${Date.now() % 100000}`;
    const page = await signedIn(rina);
    await newVision(rina, title);
    await openEditor(page, title);
    await page.locator('#field-shortDescription').fill('Ringkasan yang keliru');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain('Data berhasil diperbarui!');

    await openEditor(page, title);
    const history = page.getByRole('region', { name: 'Riwayat versi' });
    await expect.poll(() => history.locator('li').count()).toBe(2);
    expect(await history.locator('li').first().innerText()).toMatch(/Versi 2 · Diubah oleh admin · .+ WIB\s+Field berubah: Deskripsi Singkat/);
    const first = history.locator('li', { hasText: 'Versi 1' });
    await first.getByRole('button', { name: 'Lihat perbedaan' }).click();
    const difference = page.getByRole('dialog', { name: 'Versi 1 dibanding versi sekarang' });
    await expect.poll(() => difference.locator('tr', { hasText: 'Deskripsi Singkat' }).innerText()).toMatch(/Ringkasan awal\s+Ringkasan yang keliru/);
    await difference.getByRole('button', { name: 'Tutup' }).click();
    await keepScreenshot(page, 'safety-history-1280', { fullPage: true });

    await first.getByRole('button', { name: 'Pulihkan' }).click();
    await page.getByRole('dialog', { name: 'Pulihkan versi 1?' }).getByRole('button', { name: 'Ya, pulihkan' }).click();
    await expect.poll(() => page.locator('#field-shortDescription').inputValue()).toBe('Ringkasan awal');
    await expect.poll(() => history.locator('li').first().innerText()).toMatch(/Versi 3 · Dipulihkan oleh admin/);
    await page.close();
  });
});

describe('deleted records', () => {
  it('brings a deleted record back from the list screen', async () => {
    const title = `Visi Terhapus ${Date.now() % 100000}`;
    const page = await signedIn(rina);
    const vision = await newVision(rina, title);
    expect((await rina.request.delete(`${base}/api/vision/${vision._id}`, { headers: { origin: base } })).status()).toBe(200);
    await page.goto(`${base}/admin/vision`);
    await expect.poll(() => page.locator('tbody tr', { hasText: title }).count()).toBe(0);
    await page.getByRole('button', { name: 'Data terhapus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Data terhapus (30 hari terakhir)' });
    await dialog.locator('li', { hasText: title }).getByRole('button', { name: 'Pulihkan' }).click();
    await expect.poll(() => dialog.getByRole('status').innerText()).toBe('Data berhasil dipulihkan!');
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: title }).count()).toBe(1);
    await page.close();
  });
});
