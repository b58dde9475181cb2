/** The back-office served by the worker, in Debian's chromium, as staff use it. */
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resources, type Field } from '@cms/worker/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { base, adminPassword as password } from '../../e2e/product.ts';
import { openBrowser } from '../../e2e/browser.ts';
import { SCREENS } from '../src/screens/screens.ts';

let browser: BrowserContext;
let page: Page;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function login(target: Page, user = 'admin', secret = password) {
  await target.goto(`${base}/login`);
  await target.getByLabel('Username').fill(user);
  await target.getByLabel('Password', { exact: true }).fill(secret);
  await target.getByRole('button', { name: 'Login' }).click();
}

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1400, height: 900 } });
  browser.setDefaultTimeout(10_000);
  page = await browser.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  // What the page met, printed when a test fails: its API calls, dropped requests and script errors.
  page.on('requestfailed', (request) => events.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => response.url().includes('/api/') && events.push(`${response.status()} ${response.request().method()} ${response.url()}`));
  page.on('pageerror', (error) => events.push(`page error: ${error.message}`));
});
afterAll(() => browser?.close());

const events: string[] = [];

/** The browser's session cookie, for checking what the API holds. */
const sessionCookie = async () => (await browser.cookies(base)).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
beforeEach((context) => {
  events.splice(0);
  context.onTestFailed(() => console.log(`${context.task.name}: what the page met\n  ${events.join('\n  ') || '(nothing)'}`));
});

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

