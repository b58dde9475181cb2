/** The public lists in numbered pages, and the BioCore search across all of them, as a visitor (and a crawler) sees them. */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, rebuildSiteOnSave } from '../../e2e/product.ts';
import { until, untilSiteBuildsEnd } from '../../e2e/wait.ts';
import { openBrowser } from '../../e2e/browser.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

let browser: BrowserContext;
let cookie = '';
const created: string[] = [];
const run = Date.now().toString(36);
/** The first new article: with 13 newer ones after it, it is listed on page 2 only. */
const oldest = { title: `Arsip Kompos Lereng ${run}`, tag: `arsip-${run}` };

const send = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(base + path, {
    method,
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: boolean; data: { _id: string }; message: string };
  if (!answer.success) throw new Error(`${method} ${path}: ${answer.message}`);
  return answer.data;
};
const create = async (path: string, body: Record<string, unknown>) => {
  const record = await send('POST', path, body);
  created.push(`${path}/${record._id}`);
};
const html = async (path: string) => {
  const response = await fetch(base + path);
  return { status: response.status, text: await response.text() };
};

/** The status of the newest site build the worker recorded. */
const newestBuild = async () => {
  const response = await fetch(`${base}/api/rebuild`, { headers: { cookie, origin: base } });
  return ((await response.json()) as { data: { status: string }[] }).data[0]?.status;
};

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const content = '<p>Catatan kegiatan lapangan bersama warga.</p>';
  await create('/api/bio-core', { title: oldest.title, content, tags: [oldest.tag], isPublished: true });
  for (let i = 1; i <= 13; i++) await create('/api/bio-core', { title: `Catatan Lapangan ${run} ${i}`, content, tags: ['lapangan'], isPublished: true });
  for (let i = 1; i <= 11; i++) await create('/api/vision', { title: `Gagasan ${run} ${i}`, shortDescription: 'Gagasan singkat.', content, isPublished: true });
  const categories = (await (await fetch(`${base}/api/category?active=true`)).json()) as { data: { _id: string; slug: string }[] };
  const education = categories.data.find((c) => c.slug === 'edukasi')!;
  for (let i = 1; i <= 13; i++) await create('/api/our-work', { title: `Program Sekolah ${run} ${i}`, content, category_ids: [education._id], isActive: true });
  // The saves reach the site by rebuilds: wait until the newest one, asked after the last save,
  // has built (an earlier build may already serve page 2 with only part of the saves).
  await until(
    'the second pages to be built',
    async () => {
      const pages = await Promise.all(['/bio-core/page/2', '/vision/page/2', '/our-work/page/2', '/our-work/edukasi/page/2'].map(html));
      return pages.every((page) => page.status === 200) && pages[0]!.text.includes(oldest.title) && (await newestBuild()) === 'succeeded';
    },
    150_000,
  );
}, 300_000);

afterAll(async () => {
  for (const path of created.reverse()) await send('DELETE', path).catch(() => undefined);
  await browser?.close();
  // The next file on this product reads the site as seeded: wait for the build without these records.
  await until(
    'the site without this file\'s records',
    async () => !(await html('/our-work')).text.includes(`Program Sekolah ${run}`) && (await newestBuild()) === 'succeeded',
    150_000,
  );
}, 300_000);

/** Cards and pagination links of a list page, read from its static HTML (what a crawler gets). */
async function listPage(path: string) {
  const page = await browser.newPage();
  await page.route('**/*.js', (route) => route.abort());
  const response = await page.goto(base + path);
  const cards = await page.locator('.card-grid.three > li, .card-grid.three > .card').count();
  const nav = page.getByRole('navigation', { name: 'Halaman daftar' });
  const links = await nav.getByRole('link').evaluateAll((els) => els.map((el) => ({ href: el.getAttribute('href'), rel: el.getAttribute('rel'), current: el.getAttribute('aria-current') })));
  const headings = await page.locator('h2').allInnerTexts();
  await page.close();
  return { status: response?.status(), cards, links, headings };
}

