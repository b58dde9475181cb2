/**
 * Every list of the back-office is paged by the API: 130 subscribers and a content collection
 * read one page at a time, with the total counting every record, search and filters reaching
 * records beyond the first page, edits, deletes and new records working from any page, and a
 * list sorted by a column (headings on a wide screen, a select on a phone), and rows picked on a
 * later page hidden and deleted together.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword } from '../../e2e/product.ts';
import { openBrowser, signInAsAdmin, keepScreenshot } from '../../e2e/browser.ts';

let browser: BrowserContext;
let page: Page;

const tag = `paging-${Date.now().toString(36)}`;
const SUBSCRIBERS = 130;
// Every fifth address has unsubscribed: 26 of 130.
const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => ({ email: `${tag}-${String(i).padStart(3, '0')}@example.com`, status: i % 5 === 0 ? 'unsubscribed' : 'active' }));

/** The API's own count of a list, as a signed-in staff member reads it. */
async function apiTotal(path: string, query = '') {
  const answer = await page.request.get(`${base}/api/${path}?page=1&limit=1${query}`);
  return ((await answer.json()) as { pagination: { total: number } }).pagination.total;
}

const rows = () => page.locator('tbody tr');
const pager = () => page.locator('.pagination span');
/** Waits until the rows shown are those of the page asked for, not the previous page kept while it loads. */
const settled = () => expect.poll(() => page.locator('.table-wrap[aria-busy="true"]').count()).toBe(0);
const subtitle = () => page.locator('p.muted', { hasText: /^Total: / }).innerText();

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  browser.setDefaultTimeout(15_000);
  page = await browser.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  await signInAsAdmin(page, base, adminPassword);
  const csv = `email,status\n${addresses.map((a) => `${a.email},${a.status}`).join('\n')}\n`;
  const imported = await page.request.post(`${base}/api/subscribe/import`, {
    headers: { origin: base },
    multipart: { file: { name: 'paging.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  assert.strictEqual(imported.status(), 200, 'the subscribers CSV is imported');
  assert.strictEqual(((await imported.json()) as { data: { added: number } }).data.added, SUBSCRIBERS, 'every subscriber of the CSV is added');
});
afterAll(() => browser?.close());

describe.each([1280, 390])('lists at %i px', (width) => {
  beforeAll(() => page.setViewportSize({ width, height: width > 500 ? 900 : 844 }));

  it('pages the subscribers ten at a time, the total counting all of them, and searches and filters beyond page 1', async () => {
    await page.goto(`${base}/admin/subscribe`);
    const total = await apiTotal('subscribe');
    expect(total).toBeGreaterThanOrEqual(SUBSCRIBERS);
    await expect.poll(() => rows().count()).toBe(10);
    await expect.poll(subtitle).toBe(`Total: ${total} item`);
    await expect.poll(() => pager().innerText()).toBe(`Page 1 of ${Math.ceil(total / 10)}`);
    const firstPage = await rows().allInnerTexts();
    await keepScreenshot(page, `list-paging-subscribers-${width}`, { fullPage: true });

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pager().innerText()).toBe(`Page 2 of ${Math.ceil(total / 10)}`);
    await expect.poll(async () => (await rows().allInnerTexts()).some((row) => firstPage.includes(row))).toBe(false);
    expect(await rows().count()).toBe(10);

    // An address that is not on page 1 is found, the search starting again at page 1.
    const later = addresses.map((a) => a.email).filter((email) => !firstPage.join('\n').includes(email)).at(-1)!;
    await page.getByRole('searchbox', { name: 'Cari email' }).fill(later);
    await expect.poll(() => rows().allInnerTexts()).toEqual([expect.stringContaining(later)]);
    await expect.poll(subtitle).toBe('Total: 1 item');
    expect(await page.locator('.pagination').count()).toBe(0);

    // The tag narrows to the addresses imported here (130, less what the run at the other width removed), the status filter to those who unsubscribed.
    const tagged = await apiTotal('subscribe', `&search=${tag}`);
    const unsubscribed = await apiTotal('subscribe', `&search=${tag}&status=unsubscribed`);
    expect(tagged).toBeGreaterThan(SUBSCRIBERS - 3);
    expect(unsubscribed).toBeGreaterThanOrEqual(26);
    await page.getByRole('searchbox', { name: 'Cari email' }).fill(tag);
    await expect.poll(subtitle).toBe(`Total: ${tagged} item`);
    await expect.poll(() => pager().innerText()).toBe(`Page 1 of ${Math.ceil(tagged / 10)}`);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('unsubscribed');
    await expect.poll(subtitle).toBe(`Total: ${unsubscribed} item`);
    await expect.poll(() => pager().innerText()).toBe(`Page 1 of ${Math.ceil(unsubscribed / 10)}`);
    // Each of the ten rows shows its status as Unsubscribed (its language is a badge too).
    expect(await rows().locator('.badge', { hasText: /^Unsubscribed$/ }).count()).toBe(10);
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect.poll(() => rows().count()).toBe(unsubscribed % 10 || 10);
    await keepScreenshot(page, `list-paging-subscribers-filtered-${width}`, { fullPage: true });
    await page.getByRole('combobox', { name: 'Status' }).selectOption('');
    await expect.poll(() => pager().innerText()).toBe(`Page 1 of ${Math.ceil(tagged / 10)}`);
  });

  it('changes and deletes a subscriber shown on page 2, and the counts follow', async () => {
    await page.goto(`${base}/admin/subscribe`);
    const before = await apiTotal('subscribe', '&status=active');
    const taggedActive = await apiTotal('subscribe', `&search=${tag}&status=active`);
    await page.getByRole('searchbox', { name: 'Cari email' }).fill(tag);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
    await expect.poll(subtitle).toBe(`Total: ${taggedActive} item`);
    await settled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pager().innerText()).toBe(`Page 2 of ${Math.ceil(taggedActive / 10)}`);
    await settled();
    const email = (await rows().first().locator('td[data-label="Email"]').innerText()).trim();
    await page.getByRole('button', { name: `Unsubscribe ${email}` }).click();
    await expect.poll(() => page.locator('.alert').innerText()).toContain('Status updated successfully!');
    await expect.poll(() => page.locator('.stat-cards li').nth(1).innerText()).toMatch(new RegExp(`^${before - 1}\\s+Active$`));
    // Still on page 2, which no longer holds the address that left the filter.
    expect(await pager().innerText()).toMatch(/^Page 2 of /);
    await expect.poll(() => rows().allInnerTexts()).not.toContainEqual(expect.stringContaining(email));

    const next = (await rows().first().locator('td[data-label="Email"]').innerText()).trim();
    await page.getByRole('button', { name: `Delete ${next}` }).click();
    await expect.poll(() => page.locator('.alert').innerText()).toContain('Subscriber deleted successfully!');
    await expect.poll(() => rows().allInnerTexts()).not.toContainEqual(expect.stringContaining(next));
    expect(await pager().innerText()).toMatch(/^Page 2 of /);
  });
});

