/**
 * The site in two languages, as visitors and search engines meet it: every built page walked in
 * the browser (no page mixes languages, every link and alternate leads to a page in the language
 * it names), the language switcher at phone and desktop width on a translated and an untranslated
 * record, and the sitemap's and feeds' languages.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, openBrowser, readingTab } from '../../e2e/browser.ts';
import { INQUIRY_SPAM_RULES, INQUIRY_TEXTS } from '@cms/worker/contract/inquiry';
import { base, adminPassword, rebuildSiteOnSave } from '../../e2e/product.ts';
import { untilSiteBuildsEnd } from '../../e2e/wait.ts';
import { DEFAULT_LOCALE } from '../src/i18n/index.ts';
import { languageProblems, ownFixedTexts } from '../src/i18n/language-rules.ts';
import { crawlSite } from './crawl.ts';

// The pages walked and the form posted must be built from the data the worker now holds: an
// earlier file's held saves (the English form topics, say) are built first.
rebuildSiteOnSave();

let browser: BrowserContext;
beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  await untilSiteBuildsEnd(base, await adminCookie(base, adminPassword));
}, 300_000);
afterAll(() => browser?.close());

const text = async (path: string) => (await fetch(base + path)).text();

interface SitemapUrl {
  loc: string;
  alternates: Record<string, string>;
}

/** The sitemap's addresses (paths) with their alternates by hreflang. */
async function sitemap(): Promise<SitemapUrl[]> {
  const xml = await text('/sitemap.xml');
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, url]) => ({
    loc: new URL(/<loc>([^<]+)<\/loc>/.exec(url!)![1]!.replace(/&amp;/g, '&')).pathname,
    alternates: Object.fromEntries([...url!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => [lang, new URL(href!.replace(/&amp;/g, '&')).pathname])),
  }));
}

/** A record's page (under a collection's list) that has, or lacks, an English twin. */
async function recordPage(translated: boolean) {
  const record = (await sitemap()).find((url) => url.loc.split('/').length >= 3 && !url.loc.startsWith('/en/') && (url.alternates.en !== undefined) === translated);
  expect(record, translated ? 'a translated record in the sitemap' : 'an untranslated record in the seeded demo').toBeDefined();
  return record!;
}

/** Pages the site builds but no page links to: the search, the newsletter links' outcomes, the not-found page. */
const UNLINKED = ['/cari', '/newsletter/confirm', '/newsletter/confirmed', '/newsletter/expired-link', '/newsletter/invalid-link', '/newsletter/unsubscribe', '/newsletter/unsubscribed'];

describe('every built page, in both languages', () => {
  it('says its language, mixes none, and links only to pages that exist in the languages it names', async () => {
    const listed = (await sitemap()).map((url) => url.loc);
    const starts = [...listed, ...UNLINKED, ...UNLINKED.map((path) => `/en${path}`)];
    const crawl = await crawlSite(browser, base, starts);
    expect(crawl.broken).toEqual([]);
    expect(crawl.pages.length).toBeGreaterThanOrEqual(starts.length);
    expect(crawl.pages.some((page) => page.expected === 'en')).toBe(true);

    const englishOnly = ownFixedTexts('en', DEFAULT_LOCALE);
    expect(crawl.pages.flatMap((page) => languageProblems(page, englishOnly))).toEqual([]);

    // An alternate leads to a page in the language it names; x-default to the Indonesian one.
    const wrongAlternates = crawl.alternates
      .map((alternate) => ({ ...alternate, lang: crawl.langs.get(alternate.path) }))
      .filter(({ hreflang, lang }) => lang !== (hreflang === 'x-default' ? DEFAULT_LOCALE : hreflang));
    expect(wrongAlternates).toEqual([]);
  }, 600_000);

  it('answers an address under no language, or a missing page under English, with a not-found page in its language', async () => {
    for (const [path, lang, title] of [
      ['/fr/vision', 'id', 'Halaman Tidak Ditemukan'],
      ['/en/vision/no-such-article', 'en', 'Vision article not found'],
      ['/en/no-such-page', 'en', 'Page Not Found'],
    ] as const) {
      const page = await readingTab(browser);
      const response = await page.goto(base + path);
      expect(response?.status(), path).toBe(404);
      expect(await page.locator('html').getAttribute('lang'), path).toBe(lang);
      await expect.poll(() => page.locator('h1').innerText(), { timeout: 5_000 }).toBe(title);
    }
  });
});

