/** The built site served by the worker, in Debian's chromium, as a visitor uses it. */
import { ADMIN_STORAGE } from '@cms/worker/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, rebuildSiteOnSave } from '../../e2e/product.ts';
import { untilSiteBuildsEnd } from '../../e2e/wait.ts';
import { adminCookie, openBrowser, readingTab } from '../../e2e/browser.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

let browser: BrowserContext;
beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  await untilSiteBuildsEnd(base, await adminCookie(base, adminPassword));
}, 300_000);
afterAll(() => browser?.close());

/** A page in a tab of its own, for a test that routes its requests. */
async function visit(path: string) {
  const page = await browser.newPage();
  const response = await page.goto(base + path);
  return { page, response };
}

/** A page in the context's reading tab (e2e/browser.ts), left open for the next test. */
async function read(path: string) {
  const page = await readingTab(browser);
  const response = await page.goto(base + path);
  return { page, response };
}

describe('pages show the seeded content', () => {
  it.each([
    ['/', ['Mengubah Sampah Menjadi Berharga', 'Ekonomi Sirkular Dimulai dari Rumah', 'Bank Sampah Desa Sukamaju', 'Mitra Kami', 'Dinas Lingkungan Hidup']],
    ['/about-us', ['Kisah Kami', 'Inovasi', 'Kolaborasi', 'Andi Pratama', 'Ekonomi Sirkular Dimulai dari Rumah']],
    ['/vision', ['Ekonomi Sirkular Dimulai dari Rumah', 'Energi dari Apa yang Kita Buang', '4 menit baca']],
    ['/vision/energi-dari-apa-yang-kita-buang', ['Energi dari Apa yang Kita Buang', 'Dr. Sari Wulandari', 'Kembali ke Visi']],
    ['/our-work', ['Bank Sampah Desa Sukamaju', 'Biogas untuk Pasar Tradisional', 'Sekolah Hijau']],
    ['/our-work/edukasi/sekolah-hijau', ['Sekolah Hijau', 'Program sekolah hijau', '2020 - 2024']],
    ['/our-impact', ['Dampak Kami pada 2025', 'Setahun sungai yang lebih bersih dan pekerjaan yang lebih hijau']],
    ['/our-impact/dampak-kami-pada-2025', ['Dampak Kami pada 2025', 'Dibuat', 'Diperbarui']],
    ['/bio-core', ['Dampak & BioCore', 'Sejak 2014, program kami telah menjangkau 332 penerima manfaat', 'Bekerja sama dengan', 'Apa Itu BioCore?', 'BioCore di Pasar Induk']],
    ['/bio-core/apa-itu-biocore', ['Apa Itu BioCore?', 'Oleh Tim BioCore', 'Fitur Utama', 'Modular', 'Hemat Energi']],
    ['/en', ['Turning Waste into Worth', 'A Circular Economy Starts at Home', 'Sukamaju Village Waste Bank', 'Our Partners']],
    ['/en/vision/energy-from-what-we-throw-away', ['Energy from What We Throw Away', 'Dr. Sari Wulandari', 'Back to Vision', '6 min read']],
    ['/en/bio-core', ['Impact & BioCore', 'In collaboration with', 'What Is BioCore?', 'A Guide to Sorting Organic Waste']],
  ])('%s', async (path, texts) => {
    const { page, response } = await read(path);
    expect(response?.status()).toBe(200);
    const body = await page.locator('body').innerText();
    for (const text of texts) expect(body).toContain(text);
  });

  it('keeps drafts and inactive records out of the site', async () => {
    const { page } = await read('/our-work');
    expect(await page.locator('body').innerText()).not.toContain('Pemetaan Aliran Sampah Kota');
    expect((await read('/vision/draft-plastic-policy-outlook')).response?.status()).toBe(404);
    expect((await read('/bio-core/draf-biocore-generasi-kedua')).response?.status()).toBe(404);
  });

  it('lists the header categories and dates in Indonesian', async () => {
    const { page } = await read('/vision');
    // Other files on this product may have added categories: the seeded ones keep their order after "Semua".
    const seeded = ['Pengelolaan Sampah', 'Energi Terbarukan', 'Edukasi'];
    await expect.poll(async () => {
      const [first, ...rest] = await page.locator('.dropdown li').allTextContents();
      return [first, ...rest.filter((name) => seeded.includes(name))];
    }).toEqual(['Semua', ...seeded]);
    expect(await page.locator('time').first().innerText()).toMatch(/^\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}$/);
  });
});

