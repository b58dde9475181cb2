/**
 * An editor translates a Vision article: the list says it has no English version, the English
 * tab shows the Indonesian text beside each input (side by side on a desktop, stacked on a
 * phone), publishing the English version is its own tick, its preview opens in the English page,
 * and a later change to the Indonesian title marks the English version as needing an update. The
 * Kolaborasi page's English words and a newsletter's English version are written the same way,
 * the latter by staff who may only write newsletters.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base } from '../../e2e/product.ts';
import { login, staffPage } from './staff-page.ts';

const held = staffPage();

/** Where an input sits against its Indonesian text: right of it on one line, or below it. */
async function placement(page: Page, source: string, input: string) {
  const from = (await page.locator(source).boundingBox())!;
  const to = (await page.locator(input).boundingBox())!;
  if (to.x > from.x + from.width - 1 && Math.abs(to.y - from.y) < 40) return 'beside';
  return to.y > from.y + from.height - 1 ? 'below' : 'overlapping';
}
/** A new Vision article, found in its list: its row, and the row's 'Edit' opening its English tab. */
async function newArticle(page: Page, title: string, data: { shortDescription: string; content: string }) {
  const created = await page.request.post(`${base}/api/vision`, { headers: { origin: base }, data: { title, ...data } });
  expect(created.status()).toBe(201);
  await page.goto(`${base}/admin/vision`);
  await page.getByRole('searchbox', { name: /Cari/ }).fill(title);
  const row = page.locator('tbody tr', { hasText: title });
  const openEnglish = async () => {
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('tab', { name: 'English' }).click();
    return page.getByRole('form', { name: 'Versi English' });
  };
  return { row, openEnglish };
}

/** Side by side on a wide screen, stacked on a phone. */
const expectedPlacement = (width: number) => (width >= 1000 ? 'beside' : 'below');

