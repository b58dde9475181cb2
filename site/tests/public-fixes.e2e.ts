/**
 * The public site after a day of editing: clean canonical addresses, no accessibility
 * violation on any page type (also with text pasted from Word), BioCore features with their
 * icons, computed reading times, and the search and newsletter boxes working from the first
 * keystroke, before their islands load.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, rebuildSiteOnSave } from '../../e2e/product.ts';
import { until } from '../../e2e/wait.ts';
import { axeCheck } from '../../e2e/axe.ts';
import { openBrowser, readingTab } from '../../e2e/browser.ts';
import WORD from '../../admin/src/widgets/editor/fixtures/word-clipboard.html?raw';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

let browser: BrowserContext;
let cookie = '';
const suffix = Date.now().toString(36);
let visionSlug = '';
const words = (count: number) => Array.from({ length: count }, (_, i) => `kata${i}`).join(' ');

/** Waits until the served site has a page (the rebuild after a save has finished). */
async function published(path: string) {
  await until(`${path} to be published`, async () => (await fetch(base + path)).status === 200, 150_000);
}

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  const signIn = await browser.newPage();
  await signIn.goto(`${base}/login`);
  await signIn.getByLabel('Username').fill('admin');
  await signIn.getByLabel('Password', { exact: true }).fill(adminPassword);
  await signIn.getByRole('button', { name: 'Login' }).click();
  await signIn.waitForURL(`${base}/admin`);
  await signIn.close();
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  // A long vision written in the admin: a report pasted from Word, then more text, reading time left empty.
  const admin = await browser.newPage();
  await admin.goto(`${base}/admin/vision`);
  await admin.waitForURL(/\/admin\/vision$/);
  await admin.getByRole('button', { name: /^\+ Tambah/ }).click();
  await admin.locator('#field-title').fill(`Laporan Word ${suffix}`);
  await admin.locator('#field-shortDescription').fill('Laporan dari Word');
  const editor = admin.locator('.ProseMirror#field-content');
  await editor.click();
  const paste = (html: string, text: string) =>
    editor.evaluate(
      (element, [html, text]) => {
        const data = new DataTransfer();
        data.setData('text/html', html!);
        data.setData('text/plain', text!);
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      [html, text],
    );
  await paste(WORD, 'Laporan');
  // The picture Word kept on the author's disk is named, not dropped silently.
  await admin.getByRole('status').filter({ hasText: '1 gambar dari Word tidak ikut ditempel' }).waitFor();
  await admin.keyboard.press('Control+End');
  await paste(`<p>${words(1500)}</p>`, words(1500));
  await admin.getByRole('button', { name: 'Simpan' }).click();
  await admin.locator('.alert', { hasText: 'berhasil' }).waitFor();
  const stored = ((await (await fetch(`${base}/api/vision?search=${suffix}`, { headers: { cookie } })).json()) as { data: Array<{ slug: string; content: string }> }).data[0]!;
  visionSlug = stored.slug;
  assert.include(stored.content, '<ul>', 'the pasted Word list is stored as a list');
  await admin.close();
  await published(`/vision/${visionSlug}`);
}, 200_000);
afterAll(() => browser?.close());

async function visit(path: string, width = 1280, prepare?: (page: Page) => Promise<void>) {
  const page = await browser.newPage();
  await page.setViewportSize({ width, height: 900 });
  await prepare?.(page);
  // With its scripts held back a page never fires `load`: the HTML is all these tests need first.
  await page.goto(base + path, { waitUntil: prepare ? 'domcontentloaded' : 'load', timeout: 20_000 });
  return page;
}

// Every page type, at both widths: an article written in the editor and a seeded one.
const PAGE_TYPES = ['/', '/about-us', '/vision', `/vision/${'VISION'}`, '/vision/ekonomi-sirkular-dimulai-dari-rumah', '/our-work', '/our-work/edukasi', '/our-work/edukasi/sekolah-hijau', '/our-impact', '/our-impact/dampak-kami-pada-2025', '/bio-core', '/bio-core/apa-itu-biocore', '/tidak-ada', '/en', '/en/bio-core/what-is-biocore'];

describe('canonical addresses', () => {
  it('are the clean addresses the sitemap lists, for og:url too', async () => {
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locs.length).toBeGreaterThan(10);
    for (const loc of locs.filter((_, i) => i < 8 || i % 3 === 0)) {
      const html = await (await fetch(base + new URL(loc).pathname)).text();
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];
      expect(canonical, loc).toBe(loc);
      expect(ogUrl, loc).toBe(loc);
      expect(canonical).not.toMatch(/\.html$/);
    }
    const home = await (await fetch(`${base}/`)).text();
    expect(/<link rel="canonical" href="([^"]+)"/.exec(home)?.[1]).toBe(new URL('/', locs[0]).href);
  });
});

