/**
 * What a QA pass of the public site found, as a visitor meets it: no page wider than the screen
 * whatever the text (a long word, a long address, a wide table, a long menu label), the agenda's past events apart
 * from upcoming ones and said to be over, feeds of the newest 50 items, a hero carousel one can
 * pause, newsletter link pages kept from search engines, and list titles in the page's language.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, rebuildSiteOnSave } from '../../e2e/product.ts';
import { until, untilSiteBuildsEnd } from '../../e2e/wait.ts';
import { adminCookie, openBrowser, readingTab } from '../../e2e/browser.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

const run = Date.now().toString(36);
const DAY = 86_400_000;
const LONG_WORD = `Supercalifragilisticexpialidocious${run}pengelolaansampahberkelanjutan`;
const LONG_URL = `https://example.org/laporan/${'sangat-panjang-'.repeat(6)}${run}`;
const WIDE_TABLE = `<table><tr>${['Wilayah', 'Organik', 'Anorganik', 'Daur ulang', 'Kompos', 'Biogas'].map((name) => `<th>${name}</th>`).join('')}</tr><tr>${['Kabupaten Garut', 'Pengomposan rumah tangga', 'Pemilahan di bank sampah', 'Plastik dan kertas terpilah', 'Pupuk untuk kebun sekolah', 'Dapur keluarga desa'].map((cell) => `<td>${cell}</td>`).join('')}</tr></table>`;
const longVision = { title: `${LONG_WORD} Visi`, slug: '' };
const pastEvent = { title: `Kerja Bakti ${LONG_WORD}`, slug: '' };
const nextEvent = { title: `Lokakarya Kompos ${run}`, slug: '' };
const ongoingEvent = { title: `Pameran Daur Ulang ${run}`, slug: '' };
/** A category is a label of the header's menus. */
const longCategory = { title: `Kategori${LONG_WORD}`, slug: '' };

/** The organisation's name, set in the settings: every page's header and footer show it. */
const LONG_NAME = `Yayasan ${LONG_WORD}`;

let browser: BrowserContext;
let cookie = '';
const created: string[] = [];

const create = async (path: string, body: Record<string, unknown>) => {
  const response = await fetch(base + path, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { success: boolean; data: { _id: string; slug: string }; message: string };
  if (!answer.success) throw new Error(`POST ${path}: ${answer.message}`);
  created.push(`${path}/${answer.data._id}`);
  return answer.data.slug;
};

const putSettings = async (values: Record<string, string>) => {
  const response = await fetch(`${base}/api/settings`, { method: 'PUT', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify(values) });
  if (!response.ok) throw new Error(`PUT /api/settings: ${response.status}`);
};

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  cookie = await adminCookie(base, adminPassword);
  // More articles than a feed lists; the long one last, so it leads the first list page.
  for (let i = 1; i <= 50; i++) await create('/api/vision', { title: `Catatan Umpan ${run} ${i}`, shortDescription: 'Catatan singkat.', content: '<p>Catatan.</p>', isPublished: true });
  longVision.slug = await create('/api/vision', { title: longVision.title, shortDescription: `Baca ${LONG_URL}`, content: `<p>Sumber: ${LONG_URL}</p>${WIDE_TABLE}<p>${LONG_WORD}</p>`, isPublished: true });
  const event = (title: string, startsAt: number, endsAt?: number) =>
    create('/api/agenda', { title, startsAt: new Date(startsAt).toISOString(), ...(endsAt ? { endsAt: new Date(endsAt).toISOString() } : {}), place: `Balai ${LONG_WORD}`, description: `<p>${LONG_URL}</p>${WIDE_TABLE}`, isPublished: true });
  pastEvent.slug = await event(pastEvent.title, Date.now() - DAY);
  nextEvent.slug = await event(nextEvent.title, Date.now() + DAY);
  ongoingEvent.slug = await event(ongoingEvent.title, Date.now() - 2 * DAY, Date.now() + 2 * DAY);
  longCategory.slug = await create('/api/category', { title: longCategory.title, isActive: true });
  await putSettings({ organisationName: LONG_NAME });
  const published = async (path: string) => (await fetch(base + path)).status === 200;
  await until('the new pages to be published', async () => (await published(`/agenda/${ongoingEvent.slug}`)) && (await published(`/vision/${longVision.slug}`)) && (await published(`/our-work/${longCategory.slug}`)), 200_000);
  await untilSiteBuildsEnd(base, cookie);
}, 300_000);

