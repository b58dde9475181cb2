/** Validation rules, answered with clear messages and nothing stored. */
import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../src/contract/fields.ts';
import { resources } from '../src/contract/resources.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';


/**
 * What each admin form must carry: its definition's required fields, less those filled without
 * input (a default, a slug made from the title) and files (checked separately). Read-only screens
 * (Subscribers) have no such form: POST /api/subscribe is the public sign-up.
 */
const REQUIRED = Object.fromEntries(
  Object.values(resources as Record<string, ResourceDefinition>).flatMap((resource) => {
    if (!resource.admin || resource.admin.readOnly) return [];
    const fields = Object.entries(resource.fields)
      .filter(([, field]) => field.required && !('default' in field && field.default !== undefined) && field.kind !== 'slug' && field.kind !== 'file')
      .map(([name]) => name);
    return fields.length > 0 ? [[resource.path, fields]] : [];
  }),
);

describe('required fields of every form', () => {
  it.each(Object.entries(REQUIRED))('/api/%s refuses an empty form, naming each required field', async (path, fields) => {
    const admin = await asAdmin();
    const before = await admin.get<Row[]>(`/api/${path}`);
    const answer = await admin.post(`/api/${path}`, new FormData());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const details = answer.body.success ? [] : (answer.body.details as { field: string; message: string }[]);
    expect(details.map((d) => d.field).sort()).toEqual([...fields].sort());
    for (const detail of details) expect(answer.body.message).toContain(detail.message);
    const after = await admin.get<Row[]>(`/api/${path}`);
    expect(after.body.success && after.body.data.length).toBe(before.body.success && before.body.data.length);
  });

  it('needs a password when adding a user but keeps the old one when an edit leaves it blank', async () => {
    const admin = await asAdmin();
    const roles = await admin.get<Row[]>('/api/role');
    const username = unique('sandi');
    const fields = { username, email: `${username}@example.org`, fullName: 'Sandi', role: roles.body.success ? roles.body.data[0]!._id : '' };
    const missing = await admin.post('/api/user', form(fields));
    expect(missing.body.message).toBe('Password wajib diisi.');
    expect((await admin.post('/api/user', form({ ...fields, password: 'pendek' }))).body.message).toBe('Password minimal 8 karakter.');
    const created = await admin.post<Row>('/api/user', form({ ...fields, password: 'sandi-lama-1' }));
    expect(created.status).toBe(201);
    const id = created.body.success ? created.body.data._id : '';
    // The edit form sends every field, the password blank.
    expect((await admin.put(`/api/user/${id}`, form({ ...fields, fullName: 'Sandi Baru', password: '' }))).status).toBe(200);
    expect((await new Client().post('/api/auth/login', { username, password: 'sandi-lama-1' })).status).toBe(200);
    expect((await admin.put(`/api/user/${id}`, form({ password: 'sandi-baru-2' }))).status).toBe(200);
    expect((await new Client().post('/api/auth/login', { username, password: 'sandi-lama-1' })).status).toBe(401);
    expect((await new Client().post('/api/auth/login', { username, password: 'sandi-baru-2' })).status).toBe(200);
  });
});

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
    expect((await admin.post('/api/hero-section', form({ ctaUrl: 'javascript:alert(1)' }))).body.message).toContain('CTA URL harus berupa URL (https://...)');
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

describe('numbers and lists as clients send them', () => {
  it('reads numbers and booleans sent as JSON, text, decimals or blanks', async () => {
    const admin = await asAdmin();
    const json = await admin.post<Row>('/api/category', { title: unique('Json'), order: 7, isActive: false });
    expect(json.body.success && [json.body.data.order, json.body.data.isActive]).toEqual([7, false]);
    const text = await admin.post<Row>('/api/category', form({ title: unique('Teks'), order: '3.7', isActive: 'true' }));
    expect(text.body.success && [text.body.data.order, text.body.data.isActive]).toEqual([3, true]);
    const blank = await admin.post<Row>('/api/vision', form({ title: unique('Kosong'), shortDescription: 's', content: '<p>c</p>', readTime: '', isFeatured: '' }));
    // A reading time left empty is computed from the text: one word reads in a minute.
    expect(blank.body.success && [blank.body.data.readTime, blank.body.data.isFeatured, blank.body.data.isPublished]).toEqual([1, false, true]);
    const zero = await admin.post('/api/role', form({ name: unique('Nol'), level: '0' }));
    expect(zero.body.message).toBe('Level minimal 1.');
    const huge = await admin.post('/api/category', form({ title: unique('Besar'), order: '99999999999999999999' }));
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('Order harus berupa bilangan bulat.');
    expect((await admin.post('/api/category', form({ title: unique('Bool'), isActive: 'mungkin' }))).body.message).toBe('Status harus true atau false.');
  });

  it('answers malformed lists with the field\'s name, not a parser message', async () => {
    const admin = await asAdmin();
    const text = await admin.post('/api/impact', { title: 'Impact', stats: 'banyak' });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Statistics tidak valid.');
    const tags = await admin.post('/api/vision', { title: unique('Tag'), shortDescription: 's', content: '<p>c</p>', tags: [1, 2] });
    expect(tags.body.message).toBe('Tags tidak valid.');
    // Tags typed as comma text are trimmed, de-duplicated and kept in order.
    const saved = await admin.post<Row>('/api/vision', form({ title: unique('Tag'), shortDescription: 's', content: '<p>c</p>', tags: ' daur ulang, kompos,,daur ulang ' }));
    expect(saved.body.success && saved.body.data.tags).toEqual(['daur ulang', 'kompos']);
  });
});