describe('navigation', () => {
  it('moves between categories and reaches a work under each of its categories', async () => {
    const { page } = await read('/our-work');
    await page.getByRole('navigation', { name: 'Kategori' }).getByRole('link', { name: 'Energi Terbarukan' }).click();
    await page.waitForURL(`${base}/our-work/energi-terbarukan`);
    const titles = await page.locator('.card h3').allInnerTexts();
    expect(titles).toEqual(['Biogas untuk Pasar Tradisional']);
    await page.getByRole('link', { name: /Lihat proyek/ }).click();
    await page.waitForURL(`${base}/our-work/energi-terbarukan/biogas-untuk-pasar-tradisional`);
    expect((await read('/our-work/pengelolaan-sampah/biogas-untuk-pasar-tradisional')).response?.status()).toBe(200);
  });

  it('redirects /work and /work/* to /our-work', async () => {
    const { page } = await read('/work');
    expect(page.url()).toBe(`${base}/our-work`);
    await page.goto(`${base}/work/education`);
    expect(page.url()).toBe(`${base}/our-work/education`);
  });

  it('answers unknown paths with the 404 page echoing the path, with its links', async () => {
    const { page, response } = await read('/tidak/ada-di-sini');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('#requested-path').innerText()).toBe('/tidak/ada-di-sini');
    expect(await page.locator('h1').innerText()).toBe('Halaman Tidak Ditemukan');
    for (const name of ['Beranda', 'Tentang Kami', 'Karya Kami', 'Visi', 'BioCore']) await expect.poll(() => page.locator('.link-tiles').getByRole('link', { name, exact: true }).count()).toBe(1);
    expect(await page.locator('.help-tile').innerText()).toContain('Butuh Bantuan?');
    await page.goto(`${base}/bio-core/tidak-ada`);
    expect(await page.locator('h1').innerText()).toBe('Artikel tidak ditemukan');
    expect(await page.locator('#not-found-detail').innerText()).toBe('Artikel yang Anda cari tidak dapat ditemukan atau telah dihapus.');
  });
});

describe('BioCore list', () => {
  it('filters articles by search text and by tag, with an empty message', async () => {
    const { page } = await read('/bio-core');
    const cards = page.locator('.biocore-browser .card h3');
    // The seeded articles; a file that ran earlier on this product may have published more.
    await expect.poll(() => cards.allInnerTexts()).toEqual(expect.arrayContaining(['Apa Itu BioCore?', 'Panduan Memilah Sampah Organik', 'BioCore di Pasar Induk']));
    await page.getByPlaceholder('Cari artikel...').fill('induk');
    await expect.poll(() => cards.allInnerTexts()).toEqual(['BioCore di Pasar Induk']);
    await page.getByPlaceholder('Cari artikel...').fill('');
    await page.getByRole('group', { name: 'Saring menurut tag' }).getByRole('button', { name: 'edukasi' }).click();
    await expect.poll(() => cards.allInnerTexts()).toEqual(['Panduan Memilah Sampah Organik']);
    await page.getByPlaceholder('Cari artikel...').fill('tidak ada yang cocok');
    await expect.poll(() => page.locator('.biocore-browser').innerText()).toContain('Tidak ada artikel ditemukan');
    // At most two tags per card.
    await page.getByRole('button', { name: 'Semua' }).click();
    await page.getByPlaceholder('Cari artikel...').fill('');
    for (const count of await page.locator('.biocore-browser .card').evaluateAll((els) => els.map((el) => el.querySelectorAll('.tags li').length))) expect(count).toBeLessThanOrEqual(2);
    expect(await page.locator('.featured h3').allInnerTexts()).toHaveLength(2);
  });
});