afterAll(async () => {
  // Other files on this product count the seeded lists' pages and read the organisation's name.
  for (const record of created) await fetch(base + record, { method: 'DELETE', headers: { cookie, origin: base } });
  await putSettings({ organisationName: 'Resik Nusantara' });
  await untilSiteBuildsEnd(base, cookie);
  await browser?.close();
}, 200_000);

/** How far the page reaches past the screen's right edge, in px (0: it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function read(path: string, width: number) {
  const page = await readingTab(browser);
  await page.setViewportSize({ width, height: 900 });
  const response = await page.goto(base + path);
  expect(response?.status(), path).toBe(200);
  return page;
}

describe('no page wider than the screen', () => {
  const PAGES = [
    '/',
    '/about-us',
    '/vision',
    '/vision/LONG_VISION',
    '/vision/page/2',
    '/our-work',
    '/our-work/edukasi/sekolah-hijau',
    '/our-impact',
    '/our-impact/dampak-kami-pada-2025',
    '/bio-core',
    '/bio-core/apa-itu-biocore',
    '/agenda',
    '/agenda/PAST_EVENT',
    '/en',
    '/en/about-us',
    '/en/vision',
    '/en/agenda',
    '/en/bio-core/what-is-biocore',
  ];

  it.each(PAGES)('%s at 390 and 1280 px', async (template) => {
    const path = template.replace('LONG_VISION', longVision.slug).replace('PAST_EVENT', pastEvent.slug);
    for (const width of [390, 1280]) {
      const page = await read(path, width);
      expect(await overflow(page), `${path} at ${width} px`).toBe(0);
    }
  });

  it('wraps a long address and a long title, and scrolls a wide table within its own box', async () => {
    const page = await read(`/vision/${longVision.slug}`, 390);
    const column = await page.locator('.prose').evaluate((prose) => prose.getBoundingClientRect().width);
    const box = page.locator('.prose .table-scroll');
    const { boxWidth, tableWidth } = await box.evaluate((element) => ({ boxWidth: element.clientWidth, tableWidth: element.querySelector('table')!.getBoundingClientRect().width }));
    expect(boxWidth).toBeLessThanOrEqual(column);
    expect(tableWidth, 'the table keeps its words whole and scrolls').toBeGreaterThan(boxWidth);
    // A keyboard reaches the box to scroll it.
    expect(await box.getAttribute('tabindex')).toBe('0');
    for (const selector of ['h1', '.prose p']) {
      for (const width of await page.locator(selector).evaluateAll((elements) => elements.map((element) => element.scrollWidth - element.clientWidth))) expect(width, selector).toBeLessThanOrEqual(0);
    }
  });

  it("shows the organisation's name from the settings in the header and footer, and wraps it and a long menu label", async () => {
    // The narrowest phones too: the header's row is tightest there.
    expect(await overflow(await read('/', 320)), 'at 320 px').toBe(0);
    for (const width of [390, 1280]) {
      const page = await read('/', width);
      expect((await page.locator('.brand').innerText()).replace(/\s+/g, ' ')).toBe(LONG_NAME);
      expect(await page.locator('.footer-legal').innerText()).toContain(LONG_NAME);
      const small = width === 390;
      await page.locator(small ? '[data-menu-toggle]' : '.dropdown summary').click();
      const label = page.locator(small ? '.mobile-nav a' : '.dropdown li a', { hasText: longCategory.title.slice(0, 20) });
      const box = (await label.boundingBox())!;
      expect(box.x + box.width, `the menu label at ${width} px`).toBeLessThanOrEqual(width);
      expect(await overflow(page), `at ${width} px`).toBe(0);
    }
  });

  it('keeps a long card title inside its card on a list page', async () => {
    for (const width of [390, 1280]) {
      const page = await read('/vision', width);
      // The card clips what spills: the title's text must fit its own box.
      const title = page.locator('.card h3', { hasText: 'Supercalifragilistic' });
      expect(await title.evaluate((h3) => h3.scrollWidth - h3.clientWidth), `at ${width} px`).toBeLessThanOrEqual(0);
    }
  });
});

describe('agenda', () => {
  /** The card titles under each heading of the agenda list. */
  const groups = async (page: Page) =>
    page.locator('.agenda-group').evaluateAll((sections) => sections.map((section) => ({ heading: section.querySelector('h2')!.textContent, titles: [...section.querySelectorAll('h3')].map((h) => h.textContent) })));

  it('lists upcoming events apart from past ones, past ones marked, one under way first among the upcoming', async () => {
    const page = await read('/agenda', 1280);
    const [upcoming, past] = await groups(page);
    expect(upcoming!.heading).toBe('Acara mendatang');
    expect(upcoming!.titles[0]).toBe(ongoingEvent.title);
    expect(upcoming!.titles).toContain(nextEvent.title);
    expect(upcoming!.titles).not.toContain(pastEvent.title);
    expect(past!.heading).toBe('Acara yang telah selesai');
    expect(past!.titles[0]).toBe(pastEvent.title);
    expect(await page.locator('.agenda-group').nth(1).locator('.card', { hasText: pastEvent.title }).locator('.badge').innerText()).toBe('Selesai');
    expect(await page.locator('.agenda-group').first().locator('.badge').allInnerTexts()).toEqual(['Sedang berlangsung']);

    const english = await read('/en/agenda', 1280);
    const englishGroups = await groups(english);
    expect(englishGroups.find((group) => group.heading === 'Past events')?.titles).toContain('Biogas Workshop for Villages');
  });

  it('offers an event not over yet to a calendar app, and the whole agenda as a calendar to subscribe to', async () => {
    const page = await read(`/agenda/${ongoingEvent.slug}`, 390);
    const file = await fetch(base + (await page.getByRole('link', { name: 'Tambahkan ke kalender' }).getAttribute('href')));
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = (await file.text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`SUMMARY:Pameran Daur Ulang ${run}`);
    expect(text).toMatch(/\r\nDTEND:\d{8}T\d{6}Z\r\n/);
    expect(await (await read(`/agenda/${pastEvent.slug}`, 390)).getByRole('link', { name: 'Tambahkan ke kalender' }).count()).toBe(0);
    const list = await read('/en/agenda', 390);
    const feed = await (await fetch(base + (await list.getByRole('link', { name: 'Subscribe to the events calendar' }).getAttribute('href')))).text();
    expect(feed).toContain('SUMMARY:Cikapundung River Clean-up');
  });

  it("says on a past event's page that it has ended, on one under way's that it is, and neither on an upcoming one's", async () => {
    expect(await (await read(`/agenda/${ongoingEvent.slug}`, 390)).locator('main').innerText()).toContain('Acara ini sedang berlangsung.');
    expect(await (await read(`/agenda/${pastEvent.slug}`, 390)).locator('main').innerText()).toContain('Acara ini sudah selesai.');
    expect(await (await read(`/agenda/${nextEvent.slug}`, 390)).locator('main').innerText()).not.toContain('sudah selesai');
    expect(await (await read('/en/agenda/biogas-workshop-for-villages', 390)).locator('main').innerText()).toContain('This event has ended.');
  });
});