describe('the language switcher', () => {
  /** Opens a page at a width, switches language with the keyboard, and answers where it landed. */
  async function switchLanguage(width: number, path: string, to: string): Promise<Page> {
    const page = await readingTab(browser);
    await page.setViewportSize({ width, height: 844 });
    await page.goto(base + path);
    const link = page.locator(`[data-language-switch="${to}"]`);
    await expect.poll(() => link.isVisible(), { timeout: 5_000 }).toBe(true);
    // A link a screen reader names in the language it leads to, starting with what it shows.
    expect(await link.getAttribute('lang')).toBe(to);
    expect(await page.getByRole('link', { name: to === 'en' ? 'EN English' : 'ID Bahasa Indonesia', exact: true }).count()).toBe(1);
    await link.focus();
    await Promise.all([page.waitForURL((url) => url.pathname !== path), page.keyboard.press('Enter')]);
    return page;
  }

  it.each([390, 1280])('leads from a translated record to its translation and back, at %i px', async (width) => {
    const record = await recordPage(true);
    const page = await switchLanguage(width, record.loc, 'en');
    expect(new URL(page.url()).pathname).toBe(record.alternates.en);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await Promise.all([page.waitForURL((url) => url.pathname === record.loc), page.locator('[data-language-switch="id"]').click()]);
    expect(await page.locator('html').getAttribute('lang')).toBe('id');
  });

  it.each([390, 1280])("leads from an untranslated record to the English section's index, at %i px", async (width) => {
    const record = await recordPage(false);
    expect((await fetch(`${base}/en${record.loc}`)).status).toBe(404);
    const page = await switchLanguage(width, record.loc, 'en');
    const section = record.loc.split('/')[1];
    expect(new URL(page.url()).pathname).toBe(`/en/${section}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // Not in the English lists either.
    expect(await page.locator(`a[href$="${record.loc.split('/').pop()}"]`).count()).toBe(0);
  });
});

describe('the English newsletter form', () => {
  it("signs up in the page's language and answers in it", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/en`);
    await page.route('**/api/subscribe', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"data":null,"message":"OK"}' }));
    await page.locator('#newsletter-email').scrollIntoViewIfNeeded();
    await page.locator('astro-island:has(.newsletter-form):not([ssr])').waitFor();
    await page.locator('#newsletter-email').fill('reader@example.org');
    const request = page.waitForRequest((sent) => sent.url().endsWith('/api/subscribe') && sent.method() === 'POST');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect(JSON.parse((await request).postData() ?? '{}')).toMatchObject({ email: 'reader@example.org', language: 'en' });
    await expect.poll(() => page.locator('.form-message').innerText()).toContain('Thank you for subscribing!');
    await page.close();
  });
});

describe('the English Kolaborasi form without JavaScript', () => {
  it('posts to the English page and comes back to it with English messages, nothing typed lost', async () => {
    const noScript = await openBrowser({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await noScript.newPage();
    await page.goto(`${base}/en/kolaborasi`);
    await page.getByLabel('Name', { exact: true }).fill('Jane Doe');
    await page.getByLabel('Email', { exact: true }).fill(`jane-${Date.now()}@example.org`);
    await page.getByLabel('Message', { exact: true }).fill('We would like to study waste data together.');
    // The browser's own check would stop a missing tick; the server's answer is what a script-less visitor meets.
    await page.locator('input[name="consent"]').evaluate((box) => box.removeAttribute('required'));
    // The minimum fill time, read from the page's stamp.
    const oldEnough = async () => {
      const issued = Number((await page.locator('input[name="startedAt"]').inputValue()).split('.')[0]);
      expect(issued).toBeGreaterThan(0);
      await expect.poll(() => Date.now() - issued, { timeout: 10_000 }).toBeGreaterThan(INQUIRY_SPAM_RULES.minFillSeconds * 1000 + 200);
    };
    await oldEnough();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`${base}/en/kolaborasi`);
    expect(await page.getByRole('alert').innerText()).toBe(INQUIRY_TEXTS.en.consentRequired);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('We would like to study waste data together.');

    await page.locator('input[name="consent"]').check();
    await oldEnough();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`${base}/en/kolaborasi?sent#kolaborasi`);
    expect(await page.getByRole('status').first().innerText()).toBe(INQUIRY_TEXTS.en.sent);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await noScript.close();
  });
});

describe('search engines and feed readers', () => {
  it('list each page with its alternates in the sitemap, x-default the Indonesian one', async () => {
    const record = await recordPage(true);
    expect(record.alternates.id).toBe(record.loc);
    expect(record.alternates['x-default']).toBe(record.loc);
    const english = (await sitemap()).find((url) => url.loc === record.alternates.en);
    expect(english?.alternates).toEqual(record.alternates);
  });

  it('get one feed per language, each linked from its pages', async () => {
    for (const [home, language] of [
      ['/', 'id'],
      ['/en', 'en'],
    ] as const) {
      const feeds = [...(await text(home)).matchAll(/<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="([^"]+)"/g)].map(([, href]) => href!);
      expect(feeds.length).toBeGreaterThan(0);
      for (const feed of feeds) {
        expect(feed.startsWith(language === 'en' ? '/en/' : '/') && !(language === 'id' && feed.startsWith('/en/')), feed).toBe(true);
        const xml = await text(feed);
        expect(xml, feed).toContain(`<language>${language}</language>`);
        for (const [, link] of xml.matchAll(/<item><title>[^<]*<\/title><link>([^<]+)<\/link>/g)) expect(new URL(link!).pathname.startsWith('/en/'), link).toBe(language === 'en');
      }
    }
  });
});
