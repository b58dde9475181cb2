/**
 * Preview links: a draft stored from a form's unsaved values, shown at /preview/<token> in the
 * site's page template to anyone with the link until it expires (controlled clock) or is revoked;
 * an English draft in the English page.
 * This file runs its own worker with a stand-in site serving a marked template, so the page
 * filled with the draft is checked here; the real templates are checked by the browser test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewLink } from '../src/contract/staff-answers.ts';
import type { TestWorker } from './worker.ts';
import { data, startPreviewWorker } from './preview-worker.ts';
import { type Client, form, unique, type Row } from './client.ts';
import { dataUrl, leaks, phoneJpeg } from './photos.ts';
import { sendLarge } from './large-body.ts';


/** The shape of a site preview template: the parts the worker fills are marked. */
const TEMPLATE = `<!doctype html><html><head><title>Judul</title><meta name="robots" content="index, follow"></head><body>
<ul class="tags" data-preview-list="tags"></ul>
<img src="/placeholder.svg" alt="Judul" data-preview-image="featuredImage">
<h1 data-preview-text="title">Judul</h1>
<p class="lead" data-preview-text="subtitle">Subjudul</p>
<span data-preview-if="author">Oleh <span data-preview-text="author">Penulis</span></span>
<span data-preview-text="readTime">1 min read</span>
<time datetime="1970-01-01T00:00:00.000Z" data-preview-date="createdAt">1 Januari 1970</time>
<div class="prose" data-preview-html="content"><p>Isi</p></div>
</body></html>`;

let fixture: Awaited<ReturnType<typeof startPreviewWorker>>;
let worker: TestWorker;
let admin: Client;

beforeAll(async () => {
  fixture = await startPreviewWorker({
    '/preview-template/bio-core': TEMPLATE,
    '/preview-template/vision': TEMPLATE,
    // The English page's template: the same marks in the English layout.
    '/en/preview-template/bio-core': TEMPLATE.replace('<html>', '<html lang="en">').replace('<body>', '<body><nav>Home</nav>'),
  });
  ({ worker, admin } = fixture);
}, 120_000);

afterAll(() => fixture?.stop());

const draft = (title: string, more: Record<string, unknown> = {}) => ({ title, slug: 'draf', content: '<p>Isi draf <strong>tebal</strong></p>', tags: 'kompos, sampah', ...more });

/** The preview page as an anonymous visitor (no cookie) gets it. */
const open = (url: string) => fetch(url, { redirect: 'manual' });

