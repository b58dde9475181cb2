/**
 * Restoring a deleted record or an older version brings its pictures back: a released file
 * waits in a trash that is not served; one that is gone is named in the answer.
 */
import { describe, expect, it } from 'vitest';
import { asAdmin, type Client, form, unique } from './client.ts';
import { PNG } from './samples.ts';

type Row = { _id: string; featuredImage: string } & Record<string, unknown>;

const served = async (base: string, path: string) => (await fetch(`${base}/${path.replace(/^\//, '')}`)).status;

const article = (image: File | string) => form({ title: unique('Artikel Bergambar'), content: '<p>Isi</p>', featuredImage: image });

/** A stored BioCore article with its picture: an uploaded PNG unless a stored path is given. */
async function newArticle(admin: Client, image: File | string = PNG()) {
  const created = await admin.post<Row>('/api/bio-core', article(image));
  if (!created.body.success) throw new Error(created.body.message);
  return created.body.data;
}

describe('pictures of restored records', () => {
  it('a deleted record comes back with its picture, which was not served meanwhile', async () => {
    const admin = await asAdmin();
    const { _id: id, featuredImage: image } = await newArticle(admin);
    expect(await served(admin.base, image)).toBe(200);
    expect((await admin.delete(`/api/bio-core/${id}`)).status).toBe(200);
    expect(await served(admin.base, image)).toBe(404);

    const restored = await admin.post<Row>(`/api/bio-core/deleted/${id}/restore`);
    expect(restored.status).toBe(201);
    expect(restored.body.message).toBe('Data berhasil dipulihkan!');
    expect(restored.body.success && restored.body.data.featuredImage).toBe(image);
    expect(await served(admin.base, image)).toBe(200);
  });

  it('an older version comes back with the picture it had', async () => {
    const admin = await asAdmin();
    const { _id: id, featuredImage: first } = await newArticle(admin);
    const replaced = await admin.put<Row>(`/api/bio-core/${id}`, form({ featuredImage: PNG() }));
    expect(replaced.body.success && replaced.body.data.featuredImage).not.toBe(first);
    expect(await served(admin.base, first)).toBe(404);

    const restored = await admin.post<Row>(`/api/bio-core/${id}/revisions/1/restore`);
    expect(restored.body.message).toBe('Versi 1 berhasil dipulihkan!');
    expect(restored.body.success && restored.body.data.featuredImage).toBe(first);
    expect(await served(admin.base, first)).toBe(200);
  });

  it('a picture that is gone for good is named in the answer, never a silent broken image', async () => {
    const admin = await asAdmin();
    // A picture from the file manager stays the staff's until they delete it there.
    const uploaded = await admin.post<{ url: string }>('/api/files/upload', form({ file: PNG() }));
    const image = uploaded.body.success ? uploaded.body.data.url.replace(/^\//, '') : '';
    const { _id: id } = await newArticle(admin, image);
    expect((await admin.delete(`/api/bio-core/${id}`)).status).toBe(200);
    expect((await admin.delete(`/api/files/delete/${encodeURIComponent(image)}`)).status).toBe(200);
    const restored = await admin.post<Row>(`/api/bio-core/deleted/${id}/restore`);
    expect(restored.status).toBe(201);
    expect(restored.body.message).toBe(`Data berhasil dipulihkan! Tetapi file ini sudah tidak ada lagi dan perlu diunggah ulang: /${image}.`);
  });
});

describe('a save naming a stored picture by its path', () => {
  it('brings back a picture another save released, so the page never shows a broken image', async () => {
    const admin = await asAdmin();
    const { _id: id, featuredImage: first } = await newArticle(admin);
    expect((await admin.put<Row>(`/api/bio-core/${id}`, form({ featuredImage: PNG() }))).status).toBe(200);
    expect(await served(admin.base, first)).toBe(404);
    // A form opened before the replacement, or a script putting back what it read, sends the old path.
    const back = await admin.put<Row>(`/api/bio-core/${id}`, { featuredImage: first });
    expect(back.status).toBe(200);
    expect(back.body.success && back.body.data.featuredImage).toBe(first);
    expect(await served(admin.base, first)).toBe(200);
  });

  it('refuses a path whose file does not exist, and changes nothing', async () => {
    const admin = await asAdmin();
    const { _id: id, featuredImage: image } = await newArticle(admin);
    const missing = `uploads/bio-core/${unique('hilang')}.png`;
    for (const answer of [await admin.put<Row>(`/api/bio-core/${id}`, { featuredImage: missing }), await admin.post<Row>('/api/bio-core', article(missing))]) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('File Featured Image sudah tidak ada. Unggah file lagi.');
    }
    const kept = await admin.get<Row>(`/api/bio-core/${id}`);
    expect(kept.body.success && kept.body.data.featuredImage).toBe(image);
    expect(await served(admin.base, image)).toBe(200);
  });
});
