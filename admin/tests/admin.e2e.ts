/** The back-office served by the worker, in Debian's chromium, as staff use it: signing in and out, the dashboard, accessibility, the way to the public site. */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeCheck } from '../../e2e/axe.ts';
import { openBrowser } from '../../e2e/browser.ts';
import { base, adminPassword as password, rebuildSiteOnSave } from '../../e2e/product.ts';
import { login, PNG, staffPage } from './staff-page.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

const staff = staffPage({ signedIn: false });
let browser: BrowserContext;
let page: Page;
beforeAll(() => ({ browser, page } = staff));

/** The browser's session cookie, for checking what the API holds. */
const sessionCookie = async () => (await browser.cookies(base)).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

describe('login and session', () => {
  it('redirects to /login without a session', async () => {
    const fresh = await browser.newPage();
    await fresh.goto(`${base}/admin/vision`);
    await fresh.waitForURL(`${base}/login`);
    expect(fresh.url()).toBe(`${base}/login`);
    await fresh.close();
  });

  it('loads the login page without the tables, the definitions or the editor', async () => {
    const fresh = await browser.newPage();
    const scripts: string[] = [];
    fresh.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await fresh.goto(`${base}/login`);
    await fresh.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    // By what the code says, not by chunk names: a text of the definitions, of the list screens, of tiptap.
    const loaded = (await Promise.all(scripts.map(async (script) => (await fetch(base + script)).text()))).join('\n');
    for (const marker of ['At least one valid statistic is required', 'Apakah Anda yakin ingin menghapus data ini?', 'ProseMirror']) expect(loaded).not.toContain(marker);
    await fresh.close();
  });

  it('clears a stored session the rules reject (no id, or refused by the server) and redirects to /login', async () => {
    for (const user of [{ username: 'admin' }, { id: 'u-1', username: 'admin' }]) {
      // A context of its own: no session cookie, whatever the stored entries claim.
      const context = await openBrowser();
      const fresh = await context.newPage();
      await fresh.goto(`${base}/login`);
      await fresh.evaluate((stored) => {
        localStorage.setItem('adminUser', JSON.stringify(stored));
        localStorage.setItem('adminAuthenticated', 'true');
      }, user);
      await fresh.goto(`${base}/admin/vision`);
      await fresh.waitForURL(`${base}/login`);
      expect(await fresh.evaluate(() => Object.keys(localStorage))).toEqual([]);
      await context.close();
    }
  });

  it("shows the server's message for wrong credentials, and the network message when the server is unreachable", async () => {
    const fresh = await browser.newPage();
    await login(fresh, 'admin', 'salah-sekali');
    await expect.poll(() => fresh.getByRole('alert').innerText()).toBe('Username atau password salah.');
    await fresh.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
    await fresh.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => fresh.getByRole('alert').innerText()).toBe('Terjadi kesalahan jaringan');
    await fresh.close();
  });

  it('signs in, stores the two entries, and shows live dashboard figures', async () => {
    await login(page);
    await page.waitForURL(`${base}/admin`);
    await expect.poll(() => page.locator('.welcome').innerText()).toContain('Selamat datang, admin');
    const stored = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(stored).toEqual(['adminAuthenticated', 'adminUser']);
    await expect.poll(() => page.locator('.stat-cards').innerText()).toMatch(/Konten/);
    expect(await page.locator('.stat-cards').innerText()).not.toContain('15420');
    await page.goto(`${base}/admin/no-such-screen`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Dashboard');
  });
});