describe('preview links', () => {
  it('shows the unsaved draft in the site template to anyone, never indexed or cached publicly', async () => {
    const preview = data<PreviewLink>(await admin.post('/api/bio-core/preview', { data: draft('Judul belum disimpan', { author: '', subtitle: 'Sub <b>aman</b>', featuredImage: 'uploads/foto-kebun.jpg', featuredImageFocus: '30% 70%' }) }));
    expect(preview.url).toMatch(new RegExp(`^${worker.url}/preview/[A-Za-z0-9_-]{43}$`));
    // 48 hours from now by default.
    expect(Math.abs(Date.parse(preview.expiresAt) - (Date.now() + 48 * 3_600_000))).toBeLessThan(60_000);

    const page = await open(preview.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await page.text();
    expect(html).toContain('<title>Pratinjau: Judul belum disimpan</title>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<h1 data-preview-text="title">Judul belum disimpan</h1>');
    // Text is escaped; rich text sanitised as a save would store it; an empty part is removed.
    expect(html).toContain('Sub &lt;b&gt;aman&lt;/b&gt;');
    expect(html).toContain('<p>Isi draf <strong>tebal</strong></p>');
    expect(html).toContain('<li>kompos</li><li>sampah</li>');
    expect(html).not.toContain('data-preview-if="author"');
    expect(html).toContain('<img src="/uploads/foto-kebun.jpg" alt="Judul belum disimpan" data-preview-image="featuredImage" style="object-position: 30% 70%">');
  });

  it('shows a picked picture and one embedded in the body without their position; one that cannot be cleaned is refused', async () => {
    const photo = dataUrl(await phoneJpeg(6));
    expect(leaks(Buffer.from(photo.split(',')[1]!, 'base64')).length).toBeGreaterThan(0);
    const content = `<p>Foto:</p><img src="${photo}" alt="Kebun">`;
    const preview = data<PreviewLink>(await admin.post('/api/bio-core/preview', { data: draft('Dengan foto', { content }), files: { featuredImage: photo } }));
    const html = await (await open(preview.url)).text();
    const shownPictures = [...html.matchAll(/src="data:image\/jpeg;base64,([^"]+)"/g)].map((match) => Buffer.from(match[1]!, 'base64'));
    expect(shownPictures).toHaveLength(2);
    for (const bytes of shownPictures) expect(leaks(bytes)).toEqual([]);

    const cut = dataUrl((await phoneJpeg(6)).subarray(0, 500));
    for (const request of [{ data: draft('Rusak'), files: { featuredImage: cut } }, { data: draft('Rusak', { content: `<img src="${cut}">` }) }]) {
      const refused = await admin.post('/api/bio-core/preview', request);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'INVALID_IMAGE', message: expect.stringContaining('tidak dapat dibersihkan dari data kamera dan lokasi') });
    }
  });

  it("shows an English draft in the English page, over the record's shared values and without its Indonesian text; the link keeps the language", async () => {
    const picture = data<{ url: string }>(await admin.post('/api/files/upload', form({ file: new File([new Uint8Array(await phoneJpeg(1))], 'kebun.jpg', { type: 'image/jpeg' }) })));
    const stored = data<Row>(
      await admin.post('/api/bio-core', { title: unique('Artikel Tersimpan'), subtitle: 'Subjudul Indonesia', author: 'Sari', content: '<p>Isi Indonesia.</p>', featuredImage: picture.url, isPublished: true }),
    );
    const preview = data<PreviewLink>(await admin.post('/api/bio-core/preview', { recordId: stored._id, locale: 'en', data: { title: 'English Draft Title', content: '<p>English body.</p>' } }));
    const html = await (await open(preview.url)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<nav>Home</nav>');
    expect(html).toContain('<title>Preview: English Draft Title</title>');
    expect(html).toContain('Preview: not published yet. The public page has not changed.');
    expect(html).toContain('<h1 data-preview-text="title">English Draft Title</h1>');
    expect(html).toContain('<p>English body.</p>');
    // Shared values come from the stored record; its Indonesian words never fill an empty English field.
    expect(html).toContain(`src="${picture.url}"`);
    expect(html).toContain('>Sari</span>');
    expect(html).not.toContain('Subjudul Indonesia');
    expect(html).not.toContain('Isi Indonesia');
    expect(html).toContain('>1 min read</span>');

    const links = data<{ id: string; locale: string }[]>(await admin.get(`/api/bio-core/${stored._id}/previews`));
    expect(links.find((link) => link.id === preview.id)?.locale).toBe('en');
    // The Indonesian preview of the same record stays in the Indonesian page and words.
    const indonesian = data<PreviewLink>(await admin.post('/api/bio-core/preview', { recordId: stored._id, data: draft('Draf Indonesia') }));
    const indonesianHtml = await (await open(indonesian.url)).text();
    expect(indonesianHtml).not.toContain('lang="en"');
    expect(indonesianHtml).toContain('Pratinjau: belum diterbitkan. Halaman publik tidak berubah.');
    expect(indonesianHtml).toContain('menit baca');

    const unknown = await admin.post('/api/bio-core/preview', { recordId: stored._id, locale: 'fr', data: { title: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Bahasa tidak dikenal.');
    const unsaved = await admin.post('/api/bio-core/preview', { locale: 'en', data: { title: 'Not Saved Yet', content: '<p>x</p>' } });
    expect(unsaved.status).toBe(404);
    expect(unsaved.body.message).toBe('Simpan data ini dulu: versi terjemahan dipratinjau di atas data yang sudah tersimpan.');
  });

  it('shows each token only its own draft; a guessed or altered token is a clear 404', async () => {
    const first = data<PreviewLink>(await admin.post('/api/bio-core/preview', { data: draft('Draf Pertama Rahasia') }));
    const second = data<PreviewLink>(await admin.post('/api/vision/preview', { data: { ...draft('Draf Kedua Rahasia'), shortDescription: 'x' } }));
    const firstHtml = await (await open(first.url)).text();
    const secondHtml = await (await open(second.url)).text();
    expect(firstHtml).toContain('Draf Pertama Rahasia');
    expect(firstHtml).not.toContain('Draf Kedua Rahasia');
    expect(secondHtml).toContain('Draf Kedua Rahasia');
    expect(secondHtml).not.toContain('Draf Pertama Rahasia');

    const token = first.url.split('/').pop()!;
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of [altered, 'a'.repeat(43), 'x', `${token}x`, '%00%27', encodeURIComponent('<script>')]) {
      const answer = await open(`${worker.url}/preview/${guess}`);
      expect(answer.status, guess).toBe(404);
      expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await answer.text();
      expect(html).toContain('Tautan pratinjau ini tidak dikenal atau sudah kedaluwarsa.');
      expect(html).not.toContain('Rahasia');
    }
  });

  it('stops working once revoked, and only staff who may edit the collection revoke it', async () => {
    const vision = data<Row>(await admin.post('/api/vision', form({ title: unique('Visi Pratinjau'), shortDescription: 's', content: '<p>c</p>' })));
    const preview = data<PreviewLink>(await admin.post('/api/vision/preview', { recordId: vision._id, data: { ...draft('Visi draf dicabut'), shortDescription: 's' } }));
    const listed = data<{ id: string; expiresAt: string; createdByName: string }[]>(await admin.get(`/api/vision/${vision._id}/previews`));
    expect(listed).toEqual([{ id: preview.id, expiresAt: preview.expiresAt, createdByName: 'admin', locale: 'id', createdAt: expect.any(String) }]);

    const anonymous = fixture.client();
    expect((await anonymous.delete(`/api/preview/${preview.id}`)).status).toBe(401);
    const shown = await open(preview.url);
    expect(shown.status).toBe(200);
    // A saved record's preview keeps the record's own date.
    expect(await shown.text()).toContain(`datetime="${String(vision.createdAt)}"`);

    expect(data(await admin.delete(`/api/preview/${preview.id}`))).toBeNull();
    const revoked = await open(preview.url);
    expect(revoked.status).toBe(410);
    const html = await revoked.text();
    expect(html).toContain('Tautan pratinjau ini sudah dicabut oleh pembuatnya.');
    expect(html).not.toContain('Visi draf dicabut');
    expect(data<unknown[]>(await admin.get(`/api/vision/${vision._id}/previews`))).toEqual([]);
    expect((await admin.delete('/api/preview/tidak-ada')).status).toBe(404);
  });

  it('expires after 48 hours: still open at 47, gone at 49 (controlled clock)', async () => {
    const preview = data<PreviewLink>(await admin.post('/api/bio-core/preview', { data: draft('Draf kedaluwarsa') }));
    const made = Date.parse(preview.expiresAt) - 48 * 3_600_000;
    await worker.runScheduled(made + 47 * 3_600_000);
    expect((await open(preview.url)).status).toBe(200);
    await worker.runScheduled(made + 49 * 3_600_000);
    const expired = await open(preview.url);
    expect(expired.status).toBe(404);
    expect(await expired.text()).not.toContain('Draf kedaluwarsa');
  });

  it('refuses a body over the limit with 413 before reading it, declared or streamed', async () => {
    for (const declared of [true, false]) {
      const answer = await sendLarge(`${worker.url}/api/bio-core/preview`, { origin: worker.url, cookie: admin.cookie, 'content-type': 'application/json' }, 30 * 1024 * 1024, declared);
      expect(answer.status, declared ? 'with Content-Length' : 'streamed').toBe(413);
      expect(JSON.parse(answer.body), declared ? 'with Content-Length' : 'streamed').toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('terlalu besar') });
    }
  });

  it('checks the draft with the collection schema and needs the collection create or update permission', async () => {
    const refused = await admin.post('/api/bio-core/preview', { data: draft('') });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('wajib');
    expect((await admin.post('/api/bio-core/preview', 'bukan json' as unknown as Record<string, unknown>)).status).toBe(400);
    // Collections the site shows no page of have no preview.
    expect((await admin.post('/api/role/preview', { data: { name: 'x' } })).status).toBe(404);
    expect((await fixture.client().post('/api/bio-core/preview', { data: draft('Tanpa login') })).status).toBe(401);

    const list = data<Row[]>(await admin.get('/api/role/permissions/list'));
    const readOnly = list.filter((p) => p.name === 'bio-core.read').map((p) => p._id);
    const role = data<Row>(await admin.post('/api/role', form({ name: unique('Peran Baca'), permissions: readOnly })));
    const username = unique('pembaca');
    data(await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Pembaca', role: role._id })));
    const reader = fixture.client();
    await reader.login(username, 'rahasia-123');
    expect((await reader.post('/api/bio-core/preview', { data: draft('Tanpa izin') })).status).toBe(403);
  });
});
