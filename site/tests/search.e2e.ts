/**
 * Finding things: the site's search from the header box (its script loaded only when used) and
 * from the search page, with sections and stemming, without JavaScript, and the admin's Ctrl+K.
 * The header is met on Indonesian pages (BioCore, Agenda); the demo's other pages are English.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, base, rebuildSiteOnSave } from '../../e2e/product.ts';
import { axeCheck } from '../../e2e/axe.ts';
import { adminCookie, openBrowser, signInAsAdmin } from '../../e2e/browser.ts';
import { until, untilSiteBuildsEnd } from '../../e2e/wait.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

let browser: BrowserContext;
let cookie = '';
const run = Date.now().toString(36);
/** Found by "pupuk" only through Indonesian stemming: its words are pemupukan and memupuk. */
const article = { title: `Kebun Lestari ${run}`, content: `<p>Pemupukan kebun warga ${run} dengan kompos: warga memupuk setiap minggu.</p>`, tags: [`kebun-${run}`] };
let articleId = '';
let articleSlug = '';
/** A BioCore list searched before the article was published: the index it loaded is replaced under it. */
let openedBefore: Page;

/** How many pages the served search index holds, over its languages (Pagefind's entry file). */
async function indexedPages() {
  const response = await fetch(`${base}/pagefind/pagefind-entry.json`);
  if (!response.ok) return 0;
  const entry = (await response.json()) as { languages: Record<string, { page_count: number }> };
  return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
}

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  cookie = await adminCookie(base, adminPassword);
  // Builds held while earlier files ran start as this file lifts the hold: the list is opened on
  // the site they leave, not while one swaps the index under its first search.
  await untilSiteBuildsEnd(base, cookie);
  const indexedBefore = await indexedPages();
  openedBefore = await browser.newPage();
  const pageErrors: string[] = [];
  openedBefore.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
  openedBefore.on('pageerror', (error) => pageErrors.push(error.message));
  await openedBefore.goto(`${base}/bio-core`);
  await until('the BioCore list to answer typing', async () => (await openedBefore.locator('astro-island[ssr]:has(.biocore-browser)').count()) === 0, 30_000);
  await listSearch(openedBefore, 'Cari artikel').pressSequentially(`qzx${run}`);
  // What the list showed last, and the page's errors, name the cause if it never answers.
  let shown = '';
  await until(
    'the list to search its loaded index',
    async () => {
      const messages = await listMessage(openedBefore).allInnerTexts();
      shown = JSON.stringify({ box: await listSearch(openedBefore, 'Cari artikel').inputValue(), messages, cards: await listCards(openedBefore).count(), pageErrors });
      return messages.includes('Tidak ada artikel ditemukan');
    },
    30_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; the list showed ${shown}`);
  });
  const saved = await fetch(`${base}/api/bio-core`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ ...article, isPublished: true }),
  });
  const answer = (await saved.json()) as { data: { _id: string; slug: string } };
  articleId = answer.data._id;
  articleSlug = answer.data.slug;
  // The page goes live with its build; the search index follows once the build is served.
  await until('the article to be built and indexed', async () => (await fetch(`${base}/bio-core/${answer.data.slug}`)).status === 200 && (await indexedPages()) > indexedBefore, 120_000);
  await untilSiteBuildsEnd(base, cookie);
}, 420_000);

afterAll(async () => {
  if (articleId) await fetch(`${base}/api/bio-core/${articleId}`, { method: 'DELETE', headers: { cookie, origin: base } });
  await browser?.close();
});

const headerSearch = (page: Page) => page.locator('header').getByRole('searchbox', { name: 'Cari di situs' });
const results = (page: Page) => page.locator('.search-results li');
/** The BioCore list's own search box, its cards and its message. */
const listSearch = (page: Page, name: string) => page.locator('.biocore-browser').getByRole('searchbox', { name });
const listCards = (page: Page) => page.locator('.biocore-browser .card h3');
const listMessage = (page: Page) => page.locator('.biocore-browser').getByRole('status');
/** Opens a BioCore list and waits until its island answers typing. */
async function openList(page: Page, path: string) {
  await page.goto(base + path);
  await expect.poll(() => page.locator('astro-island[ssr]:has(.biocore-browser)').count()).toBe(0);
}

describe('site search', () => {
  it('searches from the header, loading its script only when the box is used, then on the search page by section', async () => {
    const page = await browser.newPage();
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await page.goto(`${base}/agenda`);
    const island = page.locator('header astro-island[component-url*="SearchBox"]');
    expect(await island.getAttribute('ssr')).not.toBeNull();
    expect(loaded.filter((path) => path.startsWith('/pagefind/') || /SearchBox/.test(path))).toEqual([]);

    await headerSearch(page).click();
    await expect.poll(() => island.getAttribute('ssr')).toBeNull();
    await headerSearch(page).pressSequentially('biogas');
    const popup = page.locator('header').getByRole('region', { name: 'Cari di situs' });
    await expect.poll(() => popup.getByRole('status').innerText()).toMatch(/^\d+ halaman ditemukan$/);
    expect(await popup.getByRole('link').count()).toBeGreaterThan(1);
    expect(loaded.some((path) => path.startsWith('/pagefind/'))).toBe(true);

    // Enter: every result on the search page, titles, sections and the words highlighted.
    await headerSearch(page).press('Enter');
    await page.waitForURL(`${base}/cari?q=biogas`);
    await expect.poll(() => results(page).count()).toBeGreaterThan(1);
    const marks = await page.locator('.search-excerpt mark').allInnerTexts();
    expect(marks.length).toBeGreaterThan(0);
    for (const word of marks) expect(word.toLowerCase()).toContain('biogas');
    const sectionsOf = () => results(page).locator('.search-section').allInnerTexts();
    expect(new Set(await sectionsOf()).size).toBeGreaterThan(1);

    const filter = page.getByRole('group', { name: 'Saring menurut bagian' });
    // The first section offered (each button names its section and its count).
    const sectionButton = filter.getByRole('button').nth(1);
    const section = (await sectionButton.innerText()).replace(/\s*\(\d+\)$/, '');
    await sectionButton.click();
    await expect.poll(async () => [...new Set(await sectionsOf())]).toEqual([section]);
    expect(new URL(page.url()).searchParams.get('section')).toBe(section);
    await filter.getByRole('button', { name: 'Semua' }).click();
    await expect.poll(async () => new Set(await sectionsOf()).size).toBeGreaterThan(1);

    // Two search forms on one page, each a landmark of its own name.
    expect(await page.getByRole('search', { name: 'Pencarian cepat' }).count()).toBe(1);
    expect(await page.getByRole('search', { name: 'Cari di situs' }).count()).toBe(1);
    expect((await axeCheck(page).withRules(['landmark-unique']).analyze()).violations).toEqual([]);

    // Indonesian stemming: "pupuk" finds the page that says pemupukan and memupuk.
    const box = page.locator('.search-page').getByRole('searchbox');
    await box.fill('pupuk');
    await expect.poll(() => results(page).locator('h2').allInnerTexts()).toContain(article.title);
    await page.close();
  });

  it('searches only the page\'s language, loading only its index, and counts the pages it lists', async () => {
    // Pagefind names a language's files pagefind.<language>_<hash>, <folder>/<language>_<hash> and wasm.<language>.pagefind.
    for (const { path, own, otherIndex, found } of [
      { path: '/en/cari?q=biogas', own: /^\/en(\/|$)/, otherIndex: /^\/pagefind\/(.*[/.])?id[_.]/, found: /^(\d+) pages? found$/ },
      { path: '/cari?q=biogas', own: /^\/(?!en(\/|$))/, otherIndex: /^\/pagefind\/(.*[/.])?en[_.]/, found: /^(\d+) halaman ditemukan$/ },
    ]) {
      const page = await browser.newPage();
      const loaded: string[] = [];
      page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
      await page.goto(base + path);
      const status = page.locator('.search-page').getByRole('status');
      await expect.poll(() => status.innerText(), { message: path }).toMatch(found);
      const total = Number(found.exec(await status.innerText())?.[1]);
      const hits = await results(page).locator('h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.filter((href) => !own.test(href)), path).toEqual([]);
      // A work under two categories is found once, at its canonical address.
      const works = await results(page).filter({ has: page.locator('.search-section', { hasText: /^(Our Work|Karya Kami)$/ }) }).locator('h2').allInnerTexts();
      expect(works.length).toBeGreaterThan(0);
      expect(new Set(works).size, path).toBe(works.length);
      // The listed pages and those behind "show more" are the total, and so are the sections' counts.
      const more = Number(/\((\d+)\)$/.exec((await page.locator('.search-more').allInnerTexts())[0] ?? '(0)')?.[1]);
      expect(hits.length + more).toBe(total);
      const counts = (await page.locator('.search-sections button').allInnerTexts()).flatMap((label) => /\((\d+)\)$/.exec(label)?.[1] ?? []).map(Number);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(total);
      expect(loaded.filter((file) => otherIndex.test(file)), path).toEqual([]);
      await page.close();
    }
    // The header's box on an English page finds English pages only.
    const page = await browser.newPage();
    await page.goto(`${base}/en/agenda`);
    const box = page.locator('header').getByRole('searchbox', { name: 'Search the site' });
    await box.click();
    await expect.poll(() => page.locator('header astro-island[component-url*="SearchBox"]').getAttribute('ssr')).toBeNull();
    await box.pressSequentially('biogas');
    const popup = page.locator('header').getByRole('region', { name: 'Search the site' });
    await expect.poll(() => popup.getByRole('status').innerText()).toMatch(/^\d+ pages? found$/);
    const found = await popup.locator('.site-search-hits a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((href) => !href.startsWith('/en/'))).toEqual([]);
    await page.close();
  });

  it('searches the words of the pages only: not their dates, read times, badges, tags, back links or the cards of other pages', async () => {
    const page = await browser.newPage();
    const status = page.locator('.search-page').getByRole('status');
    const excerpts = () => page.locator('.search-excerpt').allInnerTexts();
    // Every article has a back link ("← Kembali ke Visi") and a read time ("4 menit baca"); no page says "kembali" itself.
    await page.goto(`${base}/cari?q=kembali`);
    await expect.poll(() => status.innerText()).toBe('Tidak ada halaman yang cocok dengan "kembali".');
    // One article says "menit" in its text: it is found for it, and no excerpt shows a read time.
    await page.goto(`${base}/cari?q=menit`);
    await expect.poll(() => status.innerText()).toMatch(/^\d+ halaman ditemukan$/);
    expect((await excerpts()).filter((excerpt) => /menit baca|unggulan|kembali|selengkapnya/i.test(excerpt))).toEqual([]);
    await page.goto(`${base}/en/cari?q=read`);
    await expect.poll(() => status.innerText()).toMatch(/^(\d+ pages? found|No page matches "read"\.)$/);
    expect((await excerpts()).filter((excerpt) => /min read|read more|featured|back to/i.test(excerpt))).toEqual([]);
    // A list page is found by its own words, not by the cards of the articles it lists.
    expect(await results(page).locator('h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).not.toContain('/en/vision');
    // The BioCore list's cards show the article's words, not its badge, read time, date, author or tags.
    await openList(page, '/bio-core');
    await listSearch(page, 'Cari artikel').pressSequentially('memilah');
    await expect.poll(() => page.locator('.biocore-browser .card .search-excerpt').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    for (const excerpt of await page.locator('.biocore-browser .card .search-excerpt').allInnerTexts()) expect(excerpt).not.toMatch(/unggulan|menit baca|januari 20\d\d|kembali ke/i);
    await page.close();
  });

  it('lists a text once: an impact story on its own page, not also on the overview that shows it', async () => {
    const page = await browser.newPage();
    for (const [search, story] of [['/cari?q=mengalihkan', '/our-impact/dampak-kami-pada-2025'], ['/en/cari?q=diverted', '/en/our-impact/our-impact-in-2025']] as const) {
      await page.goto(base + search);
      await expect.poll(() => results(page).locator('h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))), { timeout: 30_000 }).toEqual([story]);
    }
    await page.close();
  });

  it('keeps the words searched when the language is switched on the search page', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/cari?q=biogas`);
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    const toEnglish = page.locator('[data-language-switch="en"]');
    expect(await toEnglish.getAttribute('href')).toBe('/en/cari?q=biogas');
    await Promise.all([page.waitForURL(`${base}/en/cari?q=biogas`), toEnglish.click()]);
    await expect.poll(() => page.locator('.search-page').getByRole('searchbox').inputValue()).toBe('biogas');
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    // The link follows what is typed, and leads back.
    await page.locator('.search-page').getByRole('searchbox').fill('compost');
    await expect.poll(() => page.locator('[data-language-switch="id"]').getAttribute('href')).toBe('/cari?q=compost');
    await Promise.all([page.waitForURL(`${base}/cari?q=compost`), page.locator('[data-language-switch="id"]').click()]);
    await expect.poll(() => page.locator('.search-page').getByRole('searchbox').inputValue()).toBe('compost');
    await page.close();
  });

  it('does not move the page when the results arrive on a phone', async () => {
    const phone = await openBrowser({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${base}/cari?q=biogas`);
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.search-sections').count()).toBe(1);
    const shifted = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
    expect(shifted).toBeLessThan(0.1);
    await phone.close();
  });

  it('answers a query of 1,000 characters or of symbols only with a message, and searches nothing', async () => {
    const page = await browser.newPage();
    const searched: string[] = [];
    page.on('request', (request) => request.url().includes('/pagefind/pagefind.') && request.url().endsWith('.pf_fragment') && searched.push(request.url()));
    await page.goto(`${base}/cari?q=${'a'.repeat(1000)}`);
    const status = page.locator('.search-page').getByRole('status');
    await expect.poll(() => status.innerText()).toBe('Kata pencarian terlalu panjang. Gunakan paling banyak 100 karakter.');
    await page.locator('.search-page').getByRole('searchbox').fill('%%% *** <>');
    await expect.poll(() => status.innerText()).toBe('Kata pencarian harus berisi huruf atau angka.');
    await page.locator('.search-page').getByRole('searchbox').fill('"\'"; -- <>');
    await expect.poll(() => status.innerText()).toBe('Kata pencarian harus berisi huruf atau angka.');
    expect(await results(page).count()).toBe(0);
    expect(searched).toEqual([]);
    await page.close();
  });

  it('searches the BioCore list in the site index, only its articles in the page\'s language, by words and by tag, and refuses bad queries', async () => {
    // The list searched the index served before the article: it finds the article in the one served now.
    const page = openedBefore;
    await listSearch(page, 'Cari artikel').fill('');
    // Indonesian stemming, as on the search page (with this run's own word, so only this article); the found words highlighted in the card's excerpt.
    await listSearch(page, 'Cari artikel').pressSequentially(`pupuk ${run}`);
    // The new index's script, WebAssembly and word chunks load first: seconds on a loaded machine.
    await expect.poll(() => listCards(page).allInnerTexts(), { timeout: 30_000 }).toEqual([article.title]);
    expect((await page.locator('.biocore-browser .card mark').allInnerTexts()).map((word) => word.toLowerCase())).toEqual(expect.arrayContaining(['pemupukan']));
    expect(await page.locator('.biocore-browser .card a').getAttribute('href')).toBe(`/bio-core/${articleSlug}`);
    // A word of an English article only is not found on the Indonesian list.
    await listSearch(page, 'Cari artikel').fill('sorting');
    // Read without waiting, so a failure shows what the list held instead.
    const shown = async () => ({ messages: await listMessage(page).allInnerTexts(), cards: await listCards(page).allInnerTexts() });
    await expect.poll(shown, { timeout: 30_000 }).toEqual({ messages: ['Tidak ada artikel ditemukan'], cards: [] });
    // The article has no picture, and no word of its placeholder (an SVG data URI) finds it.
    // Its own card shows first, so the answer read is the new search's.
    await listSearch(page, 'Cari artikel').fill(`pupuk ${run}`);
    await expect.poll(() => listCards(page).allInnerTexts(), { timeout: 30_000 }).toEqual([article.title]);
    await listSearch(page, 'Cari artikel').fill('xmlns');
    await expect.poll(shown, { timeout: 30_000 }).toEqual({ messages: ['Tidak ada artikel ditemukan'], cards: [] });
    await listSearch(page, 'Cari artikel').fill('a'.repeat(1000));
    await expect.poll(() => listMessage(page).innerText()).toBe('Kata pencarian terlalu panjang. Gunakan paling banyak 100 karakter.');
    await listSearch(page, 'Cari artikel').fill('%%% *** <>');
    await expect.poll(() => listMessage(page).innerText()).toBe('Kata pencarian harus berisi huruf atau angka.');
    expect(await listCards(page).count()).toBe(0);
    // A tag lists its articles from the index; All brings the page's own cards back. The page's
    // tags are those it was built with: the new article's tag is on the list built since.
    await openList(page, '/bio-core');
    const tagFilter = page.getByRole('group', { name: 'Saring menurut tag' });
    await tagFilter.getByRole('button', { name: article.tags[0] }).click();
    await expect.poll(() => listCards(page).allInnerTexts()).toEqual([article.title]);
    // The tag is in the address: Back after All, and a reload, show the list filtered again.
    expect(page.url()).toBe(`${base}/bio-core?tag=${article.tags[0]}`);
    await tagFilter.getByRole('button', { name: 'Semua' }).click();
    await expect.poll(() => listCards(page).count()).toBeGreaterThan(1);
    expect(page.url()).toBe(`${base}/bio-core`);
    await page.goBack();
    await expect.poll(() => listCards(page).allInnerTexts()).toEqual([article.title]);
    await openList(page, `/bio-core?tag=${article.tags[0]}`);
    await expect.poll(() => listCards(page).allInnerTexts()).toEqual([article.title]);
    expect(await tagFilter.getByRole('button', { name: article.tags[0] }).getAttribute('aria-pressed')).toBe('true');

    await openList(page, '/en/bio-core');
    await listSearch(page, 'Search articles').pressSequentially('sorting');
    await expect.poll(() => listCards(page).allInnerTexts(), { timeout: 30_000 }).toEqual(['A Guide to Sorting Organic Waste']);
    expect(page.url()).toBe(`${base}/en/bio-core?q=sorting`);
    expect((await page.locator('.biocore-browser .card mark').allInnerTexts()).map((word) => word.toLowerCase())).toContain('sorting');
    expect(await page.locator('.biocore-browser .card a').getAttribute('href')).toBe('/en/bio-core/a-guide-to-sorting-organic-waste');
    await listSearch(page, 'Search articles').fill('pupuk');
    await expect.poll(() => listMessage(page).innerText()).toBe('No articles found');
    // The card a result shows is stored beside the article, not searched: neither the words of its
    // fields nor its picture's file type find anything.
    for (const word of ['width', 'srcset', 'webp', 'readTime']) {
      await listSearch(page, 'Search articles').fill('sorting');
      await expect.poll(() => listCards(page).allInnerTexts(), { timeout: 30_000 }).toEqual(['A Guide to Sorting Organic Waste']);
      await listSearch(page, 'Search articles').fill(word);
      await expect.poll(() => listMessage(page).innerText(), { message: word }).toBe('No articles found');
    }
    await listSearch(page, 'Search articles').fill('a'.repeat(1000));
    await expect.poll(() => listMessage(page).innerText()).toBe('The search is too long. Use at most 100 characters.');
    await listSearch(page, 'Search articles').fill('"\'"; -- <>');
    await expect.poll(() => listMessage(page).innerText()).toBe('The search must contain a letter or a digit.');
    await page.close();
  });

  it('without JavaScript, submits the header box to the search page, which says search needs JavaScript and links the sitemap', async () => {
    const noScript = await openBrowser({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    // A filtered list's address shows every card of the page without JavaScript.
    await page.goto(`${base}/bio-core`);
    const cards = await listCards(page).count();
    await page.goto(`${base}/bio-core?tag=${article.tags[0]}`);
    expect(await listCards(page).count()).toBe(cards);
    await page.goto(`${base}/bio-core`);
    await headerSearch(page).fill('kompos');
    await headerSearch(page).press('Enter');
    await page.waitForURL(`${base}/cari?q=kompos`);
    const notice = page.locator('.search-needs-script');
    expect(await notice.innerText()).toContain('Pencarian memerlukan JavaScript');
    expect(await notice.getByRole('link', { name: 'peta situs' }).getAttribute('href')).toBe('/sitemap.xml');
    // The BioCore list's box goes to the same page, filtered to BioCore, in the list's language.
    for (const [list, name, searchPage] of [['/bio-core', 'Cari artikel', '/cari'], ['/en/bio-core', 'Search articles', '/en/cari']] as const) {
      await page.goto(base + list);
      await listSearch(page, name).fill('kompos');
      await listSearch(page, name).press('Enter');
      await page.waitForURL(`${base}${searchPage}?q=kompos&section=BioCore`);
    }
    await noScript.close();
  });
});

describe('admin search', () => {
  it('opens with Ctrl+K or the header button, finds a record by a word of its title and opens its form', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page, base, adminPassword);
    // The shortcut is the layout's, which is on screen with its button.
    await page.getByRole('button', { name: /^Cari/ }).waitFor();
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Cari data' });
    const box = dialog.getByRole('combobox', { name: 'Cari judul atau slug' });
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await box.fill('%%%');
    await expect.poll(() => dialog.getByRole('status').innerText()).toBe('Kata pencarian harus berisi huruf atau angka.');
    await box.fill(`lestari ${run}`);
    const option = dialog.getByRole('option').filter({ hasText: article.title });
    await expect.poll(() => option.count()).toBe(1);
    expect(await option.innerText()).toContain('Bio Core');
    await box.press('Enter');
    await page.waitForURL(`${base}/admin/bio-core`);
    await expect.poll(() => page.locator('form').getByRole('textbox', { name: /^Title/ }).inputValue()).toBe(article.title);

    // The header's button opens the same search; Escape closes it.
    await page.getByRole('button', { name: /^Cari/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.close();
  });
});
