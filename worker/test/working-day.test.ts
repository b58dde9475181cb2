/** What the admin's working day relies on from the API: computed reading times, slugs kept as shown, search everywhere. */
import { describe, expect, it } from 'vitest';
import { asAdmin, form, unique } from './client.ts';

type Row = Record<string, unknown> & { _id: string };
const words = (count: number) => `<p>${Array.from({ length: count }, (_, i) => `kata${i}`).join(' ')}</p>`;

describe('reading time left empty', () => {
  it('is computed from the text at about 200 words a minute, and stays computed when the text changes', async () => {
    const admin = await asAdmin();
    const long = await admin.post<Row>('/api/vision', form({ title: unique('Visi Panjang'), shortDescription: 's', content: words(1500), readTime: '' }));
    if (!long.body.success) throw new Error(long.body.message);
    expect([long.body.data.readTime, long.body.data.readTimeComputed]).toEqual([8, true]);
    const shorter = await admin.put<Row>(`/api/vision/${long.body.data._id}`, form({ content: words(420) }));
    expect(shorter.body.success && [shorter.body.data.readTime, shorter.body.data.readTimeComputed]).toEqual([2, true]);
  });

  it('keeps a typed reading time, and goes back to computed when emptied', async () => {
    const admin = await asAdmin();
    const typed = await admin.post<Row>('/api/bio-core', form({ title: unique('Bio Waktu'), content: words(1500), readTime: '12' }));
    if (!typed.body.success) throw new Error(typed.body.message);
    expect([typed.body.data.readTime, typed.body.data.readTimeComputed]).toEqual([12, false]);
    const emptied = await admin.put<Row>(`/api/bio-core/${typed.body.data._id}`, form({ readTime: '' }));
    expect(emptied.body.success && [emptied.body.data.readTime, emptied.body.data.readTimeComputed]).toEqual([8, true]);
  });
});

describe('slugs', () => {
  it('stores a BioCore slug sent by the form exactly as sent, and one made from the title by the BioCore rule', async () => {
    const admin = await asAdmin();
    const suffix = Date.now().toString(36);
    const sent = await admin.post<Row>('/api/bio-core', form({ title: `Bank Sampah Digital di Kampung Cibunut ${suffix}`, slug: `bank-sampah-digital-di-kampung-cibunut-${suffix}`, content: '<p>c</p>' }));
    expect(sent.body.success && sent.body.data.slug).toBe(`bank-sampah-digital-di-kampung-cibunut-${suffix}`);
    const typed = await admin.post<Row>('/api/bio-core', form({ title: unique('Judul'), slug: `  Ketik Sendiri: Slug! ${suffix} `, content: '<p>c</p>' }));
    expect(typed.body.success && typed.body.data.slug).toBe(`ketik-sendiri-slug-${suffix}`);
  });
});

describe('search', () => {
  it('searches a collection without a hand-made list, over its text and slug fields', async () => {
    const admin = await asAdmin();
    const marker = `cari${Date.now().toString(36)}`;
    await admin.post('/api/category', form({ title: unique('Kategori'), description: `Deskripsi dengan ${marker} di dalamnya` }));
    await admin.post('/api/category', form({ title: unique('Lainnya') }));
    const found = await admin.get<Row[]>(`/api/category?search=${marker}`);
    expect(found.body.success && found.body.data.map((row) => String(row.description))).toEqual([`Deskripsi dengan ${marker} di dalamnya`]);
    const gallery = await admin.get<Row[]>('/api/gallery?search=tidak-ada-sama-sekali');
    expect(gallery.body.success && gallery.body.data).toEqual([]);
  });
});
