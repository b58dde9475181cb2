/**
 * What search engines, feed readers and link previews read from the public site: JSON-LD with
 * the properties each type needs (an SEO record's own replacing it), a 1200x630 raster
 * og:image on every page, a not-found page that is never indexed, one canonical address per
 * work, the language each record is written in, RSS that names itself, no dead footer links,
 * and hero text readable before its photo arrives.
 */
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, rebuildSiteOnSave } from '../../e2e/product.ts';
import { axeCheck } from '../../e2e/axe.ts';
import { adminCookie, openBrowser } from '../../e2e/browser.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

let browser: BrowserContext;
let cookie = '';

const MAIN_PAGES = ['/', '/our-work', '/our-work/pengelolaan-sampah/bank-sampah-desa-sukamaju', '/vision', '/vision/ekonomi-sirkular-dimulai-dari-rumah', '/bio-core', '/bio-core/apa-itu-biocore', '/about-us', '/agenda/bersih-sungai-cikapundung', '/en', '/en/vision/a-circular-economy-starts-at-home', '/en/agenda/cikapundung-river-clean-up'];
const OWN_JSON_LD = { '@context': 'https://schema.org', '@type': 'NGO', name: 'Resik </script><b>Nusantara</b>' };

async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(base + route, { method, headers: { cookie, origin: base, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${json.message}`);
  return json.data;
}

const html = async (path: string) => (await fetch(base + path)).text();
const meta = (page: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(page)?.[1];
const canonicalOf = (page: string) => /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1];

/** Every JSON-LD object of a page (arrays and @graph flattened); a script that is not JSON fails. */
function jsonLdOf(page: string): Array<Record<string, unknown>> {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const value = JSON.parse(match[1]!) as Record<string, unknown> | Array<Record<string, unknown>>;
    return Array.isArray(value) ? value : ((value['@graph'] as Array<Record<string, unknown>> | undefined) ?? [value]);
  });
}

type JsonLd = Record<string, unknown>;
const checkAbsolute = (value: unknown, where: string) => expect(String(value), where).toMatch(/^https?:\/\//);

/** The properties search engines need of each type, as absolute addresses where they are links. */
const schemaChecks: Record<string, (item: JsonLd, where: string) => void> = {
  Organization(item, where) {
    expect(item.name, where).toBeTruthy();
    checkAbsolute(item.url, where);
    checkAbsolute(item.logo, where);
    expect(Array.isArray(item.sameAs) ? item.sameAs : [], where).not.toHaveLength(0);
    for (const profile of item.sameAs as string[]) checkAbsolute(profile, where);
  },
  Article(item, where) {
    expect(item.headline, where).toBeTruthy();
    expect((item.author as { name?: string }).name, where).toBeTruthy();
    expect(Number.isNaN(Date.parse(String(item.datePublished))), where).toBe(false);
    expect(Number.isNaN(Date.parse(String(item.dateModified))), where).toBe(false);
    const images = item.image as string[];
    expect(images.length, where).toBeGreaterThan(0);
    for (const image of images) checkAbsolute(image, where);
    checkAbsolute((item.publisher as { logo: { url: string } }).logo.url, where);
  },
  Event(item, where) {
    expect(item.name, where).toBeTruthy();
    // A time with its offset, so a calendar shows the hour people meet there.
    expect(String(item.startDate), where).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    // The seeded events say when they end, which search engines recommend.
    expect(String(item.endDate), where).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    expect(Date.parse(String(item.endDate)), where).toBeGreaterThan(Date.parse(String(item.startDate)));
    const location = item.location as { '@type': string; name: string; address: string };
    expect(location['@type'], where).toBe('Place');
    expect(location.name, where).toBeTruthy();
    expect(location.address, where).toBeTruthy();
    checkAbsolute((item.organizer as { url: string }).url, where);
    for (const image of item.image as string[]) checkAbsolute(image, where);
  },
  BreadcrumbList(item, where) {
    const items = item.itemListElement as Array<{ position: number; name: string; item: string }>;
    expect(items.length, where).toBeGreaterThanOrEqual(2);
    items.forEach((crumb, index) => {
      expect(crumb.position, where).toBe(index + 1);
      expect(crumb.name, where).toBeTruthy();
      checkAbsolute(crumb.item, where);
    });
  },
};

/** An item of a known type, with what search engines need of that type; another type fails. */
function checkSchema(item: JsonLd, where: string) {
  expect(item['@context'], where).toBe('https://schema.org');
  const type = String(item['@type']);
  expect(Object.keys(schemaChecks), `${where}: JSON-LD type`).toContain(type);
  schemaChecks[type]!(item, where);
}

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 390, height: 844 } });
  cookie = await adminCookie(base, adminPassword);
});
afterAll(() => browser?.close());

describe('JSON-LD', () => {
  it('gives each main page the types it needs, each with its required properties', async () => {
    const found: Record<string, string[]> = {};
    for (const path of MAIN_PAGES) {
      const items = jsonLdOf(await html(path));
      for (const item of items) checkSchema(item, path);
      found[path] = items.map((item) => String(item['@type']));
    }
    console.log('JSON-LD types found:', JSON.stringify(found));
    expect(found['/']).toEqual(['Organization']);
    expect(found['/vision/ekonomi-sirkular-dimulai-dari-rumah']).toEqual(['Article', 'BreadcrumbList']);
    expect(found['/bio-core/apa-itu-biocore']).toEqual(['Article', 'BreadcrumbList']);
    expect(found['/our-work/pengelolaan-sampah/bank-sampah-desa-sukamaju']).toEqual(['BreadcrumbList']);
    expect(found['/agenda/bersih-sungai-cikapundung']).toEqual(['Event', 'BreadcrumbList']);
    expect(found['/en/agenda/cikapundung-river-clean-up']).toEqual(['Event', 'BreadcrumbList']);
    expect(found['/en']).toEqual(['Organization']);
    expect(found['/en/vision/a-circular-economy-starts-at-home']).toEqual(['Article', 'BreadcrumbList']);
    // Each article says its page's language and its own address in that language.
    for (const [path, language] of [
      ['/vision/ekonomi-sirkular-dimulai-dari-rumah', 'id'],
      ['/en/vision/a-circular-economy-starts-at-home', 'en'],
    ] as const) {
      const article = jsonLdOf(await html(path)).find((item) => item['@type'] === 'Article')!;
      expect(article.inLanguage, path).toBe(language);
      expect(new URL(String(article.mainEntityOfPage)).pathname, path).toBe(path);
    }
  });

  it('is replaced by an SEO record\'s own, which cannot close its script', async () => {
    const home = (await api<Array<{ _id: string; page: string }>>('GET', '/api/seo')).find((record) => record.page === 'home')!;
    await api('PUT', `/api/seo/${home._id}`, { structuredData: JSON.stringify(OWN_JSON_LD) });
    let page = '';
    await expect
      .poll(async () => (page = await html('/')).includes('"NGO"'), { timeout: 150_000, interval: 250 })
      .toBe(true);
    expect(jsonLdOf(page)).toEqual([OWN_JSON_LD]);
    expect(page).not.toContain('</script><b>');
    await api('PUT', `/api/seo/${home._id}`, { structuredData: '' });
  }, 180_000);
});

describe('link previews', () => {
  it('are a 1200x630 JPEG on every page, with its size, its alt text and the site\'s name', async () => {
    for (const path of [...MAIN_PAGES, '/our-impact', '/tidak-ada']) {
      const page = await html(path);
      const image = meta(page, 'og:image');
      expect(image, path).toMatch(/^https?:\/\/.+\.(jpe?g|png)$/);
      const bytes = Buffer.from(await (await fetch(base + new URL(image!).pathname)).arrayBuffer());
      const { format, width, height } = await sharp(bytes).metadata();
      expect([format, width, height], path).toEqual(['jpeg', 1200, 630]);
      expect([meta(page, 'og:image:width'), meta(page, 'og:image:height')], path).toEqual(['1200', '630']);
      expect(meta(page, 'og:image:alt'), path).toBeTruthy();
      expect(meta(page, 'og:site_name'), path).toBe('Resik Nusantara');
    }
  });
});

describe('pages that are not there', () => {
  it('answer 404, and the not-found page is never indexed and names no canonical address', async () => {
    expect((await fetch(`${base}/tidak-ada-halaman`)).status).toBe(404);
    expect((await fetch(`${base}/vision/tidak-ada`)).status).toBe(404);
    for (const path of ['/404', '/tidak-ada-halaman']) {
      const page = await html(path);
      expect(meta(page, 'robots'), path).toMatch(/noindex/);
      expect(canonicalOf(page), path).toBeUndefined();
      expect(meta(page, 'og:url'), path).toBeUndefined();
    }
    expect(await (await fetch(`${base}/sitemap.xml`)).text()).not.toContain('/404');
  });
});

describe('a work in two categories', () => {
  it('has one canonical address, the only one in the sitemap', async () => {
    const paths = ['/our-work/energi-terbarukan/biogas-untuk-pasar-tradisional', '/our-work/pengelolaan-sampah/biogas-untuk-pasar-tradisional'];
    const canonicals = await Promise.all(paths.map(async (path) => canonicalOf(await html(path))));
    expect(canonicals).toEqual([new URL(paths[0]!, canonicals[0]).href, new URL(paths[0]!, canonicals[0]).href]);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(sitemap.match(/<loc>[^<]*biogas-untuk-pasar-tradisional<\/loc>/g)).toHaveLength(1);
    expect(sitemap).toContain(canonicals[0]);
    // Its other address names the canonical one as its Indonesian version too, never itself.
    const duplicate = await html(paths[1]!);
    const alternates = Object.fromEntries([...duplicate.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang, href]));
    expect(alternates.id).toBe(canonicals[0]);
    expect(alternates['x-default']).toBe(canonicals[0]);
  });
});

describe('language', () => {
  it('is the page\'s: an English page is lang="en", an Indonesian one lang="id", and so are their feeds', async () => {
    expect(await html('/en/vision/a-circular-economy-starts-at-home')).toMatch(/<html lang="en"/);
    expect(await html('/bio-core/apa-itu-biocore')).toMatch(/<html lang="id"/);
    expect(await (await fetch(`${base}/vision/rss.xml`)).text()).toContain('<language>id</language>');
    expect(await (await fetch(`${base}/en/vision/rss.xml`)).text()).toContain('<language>en</language>');
    expect(await (await fetch(`${base}/bio-core/rss.xml`)).text()).toContain('<language>id</language>');
  });

  it('is chosen in the admin form of an article', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${base}/admin`);
    await page.goto(`${base}/admin/vision`);
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    const language = page.getByLabel('Bahasa');
    expect(await language.inputValue()).toBe('id');
    expect(await language.locator('option').allInnerTexts()).toEqual(['Indonesia', 'English']);
    await page.close();
  });
});

