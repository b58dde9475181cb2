/** The back-office's form widgets and uploads: pickers, lists, the editor, pictures and their limits. */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { base } from '../../e2e/product.ts';
import { staffPage } from './staff-page.ts';

const staff = staffPage();
let page: Page;
beforeAll(() => ({ page } = staff));

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
    const folder = mkdtempSync(path.join(tmpdir(), 'cms-upload-'));
    const big = path.join(folder, 'besar.png');
    writeFileSync(big, '');
    truncateSync(big, 50 * 1024 * 1024 + 1);
    await page.locator('#field-logo').setInputFiles(big, LARGE_FILE);
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('File besar.png terlalu besar. Maksimal 50MB.');
    rmSync(folder, { recursive: true, force: true });
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
    expect(await page.locator('.multi-select-panel li').allInnerTexts()).toEqual(['Edukasi']);
    await page.getByRole('searchbox', { name: 'Cari Categories' }).fill('');
    await page.getByRole('button', { name: 'Pilih semua' }).click();
    const total = await page.locator('.multi-select-panel input[type=checkbox]').count();
    expect(total).toBeGreaterThan(2);
    await expect.poll(() => toggle.innerText()).toMatch(new RegExp(`\\+${total - 2} lainnya`));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Simpan' }).click();
    const row = page.locator('tbody tr', { hasText: title });
    await expect.poll(() => row.locator('td[data-label="Categories"]').innerText()).toContain(`+${total - 2} lainnya`);
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
    const positions = await page.locator('tbody tr td[data-label="Posisi"]').allInnerTexts();
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
