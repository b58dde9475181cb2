/**
 * Preview in the browser: an unsaved change to a BioCore article opens, from 'Pratinjau', in a new
 * tab rendered by the site's own page and styles, within 3 seconds (`npm run bench:preview`), while the public page stays as
 * it was; 'Bagikan pratinjau' gives a link a visitor without a session opens, until it is revoked.
 * SCREENSHOT_DIR=<folder> keeps screenshots of the preview and the admin buttons (390 and 1280 px).
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword as password } from '../../e2e/product.ts';
import { fasterOfTwo, openBrowser, previewBudgetMs, signInAsAdmin } from '../../e2e/browser.ts';

const shots = process.env.SCREENSHOT_DIR;
let staff: BrowserContext;
let visitor: BrowserContext;

type Article = { _id: string; title: string; slug: string };

const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
};

beforeAll(async () => {
  [staff, visitor] = await Promise.all([openBrowser({ viewport: { width: 1280, height: 900 } }), openBrowser({ viewport: { width: 390, height: 844 } })]);
  for (const context of [staff, visitor]) context.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await Promise.all([staff?.close(), visitor?.close()]);
});

/** A published seeded article whose public page the first build made. */
async function publishedArticle(): Promise<Article> {
  const answer = await fetch(`${base}/api/bio-core?limit=1`);
  const [article] = ((await answer.json()) as { data: Article[] }).data;
  const page = await fetch(`${base}/bio-core/${article!.slug}`);
  expect(page.status).toBe(200);
  return article!;
}

/** How the site's stylesheet draws the page's title, header and article. */
const looks = (page: Page) =>
  page.evaluate(() => {
    const style = (selector: string, ...properties: string[]) => {
      const computed = getComputedStyle(document.querySelector(selector)!);
      return properties.map((property) => computed.getPropertyValue(property));
    };
    return [style('h1', 'font-family', 'font-size', 'color'), style('header.site-header', 'background-color', 'position'), style('article.article', 'padding-top', 'margin-left')];
  });

async function openEditor(page: Page, title: string) {
  await page.goto(`${base}/admin/bio-core`);
  await page.getByRole('button', { name: `Edit ${title}` }).first().click();
  await expect.poll(() => page.locator('#field-title').inputValue()).toBe(title);
}

describe('preview from the admin', () => {
  it('opens the unsaved change in the site layout in a new tab within the preview budget (3 s alone); the public page is unchanged', async () => {
    const article = await publishedArticle();
    const publicBefore = await (await fetch(`${base}/bio-core/${article.slug}`)).text();
    const publicPage = await staff.newPage();
    await publicPage.goto(`${base}/bio-core/${article.slug}`);
    const publicLooks = await looks(publicPage);
    await publicPage.close();
    const page = await staff.newPage();
    page.on('dialog', (dialog) => dialog.accept());
    await signInAsAdmin(page, base, password);
    await openEditor(page, article.title);

    const fastest = await fasterOfTwo('preview click to rendered page', async (attempt) => {
      const title = `Judul Pratinjau ${attempt} ${Date.now() % 100000}`;
      await page.locator('#field-title').fill(title);
      await page.locator('.ProseMirror#field-content').click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(` Kalimat baru ${attempt}.`);
      const started = Date.now();
      const [tab] = await Promise.all([staff.waitForEvent('page'), page.getByRole('button', { name: 'Pratinjau', exact: true }).click()]);
      await tab.waitForURL(/\/preview\//);
      await tab.locator('h1', { hasText: title }).waitFor();
      const ms = Date.now() - started;
      // The site's own layout and styles: its header and footer, its stylesheet applied.
      expect(await tab.locator('header.site-header').count()).toBe(1);
      expect(await tab.locator('footer').count()).toBeGreaterThan(0);
      expect(await tab.locator('.prose').innerText()).toContain(`Kalimat baru ${attempt}.`);
      expect(await looks(tab)).toEqual(publicLooks);
      expect(await tab.title()).toBe(`Pratinjau: ${title}`);
      expect(await tab.locator('.breadcrumbs [aria-current="page"]').innerText()).toBe(title);
      expect(await tab.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
      if (attempt === 1) {
        await shot(tab, 'preview-1280');
        await tab.setViewportSize({ width: 390, height: 844 });
        await shot(tab, 'preview-390');
      }
      await tab.close();
      return ms;
    });
    expect(fastest).toBeLessThan(previewBudgetMs);

    // Nothing was saved, built or published: the public page and the record are as they were.
    expect(await (await fetch(`${base}/bio-core/${article.slug}`)).text()).toBe(publicBefore);
    const stored = (await (await fetch(`${base}/api/bio-core/${article._id}`)).json()) as { data: Article };
    expect(stored.data.title).toBe(article.title);
    await page.close();
  });

  it('shares a link a visitor without a session opens, with its expiry, until it is revoked', async () => {
    const article = await publishedArticle();
    for (const width of [1280, 390]) {
      const page = await staff.newPage();
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      page.on('dialog', (dialog) => dialog.accept());
      await signInAsAdmin(page, base, password);
      await openEditor(page, article.title);
      const title = `Judul Dibagikan ${width}`;
      await page.locator('#field-title').fill(title);
      await page.getByRole('button', { name: 'Bagikan pratinjau' }).click();
      const link = page.locator('#preview-link');
      await expect.poll(() => link.inputValue()).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
      expect(await page.locator('.preview-share').innerText()).toMatch(/Berlaku sampai .+ WIB/);
      await page.locator('.preview-share').scrollIntoViewIfNeeded();
      await shot(page, `share-${width}`);

      const shared = await visitor.newPage();
      const opened = await shared.goto(await link.inputValue());
      expect(opened!.status()).toBe(200);
      expect(opened!.headers()['cache-control']).toBe('private, no-store');
      expect(await shared.locator('h1').innerText()).toBe(title);

      await page.locator('.preview-share-row').getByRole('button', { name: 'Cabut' }).click();
      await expect.poll(() => page.locator('.preview-share').count()).toBe(0);
      const revoked = await shared.reload();
      expect(revoked!.status()).toBe(410);
      expect(await shared.locator('body').innerText()).toContain('sudah dicabut');
      await shared.close();
      await page.close();
    }
  });

  it('previews an Our Impact draft in its own page: title, teaser and text', async () => {
    const page = await staff.newPage();
    await signInAsAdmin(page, base, password);
    const answer = await page.request.post(`${base}/api/our-impact/preview`, {
      headers: { origin: base },
      data: { data: { title: 'Dampak Draf Baru', slug: 'dampak-draf-baru', subtitle: '', description: '<p>Seratus keluarga memilah sampah <em>setiap hari</em> di Bandung.</p>' } },
    });
    expect(answer.status()).toBe(201);
    const { url } = ((await answer.json()) as { data: { url: string } }).data;
    const tab = await visitor.newPage();
    expect((await tab.goto(url))!.status()).toBe(200);
    expect(await tab.locator('h1').innerText()).toBe('Dampak Draf Baru');
    expect(await tab.locator('.teaser').innerText()).toBe('Seratus keluarga memilah sampah setiap hari di Bandung.');
    expect(await tab.locator('.prose em').innerText()).toBe('setiap hari');
    // An empty subtitle leaves no empty paragraph behind.
    expect(await tab.locator('article .lead').count()).toBe(0);
    await tab.close();
    await page.close();
  });
});