describe('feeds', () => {
  it.each(['/vision/rss.xml', '/bio-core/rss.xml', '/en/vision/rss.xml', '/en/bio-core/rss.xml'])('%s names its own address with atom:link rel="self"', async (path) => {
    const feed = await (await fetch(base + path)).text();
    expect(feed).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(/<atom:link href="([^"]+)" rel="self" type="application\/rss\+xml"\/>/.exec(feed)?.[1]).toMatch(new RegExp(`^https?://[^/]+${path.replace(/\./g, '\\.')}$`));
  });
});

describe('the footer', () => {
  it('has no link that goes nowhere', async () => {
    const page = await html('/');
    const footer = page.slice(page.indexOf('<footer'));
    expect(footer).not.toContain('href="#"');
    expect(footer).not.toContain('aria-disabled');
  });
});

describe('the hero', () => {
  it('keeps its white text readable on a white slide before its photo arrives', async () => {
    const slides = await api<Array<{ _id: string }>>('GET', '/api/hero-section');
    const page = await browser.newPage();
    // No pictures at all: what the text sits on is the slide's own colour.
    await page.route(/\.(webp|jpe?g|png|svg)(\?|$)/, (route) => route.abort());
    await page.goto(`${base}/`);
    expect(slides.length).toBeGreaterThan(0);
    const results = await axeCheck(page).include('.hero').withRules(['color-contrast']).analyze();
    expect(results.violations).toEqual([]);
    // What contrast checkers read: the slide's own solid colour behind the text.
    const [r, g, b] = (await page.locator('.hero-slide.is-active').evaluate((slide) => getComputedStyle(slide).backgroundColor)).match(/\d+/g)!.map(Number) as [number, number, number];
    const linear = (channel: number) => (channel / 255 <= 0.03928 ? channel / 255 / 12.92 : ((channel / 255 + 0.055) / 1.055) ** 2.4);
    expect(1.05 / (0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b) + 0.05)).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });
});