describe('slugs', () => {
  it('normalises a typed slug, generates one for our-impact, and refuses a title with nothing to slug', async () => {
    const admin = await asAdmin();
    const suffix = Date.now().toString(36);
    const typed = await admin.post<Row>('/api/our-work', form({ title: unique('Karya'), slug: `  Slug Pilihan Saya! ${suffix}` }));
    expect(typed.body.success && typed.body.data.slug).toBe(`slug-pilihan-saya-${suffix}`);
    const impact = await admin.post<Row>('/api/our-impact', form({ title: `Dampak Nyata ${suffix}`, description: '<p>d</p>' }));
    expect(impact.body.success && impact.body.data.slug).toBe(`dampak-nyata-${suffix}`);
    const empty = await admin.post('/api/category', form({ title: '!!!' }));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Slug wajib diisi.');
  });

  it('lets a record keep its own slug on edit but not take another\'s', async () => {
    const admin = await asAdmin();
    const first = await admin.post<Row>('/api/vision', form({ title: unique('Pertama'), shortDescription: 's', content: '<p>c</p>' }));
    const second = await admin.post<Row>('/api/vision', form({ title: unique('Kedua'), shortDescription: 's', content: '<p>c</p>' }));
    if (!first.body.success || !second.body.success) throw new Error('vision not created');
    const own = await admin.put<Row>(`/api/vision/${second.body.data._id}`, form({ title: 'Kedua Diubah', slug: String(second.body.data.slug) }));
    expect(own.status).toBe(200);
    expect(own.body.success && own.body.data.slug).toBe(second.body.data.slug);
    const taken = await admin.put(`/api/vision/${second.body.data._id}`, form({ slug: String(first.body.data.slug) }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'CONFLICT', message: `Slug "${first.body.data.slug}" sudah digunakan. Gunakan slug lain.` });
    const read = await admin.get<Row>(`/api/vision/${second.body.data._id}`);
    expect(read.body.success && read.body.data.slug).toBe(second.body.data.slug);
  });

  it('refuses duplicate SEO pages, role names and permission names with 409', async () => {
    const admin = await asAdmin();
    expect((await admin.post('/api/seo', form({ page: 'home', title: 't', description: 'd' }))).body).toMatchObject({ code: 'CONFLICT', message: 'Page "home" sudah digunakan.' });
    expect((await admin.post('/api/role', form({ name: 'Super Admin' }))).body).toMatchObject({ code: 'CONFLICT', message: 'Name "Super Admin" sudah digunakan.' });
    const permission = await admin.post('/api/permission', form({ name: 'vision.create', displayName: 'x', module: 'vision', action: 'create' }));
    expect(permission.status).toBe(409);
    expect(permission.body.message).toBe('Name "vision.create" sudah digunakan.');
  });

  it('generates slugs by rule: words for vision, alphanumerics for BioCore', async () => {
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

  it('removes disguised scripts and links in every rich-text field, on create and on edit', async () => {
    const admin = await asAdmin();
    const dirty =
      '<p>Aman</p><a href="&#106;avascript:alert(1)">a</a><a href="JAVASCRIPT:alert(2)">b</a><a href="data:text/html,x">c</a>' +
      '<svg onload="x()"></svg><style>body{display:none}</style><form action="https://evil"><input name="p"></form><object data="x"></object>' +
      '<img src="javascript:alert(1)"><p style="background:url(javascript:x)" onmouseover="x()">gaya</p>';
    const check = (html: unknown) => {
      expect(String(html)).not.toMatch(/javascript|data:text|svg|onload|onmouseover|<style|<form|<input|<object|background:/i);
      expect(String(html)).toContain('<p>Aman</p>');
    };
    const cases: [string, string, Record<string, string>][] = [
      ['bio-core', 'content', { title: unique('Artikel') }],
      ['team', 'bio', { name: 'Nama', position: 'Posisi' }],
      ['hero-section', 'description', {}],
      ['our-impact', 'description', { title: unique('Dampak') }],
    ];
    for (const [path, field, rest] of cases) {
      const created = await admin.post<Record<string, unknown>>(`/api/${path}`, form({ ...rest, [field]: dirty }));
      expect(created.status, path).toBe(201);
      check(created.body.success && created.body.data[field]);
      const id = created.body.success ? String(created.body.data._id) : '';
      const edited = await admin.put<Record<string, unknown>>(`/api/${path}/${id}`, form({ [field]: `<h3>Baru</h3>${dirty}` }));
      check(edited.body.success && edited.body.data[field]);
      expect(String(edited.body.success && edited.body.data[field])).toContain('<h3>Baru</h3>');
    }
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