describe('accessibility at 1280 and 390 px', () => {
  it.each(PAGE_TYPES)('%s has no axe violations and headings in order', async (template) => {
    const page = await readingTab(browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(base + template.replace('VISION', visionSlug));
    for (const width of [1280, 390]) {
      // Loaded at each width, as a window and a phone each open it: the islands lay out for their width once.
      if (width !== 1280) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
      }
      await page.waitForLoadState('networkidle');
      const results = await axeCheck(page).analyze();
      expect(results.violations.map((v) => `${v.id} (${v.impact}) at ${width} px: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
  });
});

describe('rich text and articles', () => {
  it('shows Word text as lists without justify, pictures lazy with alt text, and a computed reading time', async () => {
    const page = await visit(`/vision/${visionSlug}`);
    const prose = page.locator('.prose');
    expect(await prose.locator('ul > li').count()).toBeGreaterThanOrEqual(3);
    expect(await prose.locator('h1').count()).toBe(0);
    expect(await prose.evaluate((el) => [...el.querySelectorAll('*')].some((node) => getComputedStyle(node).textAlign === 'justify'))).toBe(false);
    for (const image of await prose.locator('img').all()) {
      expect(await image.getAttribute('loading')).toBe('lazy');
      expect(await image.getAttribute('alt')).not.toBeNull();
    }
    // About 1,560 words at 200 a minute.
    expect(await page.locator('.meta').first().innerText()).toContain('8 menit baca');
    await page.close();
  });

  it('shows each BioCore feature with its icon', async () => {
    const page = await visit('/bio-core/apa-itu-biocore', 390);
    const features = page.getByRole('region', { name: 'Fitur Utama' });
    expect(await features.locator('li').first().innerText()).toContain('Modular');
    expect(await features.locator('.feature-icon').allInnerTexts()).toEqual(['📦', '⚡', '🌿']);
    await page.close();
  });
});

describe('typing before the islands load', () => {
  /** Holds the site's scripts until released, as a slow phone connection does. */
  async function holdScripts(page: Page) {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      await gate;
      await route.continue();
    });
    return async () => open();
  }

  it('filters the BioCore list by what was typed before the search box came alive', async () => {
    let release = async () => {};
    const page = await visit('/bio-core', 390, async (p) => {
      release = await holdScripts(p);
    });
    await page.getByPlaceholder('Cari artikel...').fill('induk');
    expect(await page.locator('astro-island[ssr]').count()).toBeGreaterThan(0);
    await release();
    // The first answer waits for the search index's script, WebAssembly and word chunks to load.
    await expect.poll(() => page.locator('.biocore-browser .card h3').allInnerTexts(), { timeout: 30_000 }).toEqual(['BioCore di Pasar Induk']);
    expect(await page.getByPlaceholder('Cari artikel...').inputValue()).toBe('induk');
    await page.close();
  });

  // Two page loads, a hydration and two posts, each step with its own time limit: the test may take their sum.
  it('sends the newsletter email typed before the form came alive, with or without its script', { timeout: 120_000 }, async () => {
    let release = async () => {};
    const page = await visit('/', 390, async (p) => {
      release = await holdScripts(p);
    });
    const email = page.locator('#newsletter-email');
    await email.scrollIntoViewIfNeeded();
    await email.fill(`awal-${suffix}@example.org`);
    await release();
    await expect.poll(() => page.locator('.newsletter-form').evaluate((form) => form.closest('astro-island')?.hasAttribute('ssr') ?? false)).toBe(false);
    expect(await email.inputValue()).toBe(`awal-${suffix}@example.org`);
    const request = page.waitForRequest((r) => r.url().endsWith('/api/subscribe') && r.method() === 'POST', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Berlangganan' }).click();
    expect((await request).postData()).toContain(`awal-${suffix}@example.org`);
    await page.close();

    // Without the script at all, the form posts as a plain HTML form.
    const plain = await visit('/', 390, async (p) => {
      await p.route('**/_astro/*.js', (route) => route.abort());
    });
    await plain.locator('#newsletter-email').fill(`tanpa-js-${suffix}@example.org`);
    const posted = plain.waitForRequest((r) => r.url().endsWith('/api/subscribe') && r.method() === 'POST', { timeout: 15_000 });
    await plain.getByRole('button', { name: 'Berlangganan' }).click();
    // The form also carries the empty honeypot field bots fill in, and the page's language.
    const fields = new URLSearchParams((await posted).postData() ?? '');
    expect(fields.get('email')).toBe(`tanpa-js-${suffix}@example.org`);
    expect(fields.get('language')).toBe('id');
    await plain.close();
  });
});
