/**
 * Pictures embedded in rich text as data: URLs (pasted from Word, or sent by any API client)
 * are stored as uploads, without their position, and the body keeps links to them with the
 * alt text Word gave them. A picture that cannot be read refuses the save and stores nothing.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_MAX } from '../src/contract/validation.ts';
import { asAdmin, unique } from './client.ts';
import { dataUrl, leaks, noise, phoneJpeg } from './photos.ts';

type Row = { _id: string; content: string };

/** Word's clipboard: the VML shape carries the description, the <img> points at it. */
const wordPicture = (shape: string, title: string, src: string) =>
  `<!--[if gte vml 1]><v:shape id="${shape}" type="#_x0000_t75" style='width:451pt'><v:imagedata src="file:///C:/Users/a/clip_image001.jpg" o:title="${title}"/></v:shape><![endif]--><![if !vml]><img width=602 height=451 src="${src}" v:shapes="${shape}"><![endif]>`;

const article = (content: string) => ({ title: unique('Artikel Word'), shortDescription: 'Dari Word', content, isPublished: false });

const sources = (html: string) => [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"[^>]*>/g)].map((match) => match[1]!);
const alts = (html: string) => [...html.matchAll(/<img\b[^>]*?\salt="([^"]*)"/g)].map((match) => match[1]!);

describe('pictures embedded in rich text', () => {
  it('two data: JPEGs with GPS become two uploads without it, alt text from Word kept', async () => {
    const admin = await asAdmin();
    const [first, second] = [await phoneJpeg(6), await phoneJpeg(1, 80, 60)];
    expect(leaks(first).length).toBeGreaterThan(0);
    const content = `<p>Kegiatan kami:</p>${wordPicture('Picture_x0020_1', 'Warga memilah sampah', dataUrl(first))}<p>Lalu:</p><img src="${dataUrl(second)}" alt="Kompos siap dipakai">`;
    const created = await admin.post<Row>('/api/vision', article(content));
    expect(created.status).toBe(201);
    if (!created.body.success) throw new Error(created.body.message);
    const stored = (await admin.get<Row>(`/api/vision/${created.body.data._id}`)).body;
    const body = stored.success ? stored.data.content : '';
    expect(body).not.toContain('data:');
    const urls = sources(body);
    expect(urls).toHaveLength(2);
    expect(urls.every((url) => /^\/uploads\/editor\/[\w.-]+\.jpg$/.test(url))).toBe(true);
    expect(new Set(urls).size).toBe(2);
    expect(alts(body)).toEqual(['Warga memilah sampah', 'Kompos siap dipakai']);
    for (const url of urls) {
      const response = await fetch(admin.base + url);
      expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(leaks(bytes), url).toEqual([]);
      expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    }
  });

  it('an update that embeds a picture stores it too, and the same picture twice is one file', async () => {
    const admin = await asAdmin();
    const created = await admin.post<Row>('/api/vision', article('<p>Awal</p>'));
    if (!created.body.success) throw new Error(created.body.message);
    const png = dataUrl(await sharp(await noise(20, 20)).withExif({ IFD0: { Make: 'TestPhone' } }).png().toBuffer(), 'image/png');
    const updated = await admin.put<Row>(`/api/vision/${created.body.data._id}`, { content: `<p><img src="${png}"></p><p><img src="${png}" title="Sama"></p>` });
    expect(updated.status).toBe(200);
    const body = updated.body.success ? updated.body.data.content : '';
    const urls = sources(body);
    expect(urls).toHaveLength(2);
    expect(urls[0]).toBe(urls[1]);
    expect(urls[0]).toMatch(/^\/uploads\/editor\/.+\.png$/);
    expect(leaks(new Uint8Array(await (await fetch(admin.base + urls[0])).arrayBuffer()))).toEqual([]);
  });

  it('a phone-sized picture is no "too long" body: the length counts the text, not the pictures that become files', async () => {
    const admin = await asAdmin();
    const photo = dataUrl(await phoneJpeg(6, 1600, 1200));
    expect(photo.length).toBeGreaterThan(RICH_TEXT_MAX);
    const created = await admin.post<Row>('/api/vision', article(`<p>Besar</p><img src="${photo}">`));
    expect(created.status).toBe(201);
    const body = created.body.success ? created.body.data.content : '';
    expect(body.length).toBeLessThan(200);
    expect(sources(body)).toEqual([expect.stringMatching(/^\/uploads\/editor\//)]);
  });

  it('a picture that cannot be read or cleaned refuses the save, which stores nothing', async () => {
    const admin = await asAdmin();
    const title = unique('Rusak');
    const cut = dataUrl((await phoneJpeg(6)).subarray(0, 500));
    for (const src of [cut, 'data:image/jpeg;base64,@@@', 'data:text/html;base64,PHNjcmlwdD4=']) {
      const answer = await admin.post<Row>('/api/vision', { ...article(`<p>Isi</p><img src="${src}">`), title });
      expect(answer.status, src.slice(0, 30)).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message, src.slice(0, 30)).toMatch(/Gambar|Tipe file/);
    }
    const listed = await admin.get<Array<{ title: string }>>(`/api/vision?search=${encodeURIComponent(title)}`);
    expect(listed.body.success && listed.body.data.filter((row) => row.title === title)).toEqual([]);
  });
});

describe('pictures embedded in a newsletter', () => {
  it('are stored as files without their position, never mailed as data: URLs', async () => {
    const admin = await asAdmin();
    const created = await admin.post<{ body: string }>('/api/newsletter/issues', { subject: unique('Kabar'), body: `<p>Foto:</p><img src="${dataUrl(await phoneJpeg(6))}" alt="Bank sampah">` });
    expect(created.status).toBe(201);
    const body = created.body.success ? created.body.data.body : '';
    expect(body).not.toContain('data:');
    const [url] = sources(body);
    expect(url).toMatch(/^\/uploads\/editor\/.+\.jpg$/);
    expect(alts(body)).toEqual(['Bank sampah']);
    expect(leaks(new Uint8Array(await (await fetch(admin.base + url)).arrayBuffer()))).toEqual([]);

    const preview = await admin.post<{ html: string }>('/api/newsletter/preview', { subject: 'Uji', body: `<img src="${dataUrl(await phoneJpeg(6))}">` });
    // An email embeds no picture bytes: a body picture without an email-sized copy is left out.
    expect(preview.status).toBe(200);
    expect(preview.body.success && preview.body.data.html).not.toMatch(/data:|<img[^>]+\/uploads\//);
  });
});
