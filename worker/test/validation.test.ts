/** The spec's validation rules (section 5), answered with clear messages and nothing stored. */
import { describe, expect, it } from 'vitest';
import { asAdmin, form, unique } from './client.ts';

type Row = { _id: string } & Record<string, unknown>;

describe('required fields and number parsing', () => {
  it('names every missing required field of a vision', async () => {
    const admin = await asAdmin();
    const answer = await admin.post('/api/vision', form({ author: 'X' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(answer.body.message).toContain('Judul wajib diisi.');
    expect(answer.body.message).toContain('Deskripsi Singkat wajib diisi.');
    expect(answer.body.message).toContain('Konten wajib diisi.');
    const details = answer.body.success ? [] : (answer.body.details as { field: string }[]);
    expect(details.map((d) => d.field)).toEqual(expect.arrayContaining(['title', 'shortDescription', 'content']));
  });

  it('treats an empty editor as missing content', async () => {
    const admin = await asAdmin();
    const answer = await admin.post('/api/history', form({ title: unique('Sejarah'), content: '<p><br></p>' }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Content wajib diisi.');
  });

  it('parses order, readTime and level as the forms do: non-numeric becomes the default', async () => {
    const admin = await asAdmin();
    const category = await admin.post<Row>('/api/category', form({ title: unique('Kategori'), order: 'abc' }));
    expect(category.body.success && category.body.data.order).toBe(0);
    const vision = await admin.post<Row>('/api/vision', form({ title: unique('Visi'), shortDescription: 's', content: '<p>c</p>', readTime: 'lama' }));
    expect(vision.body.success && vision.body.data.readTime).toBe(3);
    const role = await admin.post<Row>('/api/role', form({ name: unique('Peran'), level: 'tinggi' }));
    expect(role.body.success && role.body.data.level).toBe(1);
    const negative = await admin.post('/api/category', form({ title: unique('Kategori'), order: '-2' }));
    expect(negative.body.message).toBe('Order minimal 0.');
    const level = await admin.post('/api/role', form({ name: unique('Peran'), level: '11' }));
    expect(level.body.message).toBe('Level maksimal 10.');
  });

  it('keeps only complete statistics, renumbers them, and needs at least one', async () => {
    const admin = await asAdmin();
    const none = await admin.post('/api/impact', { title: 'Impact', stats: [{ value: '', label: 'kosong', icon: '' }] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('At least one valid statistic is required');
    const saved = await admin.post<{ stats: { value: string; order: number }[] }>('/api/impact', {
      title: 'Impact',
      isActive: false,
      stats: [
        { value: '5', label: 'A', icon: 'x', order: 9 },
        { value: '', label: 'B' },
        { value: '7', label: 'C', order: 3 },
      ],
    });
    expect(saved.status).toBe(201);
    expect(saved.body.success && saved.body.data.stats.map((s) => [s.value, s.order])).toEqual([
      ['5', 0],
      ['7', 1],
    ]);
  });

  it('checks emails, URLs, choices, colours and JSON-LD', async () => {
    const admin = await asAdmin();
    expect((await admin.post('/api/team', form({ name: 'A', position: 'B', bio: '<p>c</p>', email: 'bukan-email' }))).body.message).toBe('Format email tidak valid.');
    expect((await admin.post('/api/hero-section', form({ ctaUrl: 'javascript:alert(1)' }))).body.message).toContain('CTA URL harus berupa URL yang valid');
    expect((await admin.post('/api/hero-section', form({ bgColor: 'merah' }))).body.message).toContain('kode warna');
    expect((await admin.post('/api/partner', form({ name: 'P', category: 'alien' }))).body.message).toBe(
      'Category harus salah satu dari: corporate, academic, government, ngo, other.',
    );
    expect((await admin.post('/api/seo', form({ page: unique('p'), title: 't', description: 'd', structuredData: '{oops' }))).body.message).toBe(
      'Structured Data (JSON-LD) harus berupa JSON yang valid.',
    );
    expect((await admin.post('/api/permission', form({ name: 'Bad Name', displayName: 'x', module: 'vision', action: 'create' }))).body.message).toContain('modul.aksi');
  });
});

describe('slugs', () => {
  it('generates slugs with the spec rules: words for vision, alphanumerics for BioCore', async () => {
    const admin = await asAdmin();
    const suffix = Date.now().toString(36);
    const vision = await admin.post<Row>('/api/vision', form({ title: `  Ekonomi -- Sirkular: Kota & Desa! ${suffix} `, shortDescription: 's', content: '<p>c</p>' }));
    expect(vision.body.success && vision.body.data.slug).toBe(`ekonomi-sirkular-kota-desa-${suffix}`);
    const bio = await admin.post<Row>('/api/bio-core', form({ title: `Bio-Core: Generasi ${suffix}`, content: '<p>c</p>' }));
    expect(bio.body.success && bio.body.data.slug).toBe(`biocore-generasi-${suffix}`);
  });

  it('answers a duplicate slug with 409 CONFLICT and a message, and stores nothing', async () => {
    const admin = await asAdmin();
    const title = unique('Kembar');
    expect((await admin.post('/api/category', form({ title }))).status).toBe(201);
    const before = await admin.get<Row[]>('/api/category');
    const twin = await admin.post('/api/category', form({ title }));
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ code: 'CONFLICT', message: `Slug "${title.toLowerCase()}" sudah digunakan. Gunakan slug lain.` });
    const after = await admin.get<Row[]>('/api/category');
    expect(after.body.success && after.body.data.length).toBe(before.body.success && before.body.data.length);
  });

  it('refuses a duplicate username or email', async () => {
    const admin = await asAdmin();
    const roles = await admin.get<Row[]>('/api/role');
    const twin = await admin.post('/api/user', form({ username: 'admin', email: `${unique('x')}@example.org`, password: 'rahasia-123', fullName: 'X', role: roles.body.success ? roles.body.data[0]!._id : '' }));
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe('Username "admin" sudah digunakan.');
  });
});

describe('rich text', () => {
  it('removes scripts, event handlers and javascript: links, keeping the formatting', async () => {
    const admin = await asAdmin();
    const dirty =
      '<h2 style="text-align: center">Judul</h2><p onclick="steal()">Teks <strong>tebal</strong> <span style="color: #ff0000; font-size: 99px; position: fixed">merah</span></p>' +
      '<script>alert(1)</script><a href="javascript:alert(1)">klik</a><a href="https://example.org" target="_blank">aman</a><img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe>' +
      '<table><tr><td>sel</td></tr></table><ul><li>butir</li></ul>';
    const saved = await admin.post<{ content: string }>('/api/history', form({ title: unique('Bersih'), content: dirty }));
    const html = saved.body.success ? saved.body.data.content : '';
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|position/);
    expect(html).toContain('<h2 style="text-align:center">Judul</h2>');
    expect(html).toContain('<strong>tebal</strong>');
    expect(html).toMatch(/color:#ff0000/);
    expect(html).toMatch(/font-size:\s?64px/);
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<td>sel</td>');
    expect(html).toContain('<li>butir</li>');
  });

  it('keeps only meta tags in SEO custom meta tags', async () => {
    const admin = await asAdmin();
    const saved = await admin.post<{ customMetaTags: string }>(
      '/api/seo',
      form({ page: unique('meta'), title: 't', description: 'd', customMetaTags: '<meta name="theme-color" content="#0f5132"><script>x()</script><meta http-equiv="refresh" content="0;url=https://evil">' }),
    );
    expect(saved.body.success && saved.body.data.customMetaTags).toBe('<meta name="theme-color" content="#0f5132" /><meta content="0;url=https://evil" />');
  });
});