describe('hero carousel', () => {
  it('advances every 8 s, wraps round, ignores controls during the 500 ms lock, and pauses on hover', async () => {
    // A clock belongs to the whole browser context: this one gets its own, so other pages keep real time.
    const context = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Time stands still between the steps: a slow click must not outlast the lock by itself.
    await page.clock.install({ time: new Date('2026-11-22T07:59:00Z') });
    await page.clock.pauseAt(new Date('2026-11-22T08:00:00Z'));
    await page.goto(`${base}/`);
    const active = () => page.locator('.hero-slide.is-active h1, .hero-slide.is-active h2').innerText();
    // The island hydrates once the page is idle, which the paused clock must let happen; the
    // carousel's timers start then (Astro drops `ssr`).
    await page.clock.runFor(1_000);
    await page.waitForSelector('astro-island:not([ssr]) .hero-dots button');
    await page.mouse.move(5, 890);
    expect(await active()).toBe('Mengubah Sampah Menjadi Berharga');
    await page.clock.runFor(7_900);
    expect(await active()).toBe('Mengubah Sampah Menjadi Berharga');
    await page.clock.runFor(200);
    await expect.poll(active).toBe('BioCore: Energi dari Sampah Organik');
    // A click during the lock that follows any change is ignored; after it, accepted.
    await page.getByRole('button', { name: 'Slide berikutnya' }).click();
    expect(await active()).toBe('BioCore: Energi dari Sampah Organik');
    await page.clock.runFor(600);
    await page.getByRole('button', { name: 'Slide berikutnya' }).click();
    await expect.poll(active).toBe('Belajar Bersama');
    await page.getByRole('button', { name: 'Slide berikutnya' }).click();
    expect(await active()).toBe('Belajar Bersama');
    await page.clock.runFor(600);
    await page.getByRole('button', { name: 'Ke slide 1: Mengubah Sampah Menjadi Berharga' }).click();
    await expect.poll(active).toBe('Mengubah Sampah Menjadi Berharga');
    await page.clock.runFor(600);
    await page.getByRole('button', { name: 'Slide sebelumnya' }).click();
    await expect.poll(active).toBe('Belajar Bersama');
    // Wraps round from the last slide, and holds still while hovered.
    await page.mouse.move(5, 890);
    await page.clock.runFor(8_100);
    await expect.poll(active).toBe('Mengubah Sampah Menjadi Berharga');
    await page.hover('.hero');
    await page.clock.runFor(20_000);
    expect(await active()).toBe('Mengubah Sampah Menjadi Berharga');
    expect(await page.locator('.hero-progress span').getAttribute('style')).toContain('33.3');
    await context.close();
  });
});

describe('newsletter', () => {
  const submit = async (page: Page, email: string) => {
    await page.locator('#newsletter-email').scrollIntoViewIfNeeded();
    // The form hydrates when it becomes visible; Astro drops `ssr` once it has.
    await page.locator('astro-island:has(.newsletter-form):not([ssr])').waitFor();
    await page.locator('#newsletter-email').fill(email);
    await page.getByRole('button', { name: 'Berlangganan' }).click();
  };

  it('thanks a new subscriber, and thanks again while the address waits for confirmation', async () => {
    const { page } = await read('/');
    const email = `pembaca-${Date.now()}@example.com`;
    await submit(page, email);
    await expect.poll(() => page.locator('.form-message').innerText()).toContain('Terima kasih telah berlangganan! Silakan periksa email Anda.');
    // Pending until the emailed link is opened (newsletter.e2e.ts covers the duplicate message).
    await submit(page, email);
    await expect.poll(() => page.locator('.form-message').innerText()).toContain('Terima kasih telah berlangganan! Silakan periksa email Anda.');
  });

  it("shows 'Mendaftarkan...' while sending, then the failure and network messages", async () => {
    const { page } = await visit('/');
    // Made before the request: the button may show its sending state before the route sees the request.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/subscribe', async (route) => {
      await released;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' });
    });
    await submit(page, 'lambat@example.com');
    await expect.poll(() => page.locator('.newsletter-form button').innerText()).toBe('Mendaftarkan...');
    release();
    await expect.poll(() => page.locator('.form-message').innerText()).toBe('Terjadi kesalahan. Silakan coba lagi.');
    await page.unroute('**/api/subscribe');
    await page.route('**/api/subscribe', (route) => route.abort('internetdisconnected'));
    await submit(page, 'putus@example.com');
    await expect.poll(() => page.locator('.form-message').innerText()).toBe('Gangguan jaringan. Silakan coba lagi.');
    await page.close();
  });
});

