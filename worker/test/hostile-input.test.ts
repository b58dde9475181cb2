/** Input an attacker or a careless paste sends: each is refused with a clear 4xx, never a 500, and nothing odd is stored. */
import { describe, expect, it } from 'vitest';
import { resources } from '../src/contract/resources.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';
import { PNG } from './samples.ts';


const refused = (answer: { status: number; body: unknown }, code?: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
  expect(answer.body).toMatchObject({ success: false, ...(code ? { code } : {}) });
};

describe('lists and look-ups', () => {
  it('searches with long terms and pattern characters as plain text', async () => {
    const admin = await asAdmin();
    const email = `${unique('cari_100')}@example.com`;
    expect((await new Client().post('/api/subscribe', { email })).status).toBe(201);
    for (const path of ['user', 'subscribe']) {
      const long = await admin.get(`/api/${path}?search=${'a'.repeat(150)}`);
      expect(long.status, path).toBe(200);
      expect(long.body.success && long.body.data).toEqual([]);
    }
    const found = await admin.get<Row[]>(`/api/subscribe?search=${encodeURIComponent(email.slice(0, email.indexOf('@')).toUpperCase())}`);
    expect(found.body.success && found.body.data.map((s) => s.email)).toEqual([email]);
    const wildcard = await admin.get<Row[]>('/api/subscribe?search=%25');
    expect(wildcard.body.success && wildcard.body.data.every((s) => String(s.email).includes('%'))).toBe(true);
    const tooLong = await admin.get(`/api/user?search=${'a'.repeat(201)}`);
    refused(tooLong, 'VALIDATION_ERROR');
    expect(tooLong.body.message).toBe('Kata pencarian maksimal 200 karakter.');
  });

  it('refuses odd page and limit values on every list with a clear message', async () => {
    const admin = await asAdmin();
    const queries = ['page=99999999999999999999', 'page=-1', 'page=0', 'page=1.5', 'page=abc', 'limit=abc', 'limit=-5', 'page=1e3', 'page=2000000'];
    for (const { path } of Object.values(resources)) {
      const answers = await Promise.all(queries.map((query) => admin.get(`/api/${path}?${query}`)));
      answers.forEach((answer, i) => {
        refused(answer, 'VALIDATION_ERROR');
        expect(answer.body.message, `${path}?${queries[i]}`).toMatch(/^Parameter (page|limit) /);
      });
    }
    const huge = await admin.get<Row[]>('/api/category?page=1&limit=99999');
    expect(huge.status).toBe(200);
    expect(huge.body.success && huge.body.pagination?.limit).toBe(1000);
    const far = await admin.get<Row[]>('/api/category?page=1000000&limit=1000');
    expect([far.status, far.body.success && far.body.data]).toEqual([200, []]);
    const repeated = await admin.get('/api/category?page=1&page=abc&limit=5&limit=6');
    expect(repeated.status).toBe(200);
  });

  it('answers odd ids and slugs with 404, and bare /api with the JSON envelope', async () => {
    const admin = await asAdmin();
    for (const id of ['%zz', '..%2F..%2Fetc', 'x'.repeat(3000), '%F0%9F%92%A9', '-1', '99999999999999999999999']) {
      refused(await admin.get(`/api/vision/${id}`), 'NOT_FOUND');
      refused(await admin.get(`/api/vision/slug/${id}`), 'NOT_FOUND');
      refused(await admin.delete(`/api/category/${id}`), 'NOT_FOUND');
    }
    for (const path of ['/api', '/api/', '/api/%zz', '/api/nothing/here']) {
      const answer = await new Client().get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('request bodies', () => {
  it('says the body is too large for a data request, and refuses deep nesting and broken JSON', async () => {
    const admin = await asAdmin();
    const big = await admin.post('/api/category', { title: 'x', description: 'a'.repeat(6 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Data yang dikirim terlalu besar. Maksimal 5MB.' });
    const depth = 100_000;
    const nested = `{"title":"Dalam","tags":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const deep = await admin.request('POST', '/api/vision', nested, { 'content-type': 'application/json' });
    refused(deep, 'BAD_REQUEST');
    const twoLevels = await admin.post('/api/vision', { title: 'x', tags: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['a']]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] });
    expect(twoLevels.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Data yang dikirim terlalu bertingkat.' });
    // The same nesting as JSON text inside a form field, and inside a link list.
    const inForm = await admin.post('/api/vision', form({ title: unique('Dalam'), shortDescription: 's', content: '<p>x</p>', tags: `${'['.repeat(depth)}${']'.repeat(depth)}` }));
    refused(inForm, 'VALIDATION_ERROR');
    const inRelation = await admin.post('/api/our-work', form({ title: unique('Dalam'), category_ids: `${'['.repeat(depth)}${']'.repeat(depth)}` }));
    refused(inRelation, 'VALIDATION_ERROR');
    refused(await admin.request('POST', '/api/category', '{"title": "x",', { 'content-type': 'application/json' }), 'BAD_REQUEST');
    refused(await admin.request('POST', '/api/category', 'title=x', { 'content-type': 'text/plain' }), 'BAD_REQUEST');
  });

  it('refuses a write whose Referer is malformed, like any write from an unknown origin', async () => {
    const admin = await asAdmin();
    // A browser's write without an Origin header, judged by its Referer.
    const write = (referer: string) =>
      fetch(`${admin.base}/api/category`, {
        method: 'POST',
        headers: { cookie: admin.cookie, referer, 'content-type': 'application/json' },
        body: JSON.stringify({ title: unique('Kategori') }),
      });
    for (const referer of ['http://[::1', 'not a url', '%%%', 'http://']) {
      const answer = await write(referer);
      expect(answer.status, referer).toBe(403);
      expect(await answer.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await write(`${admin.base}/admin/category`)).status).toBe(201);
  });
});

describe('values of the wrong type or shape', () => {
  it('refuses objects, arrays and booleans where text is expected, instead of storing "[object Object]"', async () => {
    const admin = await asAdmin();
    const object = await admin.post('/api/category', { title: { a: 1 } });
    refused(object, 'VALIDATION_ERROR');
    expect(object.body.message).toBe('Title harus berupa teks.');
    refused(await admin.post('/api/category', { title: ['a', 'b'] }), 'VALIDATION_ERROR');
    refused(await admin.post('/api/category', { title: true }), 'VALIDATION_ERROR');
    refused(await admin.post('/api/category', { title: 'Ok', order: { a: 1 } }), 'VALIDATION_ERROR');
    refused(await admin.post('/api/category', { title: 'Ok', order: 1e300 }), 'VALIDATION_ERROR');
    refused(await admin.post('/api/category', { title: 'Ok', isActive: { a: 1 } }), 'VALIDATION_ERROR');
    refused(await admin.post('/api/vision', { title: 'Ok', shortDescription: 's', content: '<p>x</p>', tags: [{ a: 1 }] }), 'VALIDATION_ERROR');
    refused(await admin.post('/api/our-work', { title: 'Ok', category_ids: [{ _id: { a: 1 } }] }), 'VALIDATION_ERROR');
    refused(await admin.post('/api/user', { username: unique('u'), email: 'x@example.org', password: ['a'], fullName: 'x', role: { a: 1 } }), 'VALIDATION_ERROR');
    refused(await admin.post('/api/bio-core', { title: 'Ok', content: '<p>x</p>', features: [{ title: { a: 1 } }] }), 'VALIDATION_ERROR');
    refused(await admin.post('/api/category', { title: 'Ok', image: { url: 'x' } }), 'VALIDATION_ERROR');
    const numberTitle = await admin.post<Row>('/api/category', { title: 2024, isActive: false });
    expect(numberTitle.body.success && numberTitle.body.data.title).toBe('2024');
  });

  it('refuses a required rich text that sanitises to nothing', async () => {
    const admin = await asAdmin();
    const answer = await admin.post('/api/vision', form({ title: unique('Skrip'), shortDescription: 's', content: '<script>alert(1)</script>' }));
    refused(answer, 'VALIDATION_ERROR');
    expect(answer.body.message).toBe('Konten wajib diisi.');
    const created = await admin.post<Row>('/api/vision', form({ title: unique('Visi'), shortDescription: 's', content: '<p>Isi</p>', isPublished: 'false' }));
    if (!created.body.success) throw new Error(created.body.message);
    const emptied = await admin.put(`/api/vision/${created.body.data._id}`, form({ content: '<iframe src="https://evil.example"></iframe><style>p{}</style>' }));
    refused(emptied, 'VALIDATION_ERROR');
    const kept = await admin.get<Row>(`/api/vision/${created.body.data._id}`);
    expect(kept.body.success && kept.body.data.content).toBe('<p>Isi</p>');
  });

  it('caps the length of every text, tag and list item with a message in Indonesian', async () => {
    const admin = await asAdmin();
    const long = await admin.post('/api/category', { title: 'x'.repeat(5001) });
    expect(long.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Title maksimal 5000 karakter.' });
    const description = await admin.post('/api/category', { title: 'x', description: 'x'.repeat(50_001) });
    expect(description.body.message).toBe('Description maksimal 50000 karakter.');
    const tag = await admin.post('/api/vision', { title: 'x', shortDescription: 's', content: '<p>x</p>', tags: ['x'.repeat(101)] });
    expect(tag.body.message).toBe('Setiap tag maksimal 100 karakter.');
    const tags = await admin.post('/api/vision', { title: 'x', shortDescription: 's', content: '<p>x</p>', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) });
    expect(tags.body.message).toBe('Tags maksimal 50 tag.');
    const items = await admin.post('/api/bio-core', { title: 'x', content: '<p>x</p>', features: Array.from({ length: 101 }, (_, i) => ({ title: `f${i}` })) });
    expect(items.body.message).toBe('Fitur Utama maksimal 100 item.');
    const item = await admin.post('/api/bio-core', { title: 'x', content: '<p>x</p>', features: [{ title: 'x'.repeat(5001) }] });
    expect(item.body.message).toBe('Fitur Utama tidak valid.');
  });
});

describe('control characters and slugs', () => {
  it('strips control characters from every text on the way in, so feeds stay valid XML', async () => {
    const admin = await asAdmin();
    const title = `Judul\u0000 dengan\u0007 kontrol\u001b\u0085 ${unique('x')}`;
    const created = await admin.post<Row>('/api/vision', {
      title,
      shortDescription: 'Baris satu\r\nBaris\u0000 dua\u000b',
      content: '<p>Isi\u0000 konten\u0001</p>',
      tags: ['tag\u0000satu'],
      isPublished: false,
    });
    if (!created.body.success) throw new Error(created.body.message);
    const record = created.body.data;
    expect(record.title).toBe(title.replace(/[\u0000-\u001f\u0085]/g, ''));
    expect(record.shortDescription).toBe('Baris satu\r\nBaris dua');
    expect(record.content).toBe('<p>Isi konten</p>');
    expect(record.tags).toEqual(['tagsatu']);
    const oneLine = await admin.post<Row>('/api/category', { title: `Dua\nbaris\t${unique('k')}` });
    expect(oneLine.body.success && String(oneLine.body.data.title)).toMatch(/^Dua baris /);
    const onlyControls = await admin.post('/api/category', { title: '\u0000\u0001\u0002' });
    expect(onlyControls.body.message).toBe('Title wajib diisi.');
  });

  it('caps generated and typed slugs at 80 characters, at a word boundary', async () => {
    const admin = await asAdmin();
    const words = Array.from({ length: 60 }, (_, i) => `kata${i}`).join(' ');
    const title = `${unique('Judul')} ${words}`;
    const vision = await admin.post<Row>('/api/vision', { title, shortDescription: 's', content: '<p>x</p>', isPublished: false });
    if (!vision.body.success) throw new Error(vision.body.message);
    const slug = String(vision.body.data.slug);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(title.toLowerCase().replace(/\s+/g, '-').startsWith(slug)).toBe(true);
    expect(title.toLowerCase().replace(/\s+/g, '-')[slug.length]).toBe('-');
    const bio = await admin.post<Row>('/api/bio-core', { title, content: '<p>x</p>' });
    expect(bio.body.success && String(bio.body.data.slug).length).toBeLessThanOrEqual(80);
    const typed = await admin.post<Row>('/api/category', { title: unique('Kategori'), slug: `${unique('s')}-${'a'.repeat(300)}` });
    expect(typed.body.success && String(typed.body.data.slug).length).toBeLessThanOrEqual(80);
    // One very long word keeps its start rather than leaving only the short word before it.
    const longWord = await admin.post<Row>('/api/category', { title: `EN ${'Supercalifragilisticexpialidocious'.repeat(4)}` });
    expect(longWord.body.success && longWord.body.data.slug).toBe(`en-${'supercalifragilisticexpialidocious'.repeat(4)}`.slice(0, 80));
    const unicode = await admin.post('/api/category', { title: '日本語のタイトル' });
    expect(unicode.body.message).toBe('Slug wajib diisi.');
  });
});

describe('links', () => {
  const safe = ['/our-work', '#section', '/our-work?x=1#y', 'https://example.org/a?b=c', 'http://localhost:8787/x'];
  const unsafe = [
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'https:evil.example',
    'https://user:pw@evil.example',
    'vbscript:x',
    'ftp://example.org',
  ];

  it('accepts links inside the site and http(s) addresses in a CTA, and refuses unsafe ones', async () => {
    const admin = await asAdmin();
    for (const ctaUrl of safe) {
      const answer = await admin.post<Row>('/api/hero-section', { title: unique('Hero'), ctaUrl, isActive: false });
      expect(answer.status, ctaUrl).toBe(201);
      expect(answer.body.success && answer.body.data.ctaUrl).toBe(ctaUrl);
    }
    for (const ctaUrl of unsafe) {
      const answer = await admin.post('/api/hero-section', { title: unique('Hero'), ctaUrl, isActive: false });
      expect(answer.status, ctaUrl).toBe(400);
      expect(answer.body.message, ctaUrl).toBe('CTA URL harus berupa URL (https://...) atau alamat di situs ini (/halaman atau #bagian).');
    }
  });

  it('wants absolute addresses for canonical, OG, social and partner links, completing a bare host', async () => {
    const admin = await asAdmin();
    for (const canonicalUrl of ['/our-work', '#x', ...unsafe]) {
      const answer = await admin.post('/api/seo', { page: unique('p'), title: 't', description: 'd', canonicalUrl });
      expect(answer.status, canonicalUrl).toBe(400);
      expect(answer.body.message).toBe('Canonical URL harus berupa URL lengkap yang valid (https://...).');
    }
    for (const linkedin of ['javascript:alert(1)', '//evil.example']) {
      expect((await admin.post('/api/team', { name: 'n', position: 'p', bio: '<p>b</p>', linkedin })).status, linkedin).toBe(400);
    }
    const partner = await admin.post<Row>('/api/partner', { name: unique('Mitra'), website: 'mitra.example.org/tentang' });
    expect(partner.body.success && partner.body.data.website).toBe('https://mitra.example.org/tentang');
    expect((await admin.post('/api/partner', { name: unique('Mitra'), website: 'javascript:alert(1)' })).status).toBe(400);
  });
});

describe('file names and folders', () => {
  it('refuses a 2,000-character extension, folder or folder name with a clear 400', async () => {
    const admin = await asAdmin();
    const extension = await admin.post('/api/files/upload', form({ file: new File(['x'], `a.${'x'.repeat(2000)}`, { type: 'text/plain' }) }));
    refused(extension, 'VALIDATION_ERROR');
    expect(extension.body.message).toBe('Ekstensi file terlalu panjang (maksimal 12 karakter).');
    const folder = await admin.post('/api/files/upload', form({ file: new File(['x'], 'a.txt', { type: 'text/plain' }), folder: 'f'.repeat(2000) }));
    expect(folder.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Nama folder maksimal 200 karakter.' });
    const nested = await admin.post('/api/files/upload', form({ file: new File(['x'], 'a.txt', { type: 'text/plain' }), folder: 'a/'.repeat(1000) }));
    refused(nested, 'VALIDATION_ERROR');
    const named = await admin.post('/api/files/create-folder', { folderName: 'f'.repeat(2000) });
    expect(named.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Nama folder maksimal 200 karakter.' });
    refused(await admin.post('/api/files/create-folder', { folderName: { a: 1 } }), 'VALIDATION_ERROR');
    const record = await admin.post('/api/partner', form({ name: unique('Mitra'), logo: new File([await PNG().arrayBuffer()], `logo.${'p'.repeat(2000)}`, { type: 'image/png' }) }));
    refused(record, 'VALIDATION_ERROR');
  });

  it('serves a stored file whatever its conditional and range headers hold', async () => {
    const admin = await asAdmin();
    const uploaded = await admin.post<{ url: string }>('/api/upload', form({ file: PNG() }));
    const url = `${admin.base}${uploaded.body.success ? uploaded.body.data.url : ''}`;
    for (const headers of [{ 'if-none-match': '"a", "b", *' } as Record<string, string>, { 'if-none-match': '"' }, { range: 'bytes=abc' }, { range: 'bytes=5-1' }, { range: 'bytes=0-1,3-4' }]) {
      const answer = await fetch(url, { headers });
      expect(answer.status, JSON.stringify(headers)).toBeLessThan(500);
    }
  });

  it('answers malformed percent-escapes in stored-file paths with 404', async () => {
    const admin = await asAdmin();
    for (const path of ['%zz', '%E0%A4%A', 'a%', `${'x'.repeat(3000)}.png`, '%2e%2e%2fwrangler.toml']) {
      const served = await fetch(`${admin.base}/uploads/${path}`);
      expect(served.status, path).toBe(404);
      const removed = await admin.delete(`/api/files/delete/${path}`);
      expect(removed.status, path).toBe(404);
      expect(removed.body).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('settings', () => {
  it('strips control characters from the Collaborate title and refuses a non-text one', async () => {
    const admin = await asAdmin();
    const before = await admin.get<{ collaborateTitle: string }>('/api/settings');
    const saved = await admin.put<{ collaborateTitle: string }>('/api/settings', { collaborateTitle: 'Mari\u0000 Berkolaborasi\u0007' });
    expect(saved.body.success && saved.body.data.collaborateTitle).toBe('Mari Berkolaborasi');
    const wrong = await admin.put('/api/settings', { collaborateTitle: { a: 1 } });
    expect(wrong.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Title harus berupa teks.' });
    await admin.put('/api/settings', { collaborateTitle: before.body.success ? before.body.data.collaborateTitle : 'Mari Berkolaborasi' });
  });
});