describe('a content collection', () => {
  const CATEGORIES = 30;
  const prefix = `Kategori ${tag}`;

  beforeAll(async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (let i = 0; i < CATEGORIES; i++) {
      const answer = await page.request.post(`${base}/api/category`, { headers: { origin: base }, data: { title: `${prefix} ${String(i).padStart(2, '0')}`, order: 500 + i } });
      assert.strictEqual(answer.status(), 201, 'a category is created');
    }
  });

  it('pages 20 at a time, finds a record on a later page, and edits, adds and deletes from there', async () => {
    await page.goto(`${base}/admin/category`);
    const total = await apiTotal('category');
    const pages = Math.ceil(total / 20);
    expect(pages).toBeGreaterThanOrEqual(2);
    await expect.poll(() => rows().count()).toBe(20);
    await expect.poll(subtitle).toBe(`Total: ${total} item`);
    await expect.poll(() => pager().innerText()).toBe(`Page 1 of ${pages}`);

    // Sorted by order: the highest orders are on the last page.
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect.poll(() => pager().innerText()).toBe(`Page ${pages} of ${pages}`);
    const last = `${prefix} ${CATEGORIES - 1}`;
    await expect.poll(() => rows().last().innerText()).toContain(last);

    // Edited from the last page, it stays there with its new title.
    await page.getByRole('button', { name: `Edit ${last}` }).click();
    await page.getByLabel('Title').fill(`${last} diubah`);
    await page.getByRole('button', { name: /^(Update|Simpan|Save)/ }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('berhasil diperbarui');
    await expect.poll(() => rows().last().innerText()).toContain(`${last} diubah`);
    expect(await pager().innerText()).toBe(`Page ${pages} of ${pages}`);

    // A search from the last page starts again at page 1 and finds a record of a later page.
    await page.getByRole('searchbox').fill(`${prefix} 00`);
    await expect.poll(() => rows().allInnerTexts()).toEqual([expect.stringContaining(`${prefix} 00`)]);
    await page.getByRole('searchbox').fill('');
    await expect.poll(() => pager().innerText()).toBe(`Page 1 of ${pages}`);

    // A new record with a high order lands on the last page, which the list then shows.
    await page.getByRole('button', { name: '+ Tambah Category' }).click();
    await page.getByLabel('Title').fill(`${prefix} baru`);
    await page.getByLabel('Order').fill('999');
    await page.getByRole('button', { name: /^(Save|Simpan)/ }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('berhasil ditambahkan');
    const after = Math.ceil((total + 1) / 20);
    await expect.poll(() => pager().innerText()).toBe(`Page ${after} of ${after}`);
    await expect.poll(() => rows().allInnerTexts()).toContainEqual(expect.stringContaining(`${prefix} baru`));
    await keepScreenshot(page, 'list-paging-category-1280', { fullPage: true });

    await page.getByRole('button', { name: `Hapus ${prefix} baru` }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('berhasil dihapus');
    await expect.poll(() => rows().allInnerTexts()).not.toContainEqual(expect.stringContaining(`${prefix} baru`));
    expect(await apiTotal('category')).toBe(total);
  });

  it('sorts by a heading, continues the order on page 2, keeps it on reload, and sorts with a select on a phone', async () => {
    const titles = () => rows().locator('td[data-label="Title"]').allInnerTexts();
    await page.goto(`${base}/admin/category`);
    await page.getByRole('searchbox').fill(prefix);
    await expect.poll(() => pager().innerText()).toBe('Page 1 of 2');
    const heading = page.getByRole('columnheader', { name: 'Title', exact: true });
    await page.getByRole('button', { name: 'Title', exact: true }).click();
    await expect.poll(() => heading.getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Title', exact: true }).press('Enter');
    await expect.poll(() => heading.getAttribute('aria-sort')).toBe('descending');
    // The last one was renamed "… 29 diubah" above.
    await expect.poll(async () => (await titles())[0]).toBe(`${prefix} ${CATEGORIES - 1} diubah`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(titles).toEqual(Array.from({ length: 10 }, (_, i) => `${prefix} ${String(9 - i).padStart(2, '0')}`));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-title');
    await page.reload();
    await expect.poll(() => heading.getAttribute('aria-sort')).toBe('descending');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator('thead button:visible').count()).toBe(0);
    await page.getByRole('searchbox').fill(prefix);
    await page.getByRole('combobox', { name: 'Urutkan' }).selectOption({ label: 'Title: A–Z' });
    await expect.poll(async () => (await titles())[0]).toBe(`${prefix} 00`);
    await keepScreenshot(page, 'list-sort-category-390', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('hides and deletes rows picked on page 2 together, staying on page 2 in the same order', async () => {
    await page.goto(`${base}/admin/category?sort=-title`);
    await page.getByRole('searchbox').fill(prefix);
    await expect.poll(() => pager().innerText()).toBe('Page 1 of 2');
    await settled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pager().innerText()).toBe('Page 2 of 2');
    await settled();
    const picked = [9, 8, 7].map((i) => `${prefix} 0${i}`);
    const pick = async () => {
      for (const title of picked) await page.getByRole('checkbox', { name: `Pilih ${title}` }).check();
    };
    const bar = page.getByRole('group', { name: 'Aksi untuk data yang dipilih' });
    await pick();
    await expect.poll(() => bar.getByRole('status').innerText()).toBe('3 dipilih');
    await bar.getByRole('button', { name: 'Jadikan Inactive' }).click();
    await expect.poll(() => page.locator('.alert').innerText()).toContain('3 diperbarui.');
    expect(await apiTotal('category', `&search=${encodeURIComponent(`${prefix} 0`)}&isActive=false`)).toBe(3);

    await pick();
    await bar.getByRole('button', { name: 'Hapus' }).click();
    await expect.poll(() => page.locator('.alert').innerText()).toContain('3 dihapus.');
    await expect.poll(() => rows().locator('td[data-label="Title"]').allInnerTexts()).toEqual(Array.from({ length: 7 }, (_, i) => `${prefix} 0${6 - i}`));
    expect(await pager().innerText()).toBe('Page 2 of 2');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-title');
    expect(await bar.count()).toBe(0);
  });
});