describe('screens', () => {
  /** Opens a screen by its address and checks it shows its title, its seeded rows and their total. */
  async function expectSeededRows(route: string, screen: (typeof SCREENS)[number]) {
    await page.goto(`${base}/admin/${route}`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(screen.title);
    await expect.poll(() => page.locator('.page-header p').innerText()).toMatch(/^Total: [1-9]\d* item$/);
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);
  }

  // Redirects are made from addresses, not titles: redirects.e2e.ts adds, follows and lists them.
  // Subscribers sign up on the site and have no form: the subscribers test below changes and deletes them.
  const editable = (screen: (typeof SCREENS)[number]) => screen.resource !== 'redirect' && !screen.readOnly;

  it.each(SCREENS.filter((s) => !editable(s)).map((s) => [s.route, s] as const))('/admin/%s loads its seeded rows', async (route, screen) => {
    await expectSeededRows(route, screen);
  });

  /** Fills what a definition requires, the way a person would. */
  async function fillRequired(resourceKey: (typeof SCREENS)[number]['resource'], marker: string) {
    const fields = Object.entries(resources[resourceKey].fields) as [string, Field][];
    for (const [name, field] of fields) {
      const input = page.locator(`#field-${name}`);
      if (field.kind === 'file' && field.required) await input.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
      if (!field.required || field.kind === 'slug' || field.kind === 'file') continue;
      // The editor loads on demand; type into it once it has replaced the plain fallback.
      if (field.kind === 'richText') await page.locator(`.ProseMirror#field-${name}`).click().then(() => page.keyboard.type(`Isi ${marker}`));
      else if (field.kind === 'enum') await input.selectOption({ index: 1 });
      else if (field.kind === 'reference') await input.selectOption({ index: 1 });
      else if (field.kind === 'list') {
        // A list that must keep an item starts with an empty one.
        if ((await page.locator('.list-row').count()) === 0) await page.getByRole('button', { name: /^\+ (Tambah|Add) / }).first().click();
        await page.locator('.list-row input').nth(0).fill('10');
        await page.locator('.list-row input').nth(1).fill('Trees');
      } else if (field.kind === 'timestamp') await input.fill('2027-01-15T09:30');
      else if (field.kind === 'password') await input.fill('rahasia-123');
      else if (field.kind === 'text' && field.format === 'email') await input.fill(`${marker.toLowerCase().replace(/\W/g, '')}@example.org`);
      else if (field.kind === 'text' && field.pattern && name === 'name') await input.fill(`${marker.toLowerCase().replace(/[^a-z0-9]/g, '')}.create`);
      else if (field.kind === 'text' && field.pattern) await input.fill(marker.replace(/[^A-Za-z0-9]/g, ''));
      else await input.fill(marker);
    }
  }

  // One visit a screen: the seeded rows it opens with, then a record added, edited and deleted there.
  it.each(SCREENS.filter(editable).map((s) => [s.route, s] as const))('/admin/%s loads its seeded rows; add, edit and delete a record', async (route, screen) => {
    const english = screen.dialect === 'en';
    const gallery = route === 'about/gallery';
    const marker = `E2E ${route.replace(/\W/g, '')} ${Date.now() % 100000}`;
    await expectSeededRows(route, screen);
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    await fillRequired(screen.resource, marker);
    // Hero slides require nothing; give this one a title to find it by.
    if (screen.resource === 'heroSection') await page.locator('#field-title').fill(marker);
    await page.getByRole('button', { name: 'Simpan' }).click();
    // A role holding no permission opens no page: it is saved only after the warning.
    const confirmEmptyRole = () => (screen.resource === 'role' ? page.getByRole('dialog').getByRole('button', { name: 'Tetap simpan' }).click() : undefined);
    await confirmEmptyRole();
    await expect.poll(() => page.locator('.alert').first().innerText(), { timeout: 10_000 }).toContain(gallery ? 'Gallery berhasil dibuat!' : english ? 'Data added successfully!' : 'Data berhasil ditambahkan!');
    const row = page.locator('tbody tr', { hasText: marker }).first();
    await expect.poll(() => row.count()).toBe(1);

    await row.getByRole('button', { name: /^Edit/ }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Update', exact: true }).count()).toBe(1);
    // The edit changes the first plain required text the table shows.
    const [shown = 'title'] = Object.entries(resources[screen.resource].fields).find(([, f]) => f.kind === 'text' && f.required && !f.pattern && !f.format) ?? [];
    await page.locator(`#field-${shown}`).fill(`${marker} diubah`);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await confirmEmptyRole();
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain(gallery ? 'Gallery berhasil diperbarui!' : english ? 'Data updated successfully!' : 'Data berhasil diperbarui!');
    await expect.poll(() => row.innerText()).toContain(`${marker} diubah`);

    await row.getByRole('button', { name: /^Hapus/ }).click();
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain(english ? 'Data deleted successfully!' : 'Data berhasil dihapus!');
    await expect.poll(() => row.count()).toBe(0);
  });

  it('offers no delete for a system role', async () => {
    const roles = SCREENS.find((screen) => screen.resource === 'role')!;
    await expectSeededRows(roles.route, roles);
    expect(await page.locator('tbody tr', { hasText: 'Super Admin' }).getByRole('button', { name: /^Hapus/ }).isDisabled()).toBe(true);
  });
});

/** Handing the browser a file of 10 MB or more takes longer than 10 s on a loaded 2-core machine. */
const LARGE_FILE = { timeout: 60_000 };

describe('uploads', () => {
  it('refuses an oversized image and a wrong type as soon as they are chosen, with their messages', { timeout: 180_000 }, async () => {
    await page.goto(`${base}/admin/about/values`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Values');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    await page.locator('#field-title').fill('Terlalu besar');
    await page.locator('#field-image').setInputFiles({ name: 'besar.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) }, LARGE_FILE);
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Ukuran file terlalu besar. Maksimal 10MB.');
    // The refused file is discarded, not kept for the save.
    expect(await page.locator('#field-image').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    await page.goto(`${base}/admin/partners`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Kelola Partners');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    await page.locator('#field-name').fill('Tipe salah');
    await page.locator('#field-logo').setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('File type not supported. Use format: JPG, PNG, GIF, WebP, SVG.');
    // Playwright passes files over 50 MB by path: a sparse file of 50 MB + 1 byte.
    const big = path.join(mkdtempSync(path.join(tmpdir(), 'cms-upload-')), 'besar.png');
    writeFileSync(big, '');
    truncateSync(big, 50 * 1024 * 1024 + 1);
    await page.locator('#field-logo').setInputFiles(big, LARGE_FILE);
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('File besar.png terlalu besar. Maksimal 50MB.');
  });

  it('uploads files with progress, then bulk-deletes them', async () => {
    await page.goto(`${base}/admin/file-manager`);
    await page.locator('input[type=file][multiple]').setInputFiles([
      { name: 'satu.txt', mimeType: 'text/plain', buffer: Buffer.from('1') },
      { name: 'dua.txt', mimeType: 'text/plain', buffer: Buffer.from('2') },
    ]);
    await expect.poll(() => page.locator('.alert').innerText()).toContain('berhasil diupload!');
    expect(await page.locator('progress').count()).toBe(2);
    for (const name of ['satu', 'dua']) await page.locator('.file-grid li', { hasText: `${name}.txt` }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Hapus (2)' }).click();
    await expect.poll(() => page.locator('.alert').innerText()).toBe('Berhasil menghapus 2 file');
    await expect.poll(() => page.locator('.file-grid li', { hasText: 'satu.txt' }).count()).toBe(0);
  });

  it('reports an upload answered by an error page that is not JSON', async () => {
    await page.goto(`${base}/admin/file-manager`);
    await page.route('**/api/files/upload', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
    await page.getByLabel('Upload File', { exact: true }).setInputFiles({ name: 'gagal.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect.poll(() => page.locator('.alert').innerText()).toBe('Gagal upload gagal.txt: 502 Bad Gateway');
    await page.unroute('**/api/files/upload');
  });

  it('uploads a single file and a video, selects all and clears', async () => {
    await page.goto(`${base}/admin/file-manager`);
    await page.getByLabel('Upload File', { exact: true }).setInputFiles({ name: 'tunggal.txt', mimeType: 'text/plain', buffer: Buffer.from('satu') });
    await expect.poll(() => page.locator('.alert').innerText()).toContain('File tunggal.txt berhasil diupload!');
    const video = page.getByLabel('Upload Video');
    expect(await video.getAttribute('accept')).toBe('video/*');
    await video.setInputFiles({ name: 'klip.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(2048) });
    await expect.poll(() => page.locator('.alert').innerText()).toContain('File klip.mp4 berhasil diupload!');
    // The list and its total are read once they show the new video.
    await expect.poll(() => page.locator('.file-grid li', { hasText: 'klip.mp4' }).count()).toBe(1);
    const total = Number((await page.locator('.page-header p').innerText()).match(/\d+/)![0]);
    await page.getByRole('button', { name: 'Pilih semua' }).click();
    expect(await page.getByRole('button', { name: `Hapus (${total})` }).count()).toBe(1);
    await page.getByRole('button', { name: 'Bersihkan' }).click();
    expect(await page.getByRole('button', { name: 'Hapus (0)' }).isDisabled()).toBe(true);
    for (const name of ['tunggal.txt', 'klip.mp4']) await page.locator('.file-grid li', { hasText: name }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Hapus (2)' }).click();
    await expect.poll(() => page.locator('.alert').innerText()).toBe('Berhasil menghapus 2 file');
  });
});

describe('widgets', () => {
  const screenReady = async (route: string, title: string) => {
    await page.goto(`${base}/admin/${route}`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(title);
  };

  it('picks Our Work categories from the dropdown: search, select all, "+N lainnya"', async () => {
    const title = `Dropdown ${Date.now() % 100000}`;
    await screenReady('our-work', 'Manage Our Work');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    await page.locator('#field-title').fill(title);
    const toggle = page.getByRole('button', { name: /^Categories/ });
    await toggle.click();
    await page.getByRole('searchbox', { name: 'Cari Categories' }).fill('edu');
    expect(await page.locator('.multi-select-panel li').allInnerTexts()).toEqual(['Education']);
    await page.getByRole('searchbox', { name: 'Cari Categories' }).fill('');
    await page.getByRole('button', { name: 'Pilih semua' }).click();
    const total = await page.locator('.multi-select-panel input[type=checkbox]').count();
    expect(total).toBeGreaterThan(2);
    await expect.poll(() => toggle.innerText()).toMatch(new RegExp(`\\+${total - 2} lainnya`));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Simpan' }).click();
    const row = page.locator('tbody tr', { hasText: title });
    await expect.poll(() => row.locator('td').nth(3).innerText()).toContain(`+${total - 2} lainnya`);
    await row.getByRole('button', { name: /^Hapus/ }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('saves an Our Impact entry with a stored image chosen in the file picker, and shows its description with Read more', async () => {
    const title = `Dampak ${Date.now() % 100000}`;
    const story = 'Warga desa memilah sampah organik setiap pagi, lalu BioCore mengubahnya menjadi biogas untuk dapur bersama dan pupuk untuk kebun.';
    await screenReady('our-impact', 'Our Impact');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    await page.locator('#field-title').fill(title);
    await page.locator('.ProseMirror#field-description').click();
    await page.keyboard.type(story);
    await page.getByRole('button', { name: 'Pilih dari file yang ada' }).click();
    const picker = page.getByRole('dialog', { name: 'Pilih File' });
    await picker.getByRole('searchbox', { name: 'Cari file' }).fill('kantor');
    await picker.getByRole('radio').first().check();
    await picker.getByRole('button', { name: 'Pilih 1 File' }).click();
    await expect.poll(() => picker.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Simpan' }).click();
    const row = page.locator('tbody tr', { hasText: title });
    // The list shows the stored file chosen in the picker (its name there is the original one).
    await expect.poll(() => row.locator('img').getAttribute('src')).toMatch(/^\/uploads\/.*kantor/);
    await row.getByRole('button', { name: 'Read more' }).click();
    const popup = page.getByRole('dialog', { name: title });
    await expect.poll(() => popup.innerText()).toContain(story);
    await popup.getByRole('button', { name: 'Tutup' }).click();
    await row.getByRole('button', { name: /^Hapus/ }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('edits the statistics and the public impact section on Manage Impact', async () => {
    const title = `Dampak Publik ${Date.now() % 100000}`;
    await screenReady('impact', 'Manage Impact');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    await page.locator('#field-title').fill(title);
    // One statistic to start with, which cannot be removed while it is the only one.
    const stats = page.getByRole('group', { name: 'Statistics' });
    expect(await stats.locator('.list-row').count()).toBe(1);
    expect(await stats.getByRole('button', { name: 'Hapus Statistics 1' }).isDisabled()).toBe(true);
    await stats.getByRole('button', { name: '+ Add Statistic' }).click();
    await stats.getByRole('button', { name: '+ Add Statistic' }).click();
    const fill = async (row: number, value: string, label: string) => {
      await stats.locator('.list-row').nth(row).getByLabel('Value').fill(value);
      await stats.locator('.list-row').nth(row).getByLabel('Label').fill(label);
    };
    await fill(0, '1', 'Dihapus');
    await fill(1, '1.200 ton', 'Sampah terkelola');
    await fill(2, '600', 'Keluarga');
    await stats.getByRole('button', { name: 'Hapus Statistics 1' }).click();
    await page.locator('#field-mainStatement').fill('Bersama warga, kami mengubah sampah menjadi energi.');
    const metrics = page.getByRole('group', { name: 'Metrics' });
    await metrics.getByRole('button', { name: '+ Add Metric' }).click();
    await metrics.getByLabel('Value').fill('18');
    await metrics.getByLabel('Label').fill('Unit BioCore');
    const photos = page.getByRole('group', { name: 'Photos' });
    await photos.getByRole('button', { name: '+ Add Photo' }).click();
    await photos.getByLabel('Caption').fill('Panen biogas');
    await photos.getByRole('button', { name: 'Pilih dari file yang ada: Gambar Photo 1' }).click();
    const picker = page.getByRole('dialog', { name: 'Pilih File' });
    await picker.getByRole('radio').first().check();
    await picker.getByRole('button', { name: 'Pilih 1 File' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain('Data added successfully!');

    const stored = ((await (await fetch(`${base}/api/impact`)).json()) as { data: Array<Record<string, unknown> & { _id: string; title: string }> }).data.find((item) => item.title === title)!;
    expect(stored.stats).toEqual([
      { value: '1.200 ton', label: 'Sampah terkelola', icon: '', order: 0 },
      { value: '600', label: 'Keluarga', icon: '', order: 1 },
    ]);
    expect(stored.mainStatement).toBe('Bersama warga, kami mengubah sampah menjadi energi.');
    expect(stored.metrics).toEqual([{ value: '18', label: 'Unit BioCore', order: 0 }]);
    expect(stored.photos).toEqual([{ image: expect.stringMatching(/^\/uploads\//), caption: 'Panen biogas', order: 0 }]);
    const row = page.locator('tbody tr', { hasText: title });
    expect(await row.innerText()).toContain('1.200 ton Sampah terkelola');
    await row.getByRole('button', { name: /^Hapus/ }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('shows the Users load error with "Coba lagi", and retrying loads the users', async () => {
    // The list is read page by page (`/api/user?page=1&limit=20`).
    const usersList = /\/api\/user(\?.*)?$/;
    await page.route(usersList, (route) => route.abort('connectionreset'));
    await page.goto(`${base}/admin/users/list`);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Terjadi kesalahan saat memuat data user. Pastikan server API berjalan.');
    await page.unroute(usersList);
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: 'admin' }).count()).toBeGreaterThan(0);
  });

  it('shows a five-row skeleton while the gallery loads', async () => {
    const galleryList = /\/api\/gallery(\?.*)?$/;
    await page.route(galleryList, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(`${base}/admin/about/gallery`);
    await expect.poll(() => page.locator('table.skeleton tbody tr').count()).toBe(5);
    await expect.poll(() => page.locator('tbody tr', { hasText: 'Tim Lapangan' }).count()).toBe(1);
    await page.unroute(galleryList);
  });

  it('shows the default logo for a gallery image that fails to load', async () => {
    await page.route('**/uploads/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${base}/admin/about/gallery`);
    const image = page.locator('tbody tr', { hasText: 'Tim Lapangan' }).locator('img');
    await expect.poll(() => image.getAttribute('src')).toBe('/admin/fallback-logo.svg');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.unroute('**/uploads/**');
  });

  it('falls back to a plain HTML editor when the editor fails to load, and its retry button loads it', async () => {
    const editorChunk = '**/admin/assets/RichTextEditor-*.js';
    await page.route(editorChunk, (route) => route.abort('connectionreset'));
    await screenReady('about/history', 'History');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Editor gagal dimuat. Anda tetap bisa menulis HTML di bawah ini.');
    await page.getByLabel('HTML').fill('<p>Ditulis tanpa editor</p>');
    await page.unroute(editorChunk);
    await page.getByRole('button', { name: 'Muat ulang editor' }).click();
    await expect.poll(() => page.locator('.ProseMirror#field-content').innerText()).toBe('Ditulis tanpa editor');
    await page.getByRole('button', { name: 'Batal' }).click();
  });

  it('shows the hero position as Kiri/Kanan in the table and the form', async () => {
    await screenReady('hero-section', 'Manage Hero Section');
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    const positions = await page.locator('tbody tr td:nth-child(6)').allInnerTexts();
    expect(positions.every((text) => text === 'Kiri' || text === 'Kanan')).toBe(true);
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    expect(await page.locator('#field-align option').allInnerTexts()).toEqual(['Kiri', 'Kanan']);
    await page.getByRole('button', { name: 'Batal' }).click();
  });

  it('groups the SEO form into its six sections', async () => {
    await screenReady('seo', 'SEO Management');
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    expect(await page.locator('.form-section > legend').allInnerTexts()).toEqual(['Basic SEO', 'Open Graph', 'Twitter Card', 'Branding', 'Analytics & Tracking', 'Advanced SEO']);
    await page.getByRole('button', { name: 'Batal' }).click();
  });
});

describe('dashboard and collaborate', () => {
  it('asks for a site rebuild from the dashboard and shows the build it recorded', { timeout: 120_000 }, async () => {
    await page.goto(`${base}/admin`);
    await page.getByRole('button', { name: 'Rebuild sekarang' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Rebuild diminta. Situs diperbarui dalam beberapa detik.');
    // Saves just before may have queued a build that this request joins; the dashboard follows it to the end.
    await expect.poll(() => page.locator('.build-status').innerText()).toMatch(/^(Menunggu|Diminta|Sedang dibangun) · /);
    // A build takes a minute and more on a loaded machine.
    await expect.poll(() => page.locator('.build-status').innerText(), { timeout: 100_000 }).toMatch(/^Berhasil · /);
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
    ['dashboard', ''],
    ['vision form', 'vision'],
    ['our work form', 'our-work'],
    ['file manager', 'file-manager'],
    ['subscribers', 'subscribe'],
    ['users', 'users/list'],
  ])('%s has no serious or critical axe violations', async (_name, route) => {
    await page.goto(`${base}/admin/${route}`);
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    await page.waitForLoadState('networkidle');
    const add = page.getByRole('button', { name: /^\+ Tambah/ });
    if (await add.count()) await add.click();
    const results = await new AxeBuilder({ page }).analyze();
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
    await page.getByRole('searchbox').fill('halaman-3-');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('searchbox').fill('tidak-ada-yang-cocok');
    await expect.poll(() => page.locator('.empty').innerText()).toBe('Tidak ada subscriber yang cocok.');
    await page.getByRole('searchbox').fill('');
    expect(await page.locator('tbody tr').count()).toBe(10);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.locator('.pagination span').innerText()).toMatch(/^Page 2 of /);
    const first = page.locator('tbody tr', { has: page.locator('.badge', { hasText: /^Active$/ }) }).first();
    const email = await first.locator('td').first().innerText();
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