describe('numbered pages of every list', () => {
  it.each([
    ['/bio-core', 17],
    ['/vision', 13],
    ['/our-work', 16],
    ['/our-work/edukasi', 14],
  ])('%s: 12 cards on page 1, the rest on page 2, linked both ways', async (list, atLeast) => {
    const first = await listPage(list);
    expect(first.status).toBe(200);
    expect(first.cards).toBe(12);
    expect(first.links).toContainEqual({ href: `${list}/page/2`, rel: 'next', current: null });
    expect(first.links).toContainEqual({ href: list, rel: null, current: 'page' });

    const second = await listPage(`${list}/page/2`);
    expect(second.status).toBe(200);
    expect(second.cards).toBeGreaterThanOrEqual(atLeast - 12);
    expect(second.cards).toBeLessThanOrEqual(12);
    expect(second.links).toContainEqual({ href: list, rel: 'prev', current: null });
    expect(second.links).toContainEqual({ href: `${list}/page/2`, rel: null, current: 'page' });
    expect((await html(`${list}/page/9`)).status).toBe(404);
  });

  it('shows the impact section and the featured articles on the first BioCore page only', async () => {
    const first = await listPage('/bio-core');
    const second = await listPage('/bio-core/page/2');
    expect(first.headings).toContain('Artikel Unggulan');
    expect(second.headings).not.toContain('Artikel Unggulan');
    expect(second.headings).toContain('Artikel BioCore');
    expect((await html('/bio-core')).text).toContain('Bekerja sama dengan');
    expect((await html('/bio-core/page/2')).text).not.toContain('Bekerja sama dengan');
  });

  it('lists every numbered page in the sitemap', async () => {
    const sitemap = (await html('/sitemap.xml')).text;
    for (const path of ['/bio-core/page/2', '/vision/page/2', '/our-work/page/2', '/our-work/edukasi/page/2']) expect(sitemap).toContain(`${new URL(path, base).href}</loc>`);
  });
});

describe('BioCore search', () => {
  it('finds an article listed only on page 2, by text and by tag, with the empty message', async () => {
    // A build published mid-search switches the index, and the search loads it again: none runs during this one.
    await untilSiteBuildsEnd(base, cookie);
    const page = await browser.newPage();
    const scriptLoads: string[] = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/pagefind/pagefind.js' && scriptLoads.push(request.url()));
    await page.goto(`${base}/bio-core`);
    const cards = page.locator('.biocore-browser .card h3');
    await expect.poll(() => cards.count()).toBe(12);
    expect(await cards.allInnerTexts()).not.toContain(oldest.title);
    // Typing counts once the island has hydrated (Astro then drops the ssr marker).
    await expect.poll(() => page.locator('astro-island[ssr]:has(.biocore-browser)').count()).toBe(0);

    await page.getByPlaceholder('Cari artikel...').pressSequentially('Lereng');
    // The first search loads the index's script, its WebAssembly and its word chunks: seconds on a loaded machine.
    await expect.poll(() => cards.allInnerTexts(), { timeout: 30_000 }).toEqual([oldest.title]);
    expect(await page.getByRole('navigation', { name: 'Halaman daftar' }).count()).toBe(0);
    // The site's search index, its script loaded once for the whole search.
    expect(scriptLoads).toHaveLength(1);

    await page.getByPlaceholder('Cari artikel...').fill('');
    await page.getByRole('group', { name: 'Saring menurut tag' }).getByRole('button', { name: oldest.tag }).click();
    await expect.poll(() => cards.allInnerTexts()).toEqual([oldest.title]);

    await page.getByPlaceholder('Cari artikel...').fill('tidak ada yang cocok sama sekali');
    await expect.poll(() => page.locator('.biocore-browser').innerText()).toContain('Tidak ada artikel ditemukan');

    // A tag lists its articles from every page, and All brings the page's own cards and links back.
    await page.getByPlaceholder('Cari artikel...').fill('');
    await page.getByRole('group', { name: 'Saring menurut tag' }).getByRole('button', { name: 'lapangan' }).click();
    await expect.poll(() => cards.count()).toBe(13);
    await page.getByRole('button', { name: 'Semua', exact: true }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Halaman daftar' }).count()).toBe(1);
    await page.close();
  });
});