describe('dashboard and collaborate', () => {
  // How the dashboard follows a build to its end is Dashboard.test.tsx's; builds themselves, site.e2e.ts's.
  it('asks for a site rebuild from the dashboard and shows the build it recorded', async () => {
    await page.goto(`${base}/admin`);
    await page.getByRole('button', { name: 'Rebuild sekarang' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Rebuild diminta. Situs diperbarui dalam beberapa detik.');
    // Saves just before may have queued a build that this request joins.
    await expect.poll(() => page.locator('.build-status').innerText()).toMatch(/^(Menunggu|Diminta|Sedang dibangun|Berhasil) · /);
    await page.getByRole('link', { name: 'Tulis Vision' }).click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Manage Vision');
  });

  it('shows the system status, and a load failure with "Coba lagi"', async () => {
    await page.goto(`${base}/admin`);
    await expect.poll(() => page.locator('.system-status').innerText()).toMatch(/Database \(D1\): Berjalan\s+Penyimpanan file \(R2\): Berjalan\s+Rebuild situs otomatis: Berjalan/);
    await page.route('**/api/dashboard', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"data":null,"code":"SERVER_ERROR","message":"x"}' }));
    await page.reload();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Gagal memuat dashboard.');
    await page.unroute('**/api/dashboard');
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await expect.poll(() => page.locator('.system-status').count()).toBe(1);
  });

  it('saves the Collaborate title as a setting', async () => {
    const title = `Mari Berkolaborasi ${Date.now() % 100000}`;
    await page.goto(`${base}/admin/collaborate`);
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Data berhasil diperbarui!');
    await page.reload();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(title);
  });
});

describe('accessibility', () => {
  it.each([
    ['dashboard', '', 'form'],
    ['vision form', 'vision', 'form'],
    ['our work form', 'our-work', 'form'],
    ['gallery list, its status toggles', 'about/gallery', 'list'],
    ['file manager', 'file-manager', 'form'],
    ['subscribers', 'subscribe', 'form'],
    ['users', 'users/list', 'form'],
  ])('%s has no serious or critical axe violations', async (_name, route, view) => {
    await page.goto(`${base}/admin/${route}`);
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    await page.waitForLoadState('networkidle');
    // A screen with an add form is checked with it open, unless its list is what is checked.
    const add = page.getByRole('button', { name: /^\+ Tambah/ });
    if (view === 'form' && (await add.count())) await add.click();
    if (view === 'list') await page.locator('tbody tr button').first().waitFor();
    const results = await axeCheck(page).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('signs in with the keyboard alone', async () => {
    const fresh = await browser.newPage();
    await fresh.goto(`${base}/login`);
    await fresh.getByLabel('Username').focus();
    await fresh.keyboard.type('admin');
    await fresh.keyboard.press('Tab');
    await fresh.keyboard.type(password);
    await fresh.keyboard.press('Enter');
    await fresh.waitForURL(`${base}/admin`);
    expect(fresh.url()).toBe(`${base}/admin`);
    await fresh.close();
  });
});

describe('admin to public site', () => {
  it('publishes a vision with a rich-text body and an uploaded image on the rebuilt public page', { timeout: 120_000 }, async () => {
    const title = `Visi Publik ${Date.now() % 100000}`;
    const slug = title.toLowerCase().replace(/\s+/g, '-');
    await page.goto(`${base}/admin/vision`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Manage Vision');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    await page.locator('#field-title').fill(title);
    await page.locator('#field-shortDescription').fill('Ringkasan visi dari back-office.');
    await page.locator('.ProseMirror#field-content').click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Kalimat tebal dari editor');
    await page.locator('#field-image').setInputFiles({ name: 'visi.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain('Data berhasil ditambahkan!');

    // The site is rebuilt in the background; the page appears once the new build is served.
    const visitor = await browser.newPage();
    await expect
      .poll(
        async () => {
          const response = await visitor.goto(`${base}/vision/${slug}`).catch(() => null);
          return response?.status();
        },
        { timeout: 100_000, interval: 1_000 },
      )
      .toBe(200);
    expect(await visitor.locator('h1').innerText()).toBe(title);
    expect(await visitor.locator('strong', { hasText: 'Kalimat tebal dari editor' }).count()).toBe(1);
    // The uploaded image is shown as a variant made at build time, described by the record's title.
    const image = visitor.getByRole('img', { name: title }).first();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && new URL(img.currentSrc).pathname.startsWith('/_astro/'))).toBe(true);
    await visitor.close();
  });
});

describe('file manager folders and downloads', () => {
  it('creates a folder in the Buat Folder dialog and offers stored files for download', async () => {
    await page.goto(`${base}/admin/file-manager`);
    await page.getByRole('button', { name: 'Buat Folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buat Folder' });
    expect(await dialog.getByRole('button', { name: 'Buat', exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel('Nama folder').fill('   ');
    expect(await dialog.getByRole('button', { name: 'Buat', exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel('Nama folder').fill(`laporan-${Date.now() % 100000}`);
    await dialog.getByRole('button', { name: 'Buat', exact: true }).click();
    await expect.poll(() => page.locator('.alert').innerText()).toBe('Folder berhasil dibuat!');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const link = page.getByRole('link', { name: 'Download' }).first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/uploads\//);
    expect((await fetch(`${base}${href}`)).status).toBe(200);
  });
});

describe('subscribers', () => {
  it('pages 10 at a time, changes a status and deletes a subscriber', async () => {
    for (let i = 0; i < 8; i++) {
      await fetch(`${base}/api/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `halaman-${i}-${Date.now()}@example.com` }) });
    }
    await page.goto(`${base}/admin/subscribe`);
    await expect.poll(() => page.locator('.pagination span').innerText()).toMatch(/^Page 1 of [2-9]$/);
    const readCards = async () => (await page.locator('.stat-cards li').allInnerTexts()).map((card) => card.replace(/\s+/g, ' ').trim());
    // The three counts load on their own; wait until each shows a number.
    await expect.poll(async () => (await readCards()).every((card) => /^\d+ /.test(card))).toBe(true);
    const cards = await readCards();
    const all = await (await fetch(`${base}/api/subscribe?page=1&limit=1`, { headers: { cookie: await sessionCookie() } })).json() as { pagination: { total: number } };
    expect(cards[0]).toBe(`${all.pagination.total} Total`);
    expect(cards.map((card) => card.replace(/^\d+ /, ''))).toEqual(['Total', 'Active', 'Unsubscribed']);
    // On a phone each count's word stays whole: no card splits "Unsubscribed" over two lines.
    await page.setViewportSize({ width: 390, height: 844 });
    const linesPerLabel = await page.locator('.stat-cards li').evaluateAll((items) =>
      items.map((item) => {
        const label = [...item.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())!;
        const range = document.createRange();
        range.selectNodeContents(label);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(linesPerLabel).toEqual([1, 1, 1]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('searchbox').fill('halaman-3-');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('searchbox').fill('tidak-ada-yang-cocok');
    await expect.poll(() => page.locator('.empty').innerText()).toBe('Tidak ada subscriber yang cocok.');
    await page.getByRole('searchbox').fill('');
    expect(await page.locator('tbody tr').count()).toBe(10);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.locator('.pagination span').innerText()).toMatch(/^Page 2 of /);
    const first = page.locator('tbody tr', { has: page.locator('.badge', { hasText: /^Active$/ }) }).first();
    const email = await first.locator('td[data-label="Email"]').innerText();
    await page.locator('tbody tr', { hasText: email }).getByRole('button', { name: `Unsubscribe ${email}` }).click();
    await expect.poll(() => page.locator('.alert').innerText()).toContain('Status updated successfully!');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('unsubscribed');
    await expect.poll(() => page.locator('tbody').innerText()).toContain(email);
    await page.getByRole('button', { name: `Delete ${email}` }).click();
    await expect.poll(() => page.locator('.alert').innerText()).toContain('Subscriber deleted successfully!');
    await expect.poll(() => page.locator('tbody').innerText()).not.toContain(email);
  });
});

describe('logout', () => {
  it('ends the session on the server and returns to /login', async () => {
    await page.goto(`${base}/admin`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${base}/login`);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);
  });
});
