/**
 * An editor translates a Vision article: the list says it has no English version, the English
 * tab shows the Indonesian text beside each input (side by side on a desktop, stacked on a
 * phone), publishing the English version is its own tick, its preview opens in the English page,
 * and a later change to the Indonesian title marks the English version as needing an update.
 */
import { describe, expect, it } from 'vitest';
import { base } from '../../e2e/product.ts';
import { staffPage } from './staff-page.ts';

const held = staffPage();

describe('translations', () => {
  it('writes the English version beside the Indonesian text, publishes it, and shows it outdated after the Indonesian title changes', async () => {
    const { page } = held;
    await page.setViewportSize({ width: 1280, height: 900 });
    const title = `Kompos Bersama ${Date.now().toString(36)}`;
    const created = await page.request.post(`${base}/api/vision`, {
      headers: { origin: base },
      data: { title, shortDescription: 'Warga mengompos sampah dapur bersama.', content: '<p>Setiap Sabtu warga mengompos sampah dapur di balai RW.</p>' },
    });
    expect(created.status()).toBe(201);

    await page.goto(`${base}/admin/vision`);
    await page.getByRole('searchbox', { name: /Cari/ }).fill(title);
    const row = page.locator('tbody tr', { hasText: title });
    await expect.poll(() => row.innerText()).toContain('EN: belum');

    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('tab', { name: 'English' }).click();
    const form = page.getByRole('form', { name: 'Versi English' });
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
    const [tab] = await Promise.all([page.context().waitForEvent('page'), form.getByRole('button', { name: 'Pratinjau' }).click()]);
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

    await page.getByRole('tab', { name: 'Bahasa Indonesia' }).click();
    await page.locator('#field-title').fill(`${title} (revisi)`);
    await page.getByRole('button', { name: 'Update' }).click();
    const revised = page.locator('tbody tr', { hasText: `${title} (revisi)` });
    await page.getByRole('searchbox', { name: /Cari/ }).fill(`${title} (revisi)`);
    await expect.poll(() => revised.innerText()).toContain('EN: perlu diperbarui');

    // The filter for what is left to translate finds it.
    await page.getByRole('combobox', { name: 'Terjemahan English' }).selectOption({ label: 'EN: perlu diperbarui' });
    await expect.poll(() => revised.count()).toBe(1);
  });
});
