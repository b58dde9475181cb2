/** Uploaded files: their bytes must be what their type says, and content's files go when no content uses them. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { asAdmin, Client, form, unique, type Row } from './client.ts';
import { fileWorker } from './worker.ts';
import { PNG } from './samples.ts';


const bytesOf = async (file: File) => new Uint8Array(await file.arrayBuffer());
const picture = sharp({ create: { width: 8, height: 6, channels: 3, background: '#6a8f4e' } });
/** A small real file of each raster format: a garbled one is refused. */
const SAMPLES: Record<string, Buffer> = {
  'image/jpeg': await picture.clone().jpeg().toBuffer(),
  'image/gif': await picture.clone().gif().toBuffer(),
  'image/webp': await picture.clone().webp().toBuffer(),
  'image/avif': await picture.clone().avif().toBuffer(),
};
const sample = (type: string, name: string) => new File([new Uint8Array(SAMPLES[type]!)], name, { type });

const served = async (base: string, path: string) => (await fetch(`${base}/${path.replace(/^\//, '')}`)).status;

describe('uploaded bytes match the declared type', () => {
  it('refuses an HTML page named .png in image fields, the editor and the file manager', async () => {
    const admin = await asAdmin();
    const page = '<!doctype html><script>alert(document.cookie)</script>';
    const asPng = () => new File([page], 'foto.png', { type: 'image/png' });
    const message = 'Isi file foto.png bukan gambar PNG yang valid. Pilih file gambar aslinya.';
    for (const [path, body] of [
      ['/api/partner', form({ name: unique('Mitra'), logo: asPng() })],
      ['/api/hero-section', form({ title: unique('Hero'), image: asPng() })],
      ['/api/upload', form({ file: asPng() })],
      ['/api/files/upload', form({ file: asPng() })],
    ] as const) {
      const answer = await admin.post(path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ code: 'INVALID_FILE_TYPE', message });
    }
    // Typed as nothing, named .jpg: judged by the name's type.
    const unnamed = await admin.post('/api/upload', form({ file: new File([page], 'foto.jpg', { type: '' }) }));
    expect(unnamed.body).toMatchObject({ code: 'INVALID_FILE_TYPE', message: 'Isi file foto.jpg bukan gambar JPG yang valid. Pilih file gambar aslinya.' });
    const svg = await admin.post('/api/upload', form({ file: new File(['%PDF-1.4'], 'logo.svg', { type: 'image/svg+xml' }) }));
    expect(svg.body).toMatchObject({ code: 'INVALID_FILE_TYPE' });
  });

  it('accepts real JPEG, PNG, GIF, WebP, AVIF, SVG and ICO files, and other types in the file manager', async () => {
    const admin = await asAdmin();
    for (const type of Object.keys(SAMPLES)) {
      const answer = await admin.post('/api/files/upload', form({ file: sample(type, `contoh.${type.split('/')[1]}`) }));
      expect(answer.status, type).toBe(201);
    }
    const editor = await admin.post('/api/upload', form({ file: sample('image/jpeg', 'foto.jpg') }));
    expect(editor.status).toBe(201);
    const svg = await admin.post<Row>('/api/partner', form({ name: unique('Mitra'), logo: new File(['\uFEFF  <?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }) }));
    expect(svg.status).toBe(201);
    const ico = new File([new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16])], 'favicon.ico', { type: 'image/x-icon' });
    const seo = await admin.post('/api/seo', form({ page: unique('p'), title: 't', description: 'd', favicon: ico, logo: PNG() }));
    expect(seo.status).toBe(201);
    const pdf = await admin.post('/api/files/upload', form({ file: new File(['%PDF-1.4 laporan'], 'laporan.pdf', { type: 'application/pdf' }) }));
    expect(pdf.status).toBe(201);
  });
});

describe('files of deleted and edited content', () => {
  it('removes a record\'s image when the record is deleted, and the replaced one when a new image is uploaded', async () => {
    const admin = await asAdmin();
    const created = await admin.post<Row>('/api/partner', form({ name: unique('Mitra'), logo: PNG() }));
    if (!created.body.success) throw new Error(created.body.message);
    const first = String(created.body.data.logo);
    expect(await served(admin.base, first)).toBe(200);

    const replaced = await admin.put<Row>(`/api/partner/${created.body.data._id}`, form({ logo: PNG() }));
    const second = String(replaced.body.success && replaced.body.data.logo);
    expect(second).not.toBe(first);
    expect(await served(admin.base, first)).toBe(404);
    expect(await served(admin.base, second)).toBe(200);

    expect((await admin.delete(`/api/partner/${created.body.data._id}`)).status).toBe(200);
    expect(await served(admin.base, second)).toBe(404);
  });

  it('keeps an image another record, a rich-text body or a list item still uses', async () => {
    const admin = await asAdmin();
    const owner = await admin.post<Row>('/api/category', form({ title: unique('Kategori'), image: PNG(), isActive: 'false' }));
    if (!owner.body.success) throw new Error(owner.body.message);
    const image = String(owner.body.data.image);
    const second = await admin.post<Row>('/api/gallery', form({ title: unique('Galeri'), description: 'd', image: `/${image}`, isActive: 'false' }));
    expect(second.status).toBe(201);
    expect((await admin.delete(`/api/category/${owner.body.data._id}`)).status).toBe(200);
    expect(await served(admin.base, image)).toBe(200);

    // Now only in a rich-text body, then only in a BioCore feature, then only as an avatar.
    const body = await admin.post<Row>('/api/vision', form({ title: unique('Visi'), shortDescription: 's', content: `<p>Foto</p><img src="/${image}" alt="">`, isPublished: 'false' }));
    expect(body.status).toBe(201);
    expect((await admin.delete(`/api/gallery/${second.body.success ? second.body.data._id : ''}`)).status).toBe(200);
    expect(await served(admin.base, image)).toBe(200);
    const bio = await admin.post<Row>('/api/bio-core', { title: unique('Bio'), content: '<p>x</p>', features: [{ title: 'Fitur', image: `/${image}` }] });
    expect(bio.status).toBe(201);
    expect((await admin.delete(`/api/vision/${body.body.success ? body.body.data._id : ''}`)).status).toBe(200);
    expect(await served(admin.base, image)).toBe(200);
    expect((await admin.delete(`/api/bio-core/${bio.body.success ? bio.body.data._id : ''}`)).status).toBe(200);
    expect(await served(admin.base, image)).toBe(404);
  });

  it('removes editor images a deleted body held, but never files uploaded in the file manager', async () => {
    const admin = await asAdmin();
    const editor = await admin.post<{ url: string }>('/api/upload', form({ file: PNG() }));
    const managed = await admin.post<{ url: string }>('/api/files/upload', form({ file: PNG(), folder: 'partner' }));
    const editorUrl = editor.body.success ? editor.body.data.url : '';
    const managedUrl = managed.body.success ? managed.body.data.url : '';
    const content = `<p>Dua foto</p><img src="${editorUrl}" alt=""><img src="${admin.base}${managedUrl}" alt="">`;
    const vision = await admin.post<Row>('/api/vision', form({ title: unique('Visi'), shortDescription: 's', content, isPublished: 'false' }));
    if (!vision.body.success) throw new Error(vision.body.message);
    // An edit that keeps the images keeps them served.
    await admin.put(`/api/vision/${vision.body.data._id}`, form({ title: unique('Visi Baru') }));
    expect(await served(admin.base, editorUrl)).toBe(200);
    expect((await admin.delete(`/api/vision/${vision.body.data._id}`)).status).toBe(200);
    expect(await served(admin.base, editorUrl)).toBe(404);
    expect(await served(admin.base, managedUrl)).toBe(200);
  });

  it('keeps a record\'s files when its delete is refused', async () => {
    const admin = await asAdmin();
    const visitor = new Client();
    const created = await admin.post<Row>('/api/team', form({ name: unique('Nama'), position: 'p', bio: '<p>b</p>', image: PNG(), isPublished: 'false' }));
    if (!created.body.success) throw new Error(created.body.message);
    expect((await visitor.delete(`/api/team/${created.body.data._id}`)).status).toBe(401);
    expect(await served(admin.base, String(created.body.data.image))).toBe(200);
    expect(await bytesOf(PNG())).toEqual(new Uint8Array(await (await fetch(`${admin.base}/${String(created.body.data.image)}`)).arrayBuffer()));
  });
});

describe('the hourly sweep of uploads no content used', () => {
  /** Fires the worker's Cron Trigger as if at `time`. */
  const runJobs = (time: number) => fileWorker().runScheduled(time);

  it('removes an editor picture whose text was never saved once a day has passed, and nothing in use', async () => {
    const admin = await asAdmin();
    const upload = async (path: string) => {
      const answer = await admin.post<{ url: string }>(path, form({ file: PNG() }));
      if (!answer.body.success) throw new Error(answer.body.message);
      return answer.body.data.url;
    };
    const abandoned = await upload('/api/upload');
    const used = await upload('/api/upload');
    const managed = await upload('/api/files/upload');
    const vision = await admin.post('/api/vision', form({ title: unique('Visi'), shortDescription: 's', content: `<p>x</p><img src="${used}" alt="">`, isPublished: 'false' }));
    expect(vision.status).toBe(201);

    const at = (hoursLater: number) => {
      const time = new Date(Date.now() + hoursLater * 3_600_000);
      time.setUTCMinutes(23);
      return time.getTime();
    };
    // Within the day nothing goes; the sweep walks the bucket a page per run.
    for (let run = 0; run < 5; run++) await runJobs(at(1));
    expect(await served(admin.base, abandoned)).toBe(200);
    for (let run = 0; run < 10 && (await served(admin.base, abandoned)) === 200; run++) await runJobs(at(26));
    expect(await served(admin.base, abandoned)).toBe(404);
    for (let run = 0; run < 5; run++) await runJobs(at(26));
    expect(await served(admin.base, used)).toBe(200);
    expect(await served(admin.base, managed)).toBe(200);
  });
});
