/**
 * Every picture on the main pages is sharp on a 2x screen: with a phone photo in every image slot
 * (banner, cards, article tops, BioCore features, impact photos and logos, partners, team,
 * history), each <img> at 390 and 1280 px is drawn from a file at least twice its rendered
 * width, unless the original itself is smaller.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, oneSiteBuildFor, rebuildSiteOnSave } from '../../e2e/product.ts';
import { until, untilSiteBuildsEnd } from '../../e2e/wait.ts';
import { adminCookie, openBrowser, readingTab } from '../../e2e/browser.ts';
import { plainPhoto } from '../../e2e/photos.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

let cookie = '';
// Wide enough for every slot at 2x but the 1280 px banner (2560 px), which then gets the original's width.
const ORIGINAL_WIDTH = 1600;
const MAIN_PAGES = ['/', '/our-work', '/our-work/pengelolaan-sampah/bank-sampah-desa-sukamaju', '/vision', '/vision/ekonomi-sirkular-dimulai-dari-rumah', '/bio-core', '/bio-core/apa-itu-biocore', '/about-us'];

async function api<T>(method: string, route: string, body?: FormData | object): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  const response = await fetch(base + route, { method, headers: { cookie, origin: base, ...(json ? { 'content-type': 'application/json' } : {}) }, body: json ? JSON.stringify(body) : body });
  const answer = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${answer.message}`);
  return answer.data;
}

// Only the sizes matter here: some thirty photos in every slot make about 190 image files.
const photo = async (name: string) => new File([new Uint8Array(await plainPhoto(ORIGINAL_WIDTH, 1200))], `${name}.jpg`, { type: 'image/jpeg' });
/** A photo in the file store, for the pictures of list items (features, collaborations, photos). */
const stored = async (name: string) => {
  const form = new FormData();
  form.append('file', await photo(name));
  return (await api<{ path: string }>('POST', '/api/files/upload', form)).path;
};

beforeAll(async () => {
  cookie = await adminCookie(base, adminPassword);
  // Some thirty saves, one site build.
  await oneSiteBuildFor(async () => {
    const fields = { 'hero-section': 'backgroundImage', 'our-work': 'image', vision: 'image', 'bio-core': 'featuredImage', partner: 'logo', team: 'image', history: 'image' } as const;
    for (const [collection, field] of Object.entries(fields)) {
      for (const record of await api<Array<{ _id: string }>>('GET', `/api/${collection}`)) {
        const form = new FormData();
        form.append(field, await photo(`${collection}-${record._id}`));
        await api('PUT', `/api/${collection}/${record._id}`, form);
      }
    }
    for (const article of await api<Array<{ _id: string; features: object[] }>>('GET', '/api/bio-core')) {
      if (article.features.length) await api('PUT', `/api/bio-core/${article._id}`, { features: await Promise.all(article.features.map(async (feature, i) => ({ ...feature, image: await stored(`feature-${i}`) }))) });
    }
    for (const impact of await api<Array<{ _id: string; collaborations: object[] }>>('GET', '/api/impact')) {
      await api('PUT', `/api/impact/${impact._id}`, {
        collaborations: await Promise.all(impact.collaborations.map(async (collaboration, i) => ({ ...collaboration, image: await stored(`collaboration-${i}`) }))),
        photos: await Promise.all(['Pemilahan', 'Kompos', 'Biogas'].map(async (caption) => ({ caption, image: await stored(caption) }))),
      });
    }
  });
  // The build shows the last save (the impact photos), so it holds them all.
  await until('the impact photos to be built', async () => (await (await fetch(`${base}/bio-core`)).text()).includes('Foto: Pemilahan'), 540_000);
  await untilSiteBuildsEnd(base, cookie);
}, 840_000);

describe.each([390, 1280])('pictures at %i px on a 2x screen', (width) => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width, height: 900 }, deviceScaleFactor: 2 });
  });
  afterAll(() => browser?.close());

  it.each(MAIN_PAGES)('%s: every picture comes from a file at least twice its drawn width', async (path) => {
    const page = await readingTab(browser);
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // Scrolled through, so the lazy pictures load as a reader would see them.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState('networkidle');
    const pictures = await page.locator('img').evaluateAll((images) =>
      Promise.all(
        (images as HTMLImageElement[])
          .filter((img) => img.clientWidth > 0 && img.currentSrc && !img.currentSrc.endsWith('.svg'))
          .map(async (img) => {
            // naturalWidth of a srcset image is in CSS pixels: the file's own width is read from a copy.
            const file = new Image();
            file.src = img.currentSrc;
            await file.decode();
            return { src: new URL(img.currentSrc).pathname, fileWidth: file.naturalWidth, drawnWidth: img.clientWidth };
          }),
      ),
    );
    expect(pictures.length, path).toBeGreaterThan(0);
    const blurry = pictures.filter((picture) => picture.fileWidth < Math.min(2 * picture.drawnWidth, ORIGINAL_WIDTH));
    expect(blurry, path).toEqual([]);
  });
});
