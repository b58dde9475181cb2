/** A broken incoming link becomes a redirect in one click; a changed slug keeps its old address. */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, rebuildSiteOnSave } from '../../e2e/product.ts';
import { openBrowser, signInAsAdmin } from '../../e2e/browser.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

let browser: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  browser.setDefaultTimeout(15_000);
  page = await browser.newPage();
  await signInAsAdmin(page, base, adminPassword);
});
afterAll(() => browser?.close());

describe('redirects', () => {
  it('shows a missing address in the 404 log and turns it into a redirect with one click', async () => {
    const missing = `/berita-lama-${Date.now().toString(36)}`;
    const visitor = await browser.newPage();
    const answer = await visitor.goto(`${base}${missing}`);
    expect(answer?.status()).toBe(404);
    await visitor.close();

    await page.goto(`${base}/admin/not-found`);
    const row = page.getByRole('row').filter({ hasText: missing });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByLabel(`Alamat tujuan untuk ${missing}`).fill('/vision');
    await row.getByRole('button', { name: 'Buat redirect' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain(`Redirect dibuat: ${missing} → /vision`);
    await expect.poll(() => page.getByRole('row').filter({ hasText: missing }).count()).toBe(0);

    const follower = await browser.newPage();
    await follower.goto(`${base}${missing}`);
    expect(new URL(follower.url()).pathname).toBe('/vision');
    await follower.close();
  });

  it('sends the old address of a vision whose slug changed to its new page on the built site', async () => {
    const api = (method: string, path: string, data?: object) =>
      page.request.fetch(`${base}/api${path}`, { method, headers: { origin: base }, ...(data ? { data } : {}) }).then((r) => r.json() as Promise<{ data: { _id: string; slug: string } }>);
    const title = `Visi Pindah ${Date.now().toString(36)}`;
    const created = await api('POST', '/vision', { title, shortDescription: 'Ringkas', content: '<p>Isi yang pindah alamat.</p>' });
    const oldSlug = created.data.slug;
    await api('PUT', `/vision/${created.data._id}`, { slug: `${oldSlug}-baru` });
    const visitor = await browser.newPage();
    // The rebuild brings the new page; the old address then lands on it.
    await expect
      .poll(async () => {
        const answer = await visitor.goto(`${base}/vision/${oldSlug}`);
        return answer?.ok() ? new URL(visitor.url()).pathname : String(answer?.status());
      }, { timeout: 60_000, interval: 1_000 })
      .toBe(`/vision/${oldSlug}-baru`);
    expect(await visitor.locator('h1').innerText()).toBe(title);
    await visitor.close();
  });
});