describe('browser-side details', () => {
  it("shows the 'Panel Admin' link only with the admin marker stored", async () => {
    const { page } = await read('/');
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('link', { name: 'Panel Admin' }).count()).toBe(0);
    await page.setViewportSize({ width: 400, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Navigasi seluler' }).getByRole('link', { name: 'Dampak Kami' }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate((key) => localStorage.setItem(key, 'true'), ADMIN_STORAGE.marker);
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: 'Panel Admin' }).count()).toBe(1);
    await page.evaluate((key) => localStorage.removeItem(key), ADMIN_STORAGE.marker);
  });

  it('retries a failing image twice, then shows the branded placeholder', async () => {
    const article = `${base}/vision/energi-dari-apa-yang-kita-buang`;
    // The file the article's picture loads, whatever it is now (another file may have put a photo there).
    const context = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    await first.goto(article);
    await expect.poll(() => first.locator('article img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const picture = new URL(await first.locator('article img').first().evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    await context.close();

    // A context of its own: no image cached by the page visited above.
    const failing = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const page = await failing.newPage();
    let requests = 0;
    await page.route((url) => url.pathname === picture, (route) => {
      requests++;
      return route.fulfill({ status: 500, body: '' });
    });
    await page.goto(article);
    const image = page.locator('article img').first();
    await expect.poll(() => image.getAttribute('src'), { timeout: 15_000 }).toMatch(/^data:image\/svg\+xml/);
    expect(requests).toBe(3);
    await failing.close();
  });

  it('loads no JavaScript file on a page without islands until its search box is used, and keeps the inline script small', async () => {
    const { page } = await read('/vision/energi-dari-apa-yang-kita-buang');
    const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((el) => el.getAttribute('src')));
    // The header's search box is the one island, hydrated on first focus.
    expect(await page.locator('astro-island').count()).toBe(1);
    expect(await page.locator('astro-island').getAttribute('client')).toBe('focus');
    expect(scripts).toEqual([]);
    // The image fallback, the menu toggle, the admin-link check and Astro's island loader, inline (JSON-LD is data, not script).
    const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').evaluateAll((els) => els.reduce((n, el) => n + (el.textContent?.length ?? 0), 0));
    expect(inline).toBeLessThan(7_000);
  });
});

describe('content changes reach the site', () => {
  it('rebuilds after a save in the API and serves the changed page', { timeout: 120_000 }, async () => {
    const origin = { origin: base, 'content-type': 'application/json' };
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: origin, body: JSON.stringify({ username: 'admin', password: adminPassword }) });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const list = (await (await fetch(`${base}/api/vision?published=true`)).json()) as { data: { _id: string; slug: string }[] };
    const target = list.data.find((v) => v.slug === 'energi-dari-apa-yang-kita-buang')!;
    const title = `Energi Baru ${Date.now()}`;
    const saved = await fetch(`${base}/api/vision/${target._id}`, { method: 'PUT', headers: { ...origin, cookie }, body: JSON.stringify({ title }) });
    expect(saved.status).toBe(200);
    const started = Date.now();
    const page = await readingTab(browser);
    await expect
      .poll(
        async () => {
          await page.goto(`${base}/vision/energi-dari-apa-yang-kita-buang`);
          return page.locator('h1').innerText();
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(title);
    console.log(`saved change served after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