describe('feeds', () => {
  const feed = async (path: string) => {
    const response = await fetch(base + path);
    const xml = await response.text();
    return { xml, items: xml.match(/<item>/g)?.length ?? 0, type: response.headers.get('content-type') };
  };

  it('lists the newest 50 of more articles, served as RSS', async () => {
    const { xml, items, type } = await feed('/vision/rss.xml');
    expect(items).toBe(50);
    expect(xml).toContain(`<title>${longVision.title}</title>`);
    expect(type).toBe('application/rss+xml; charset=utf-8');
  });

  it.each(['/en/vision/rss.xml', '/bio-core/rss.xml', '/en/bio-core/rss.xml'])('%s lists at most 50 items, served as RSS', async (path) => {
    const { items, type } = await feed(path);
    expect(items).toBeGreaterThan(0);
    expect(items).toBeLessThanOrEqual(50);
    expect(type).toBe('application/rss+xml; charset=utf-8');
  });
});

describe('hero carousel', () => {
  const active = (page: Page) => page.locator('.hero-slide.is-active h1, .hero-slide.is-active h2').innerText();

  async function home(path: string, options: { reducedMotion?: 'reduce' } = {}) {
    // A clock belongs to the whole browser context: this one gets its own.
    const context = await openBrowser({ viewport: { width: 390, height: 844 }, hasTouch: true, ...options });
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-11-22T07:59:00Z') });
    await page.clock.pauseAt(new Date('2026-11-22T08:00:00Z'));
    await page.goto(base + path);
    await page.clock.runFor(1_000);
    await page.waitForSelector('astro-island:not([ssr]) .hero-dots button');
    return { context, page };
  }

  it('has a pause button that stops it, by touch and by keyboard, named in each language', async () => {
    const { context, page } = await home('/');
    const first = await active(page);
    await page.getByRole('button', { name: 'Jeda pergantian slide' }).tap();
    await page.clock.runFor(20_000);
    expect(await active(page)).toBe(first);
    const play = page.getByRole('button', { name: 'Putar pergantian slide' });
    await play.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Jeda pergantian slide' }).count()).toBe(1);
    await page.clock.runFor(8_100);
    await expect.poll(() => active(page)).not.toBe(first);
    await context.close();

    const english = await home('/en');
    expect(await english.page.getByRole('button', { name: 'Pause the slideshow' }).isVisible()).toBe(true);
    await english.context.close();
  });

  it('does not move for a visitor who asks for reduced motion, until asked to play', async () => {
    const { context, page } = await home('/', { reducedMotion: 'reduce' });
    const first = await active(page);
    await page.clock.runFor(20_000);
    expect(await active(page)).toBe(first);
    expect(await page.getByRole('button', { name: 'Putar pergantian slide' }).isVisible()).toBe(true);
    await context.close();
  });

  it('keeps its controls off the slide at 390 px', async () => {
    const page = await read('/', 390);
    const [slide, controls] = await Promise.all([page.locator('.hero-slide.is-active').boundingBox(), page.locator('.hero-controls').boundingBox()]);
    expect(controls!.y).toBeGreaterThanOrEqual(slide!.y + slide!.height - 1);
  });
});

describe('search engines', () => {
  const NEWSLETTER_PAGES = ['confirm', 'confirmed', 'unsubscribe', 'unsubscribed', 'expired-link', 'invalid-link'].flatMap((name) => [`/newsletter/${name}`, `/en/newsletter/${name}`]);

  it.each(NEWSLETTER_PAGES)('%s is never indexed nor in the sitemap', async (path) => {
    const html = await (await fetch(base + path)).text();
    expect(/<meta name="robots" content="([^"]+)"/.exec(html)?.[1]).toContain('noindex');
    expect(await (await fetch(`${base}/sitemap.xml`)).text()).not.toContain(`${path}<`);
  });

  it.each([
    ['/vision', 'Visi'],
    ['/vision/page/2', 'Visi (halaman 2)'],
    ['/en/vision', 'Vision'],
  ])('%s is titled in its language: %s', async (path, title) => {
    expect(await (await read(path, 1280)).title()).toBe(title);
  });

  it.each(['/our-work', '/bio-core', '/agenda', '/about-us', '/en/our-work', '/en/bio-core', '/en/agenda', '/en/about-us'])('%s is titled as its heading says', async (path) => {
    const page = await read(path, 1280);
    expect(await page.title()).toBe(await page.locator('h1').innerText());
  });
});