describe('translations', () => {
  it('writes the English version beside the Indonesian text, publishes it, and shows it outdated after the Indonesian title changes', async () => {
    const { page } = held;
    await page.setViewportSize({ width: 1280, height: 900 });
    const title = `Kompos Bersama ${Date.now().toString(36)}`;
    const { row, openEnglish } = await newArticle(page, title, { shortDescription: 'Warga mengompos sampah dapur bersama.', content: '<p>Setiap Sabtu warga mengompos sampah dapur di balai RW.</p>' });
    await expect.poll(() => row.innerText()).toContain('EN: belum');

    const form = await openEnglish();
    await expect.poll(() => form.getByTestId('source-title').innerText()).toBe(title);
    // The Indonesian text sits beside the input on a desktop...
    const source = await form.getByTestId('source-title').boundingBox();
    const input = await form.locator('#translation-title').boundingBox();
    expect(input!.x).toBeGreaterThan(source!.x + source!.width - 1);
    expect(Math.abs(input!.y - source!.y)).toBeLessThan(40);

    await form.locator('#translation-title').fill('Composting Together');
    await form.locator('#translation-shortDescription').fill('Residents compost kitchen waste together.');
    await form.locator('.ProseMirror#translation-content').click();
    await page.keyboard.type('Every Saturday residents compost kitchen waste at the neighbourhood hall.');
    await form.getByLabel('Publikasikan versi English').check();
    await form.getByRole('button', { name: 'Simpan versi English' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('Versi English berhasil disimpan!');
    await expect.poll(() => form.getByRole('heading').innerText()).toContain('EN: terbit');
    await expect.poll(() => row.innerText()).toContain('EN: terbit');

    // Pratinjau on the English tab opens the unsaved English text in the English page.
    await form.locator('#translation-title').fill('Composting Together, Draft');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), form.getByRole('button', { name: 'Pratinjau', exact: true }).click()]);
    await expect.poll(() => tab.title(), { timeout: 15_000 }).toBe('Preview: Composting Together, Draft');
    expect(await tab.locator('html').getAttribute('lang')).toBe('en');
    expect(await tab.locator('h1').first().innerText()).toBe('Composting Together, Draft');
    await tab.close();

    // ...and above it on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const stackedSource = await form.getByTestId('source-title').boundingBox();
    const stackedInput = await form.locator('#translation-title').boundingBox();
    expect(stackedInput!.y).toBeGreaterThan(stackedSource!.y + stackedSource!.height - 1);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The English title typed for the preview is not saved: switching language asks first.
    await page.getByRole('tab', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('dialog', { name: 'Perubahan belum disimpan' }).getByRole('button', { name: 'Tinggalkan halaman' }).click();
    await page.locator('#field-title').fill(`${title} (revisi)`);
    await page.getByRole('button', { name: 'Update' }).click();
    const revised = page.locator('tbody tr', { hasText: `${title} (revisi)` });
    await page.getByRole('searchbox', { name: /Cari/ }).fill(`${title} (revisi)`);
    await expect.poll(() => revised.innerText()).toContain('EN: perlu diperbarui');

    // The filter for what is left to translate finds it.
    await page.getByRole('combobox', { name: 'Terjemahan English' }).selectOption({ label: 'EN: perlu diperbarui' });
    await expect.poll(() => revised.count()).toBe(1);
  });

  it('schedules the English version for a time of its own: the form and the list say when, and the filter finds it', async () => {
    const { page } = held;
    await page.setViewportSize({ width: 390, height: 844 });
    const title = `Kompos Terjadwal ${Date.now().toString(36)}`;
    const { row, openEnglish } = await newArticle(page, title, { shortDescription: 'Kompos dari pasar.', content: '<p>Kompos dari sampah pasar.</p>' });
    const form = await openEnglish();
    await form.locator('#translation-title').fill('Market Compost');
    await form.locator('#translation-shortDescription').fill('Compost from the market.');
    await form.locator('.ProseMirror#translation-content').click();
    await page.keyboard.type('Compost made from market waste.');
    // 2 June 2031, 08:00 in Jakarta.
    await form.getByLabel('Jadwalkan terbit versi English').fill('2031-06-02T08:00');
    await form.getByRole('button', { name: 'Simpan versi English' }).click();
    await expect.poll(() => form.getByRole('heading').innerText()).toMatch(/EN: terjadwal\s+2 Jun 2031,? 08[.:]00 WIB/);
    expect(await form.getByLabel('Publikasikan versi English').isChecked()).toBe(false);
    await expect.poll(() => row.innerText()).toContain('EN: terjadwal');
    await page.getByRole('combobox', { name: 'Terjemahan English' }).selectOption({ label: 'EN: terjadwal' });
    await expect.poll(() => row.count()).toBe(1);
    const english = await page.request.get(`${base}/api/vision?locale=en&limit=100`);
    expect(((await english.json()) as { data: { title: string }[] }).data.map((record) => record.title)).not.toContain('Market Compost');
  });

  it('writes the Kolaborasi page in English, then a newsletter-only editor writes and previews an issue\'s English version, at 1280 and 390 px', async () => {
    const { page } = held;
    const stamp = Date.now().toString(36);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/admin/collaborate`);
      await page.getByRole('tab', { name: 'English' }).click();
      const form = page.getByRole('form', { name: 'Collaborate: versi English' });
      await expect.poll(() => form.getByTestId('source-collaborateTitle').innerText()).not.toBe('');
      expect(await placement(page, '[data-testid="source-collaborateTitle"]', '#collaborate-collaborateTitle-en')).toBe(expectedPlacement(width));
      await form.getByLabel('Title (EN)').fill(`Work With Us ${stamp} ${width}`);
      await form.getByLabel('Topik formulir (satu per baris) (EN)').fill('Research\nPartnership');
      await form.getByRole('button', { name: 'Simpan versi English' }).click();
      await expect.poll(() => form.getByRole('status').innerText()).toBe('Versi English berhasil disimpan!');
    }
    const english = await (await page.request.get(`${base}/api/settings?locale=en`)).json();
    expect(english.data).toMatchObject({ collaborateTitle: `Work With Us ${stamp} 390`, inquiryTopics: 'Research\nPartnership' });
    // A topic too long is refused with the server's Indonesian message; what was typed stays.
    const form = page.getByRole('form', { name: 'Collaborate: versi English' });
    await form.getByLabel('Topik formulir (satu per baris) (EN)').fill('x'.repeat(81));
    await form.getByRole('button', { name: 'Simpan versi English' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toContain('Setiap topik maksimal 80 karakter.');
    expect(await form.getByLabel('Topik formulir (satu per baris) (EN)').inputValue()).toBe('x'.repeat(81));

    // A role that may only write newsletters.
    const permissions = (await (await page.request.get(`${base}/api/role/permissions/list`)).json()).data as Array<{ _id: string; name: string }>;
    const wanted = permissions.filter((permission) => ['newsletter.read', 'newsletter.create', 'newsletter.update'].includes(permission.name)).map((permission) => permission._id);
    const role = await page.request.post(`${base}/api/role`, { headers: { origin: base }, data: { name: `Penulis Newsletter ${stamp}`, permissions: wanted } });
    expect(role.status()).toBe(201);
    const username = `newsletter-${stamp}`;
    const user = await page.request.post(`${base}/api/user`, {
      headers: { origin: base },
      data: { username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Penulis Newsletter', role: (await role.json()).data._id },
    });
    expect(user.status()).toBe(201);
    await login(page, username, 'rahasia-123');
    await page.waitForURL(/\/admin/);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/admin/newsletter`);
      const subject = `Kabar ${stamp} ${width}`;
      await page.getByLabel('Subjek', { exact: true }).fill(subject);
      await page.getByRole('tab', { name: /English/ }).click();
      await expect.poll(() => page.getByTestId('source-subject').innerText()).toBe(subject);
      expect(await placement(page, '[data-testid="source-subject"]', '#newsletter-subject-en')).toBe(expectedPlacement(width));
      await page.getByLabel('Subjek (EN)').fill(`News ${stamp} ${width}`);
      await page.locator('.ProseMirror#newsletter-body-en').click();
      await page.keyboard.type(`Hello from ${width}.`);
      await page.getByRole('button', { name: 'Simpan draf' }).click();
      await expect.poll(() => page.locator('p.alert.success').innerText()).toBe('Draf tersimpan.');
      const row = page.locator('tbody tr', { hasText: subject });
      await expect.poll(() => row.innerText()).toContain('EN: ada');

      await page.getByRole('button', { name: 'Pratinjau versi English' }).click();
      await expect.poll(() => page.getByRole('dialog').getByRole('heading').innerText()).toBe(`Pratinjau: News ${stamp} ${width}`);
      await expect.poll(() => page.frameLocator('iframe[title="Pratinjau email"]').locator('body').innerText()).toContain(`Hello from ${width}.`);
      await page.getByRole('dialog').getByRole('button', { name: 'Tutup' }).click();
    }
  });
});
