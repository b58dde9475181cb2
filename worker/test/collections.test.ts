/** Every collection, driven by its definition: create, list, read, update, delete as the admin does. */
import { assert, describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../src/contract/fields.ts';
import { resources } from '../src/contract/resources.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';
import { sampleForm } from './samples.ts';


// Subscribers are created by the public sign-up, not by staff (see subscribers.test.ts).
const staffCreated = (Object.entries(resources) as [string, ResourceDefinition][]).filter(([key]) => key !== 'subscriber');

describe.each(staffCreated)('%s', (_key, resource) => {
  it(`creates, lists, reads, updates and deletes /api/${resource.path}`, async () => {
    const admin = await asAdmin();
    const roles = await admin.get<Row[]>('/api/role');
    const refs = { role: roles.body.success ? roles.body.data[0]!._id : '' };

    const created = await admin.post<Row>(`/api/${resource.path}`, sampleForm(resource, refs));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (!created.body.success) return;
    const record = created.body.data;
    expect(record.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(record).not.toHaveProperty('passwordHash');
    expect(record).not.toHaveProperty('password');

    const list = await admin.get<Row[]>(`/api/${resource.path}`);
    expect(list.body.success && list.body.data.some((row) => row._id === record._id)).toBe(true);
    const one = await admin.get<Row>(`/api/${resource.path}/${record._id}`);
    expect(one.status).toBe(200);

    // A partial update changes only what is sent.
    const firstText = Object.entries(resource.fields).find(([, f]) => f.kind === 'text' && (!f.format || f.format === 'multiline') && !f.pattern && !f.unique)?.[0];
    assert(firstText, 'a plain text field to update');
    const update = new FormData();
    update.append(firstText, 'Judul Baru');
    const updated = await admin.put<Row>(`/api/${resource.path}/${record._id}`, update);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.success && updated.body.data[firstText]).toBe('Judul Baru');
    // Another filled text field, when the collection has one, keeps its value.
    const unchanged = Object.keys(resource.fields).filter((name) => name !== firstText && typeof record[name] === 'string' && record[name] !== '').slice(0, 1);
    expect(unchanged.map((name) => updated.body.success && updated.body.data[name])).toEqual(unchanged.map((name) => record[name]));

    const removed = await admin.delete(`/api/${resource.path}/${record._id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Data berhasil dihapus!');
    expect((await admin.get(`/api/${resource.path}/${record._id}`)).status).toBe(404);
  });
});

describe('public reads', () => {
  it('lists only active/published records to visitors and honours the query filters', async () => {
    const visitor = new Client();
    for (const [path, flag] of [
      ['vision', 'isPublished'],
      ['bio-core', 'isPublished'],
      ['our-work', 'isActive'],
      ['category', 'isActive'],
    ] as const) {
      const anonymous = await visitor.get<Row[]>(`/api/${path}`);
      expect(anonymous.body.success && anonymous.body.data.length).toBeGreaterThan(0);
      expect(anonymous.body.success && anonymous.body.data.every((row) => row[flag] === true)).toBe(true);
    }
    const featured = await visitor.get<Row[]>('/api/vision?published=true&featured=true&limit=1');
    expect(featured.body.success && featured.body.data).toHaveLength(1);
    expect(featured.body.success && featured.body.data[0]!.isFeatured).toBe(true);
    const values = await visitor.get<Row[]>('/api/values?published=true');
    const orders = values.body.success ? values.body.data.map((v) => Number(v.order)) : [];
    expect(orders.length).toBeGreaterThanOrEqual(4);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('finds records by slug, expands work categories, and gives our-impact its public timestamps', async () => {
    const visitor = new Client();
    const work = await visitor.get<{ category_ids: { title: string; slug: string }[] }>('/api/our-work/slug/biogas-untuk-pasar-tradisional');
    expect(work.body.success && work.body.data.category_ids.map((c) => c.slug)).toEqual(['energi-terbarukan', 'pengelolaan-sampah']);
    const impacts = await visitor.get<{ slug: string; create_time: string; update_time: string }[]>('/api/our-impact');
    const first = impacts.body.success ? impacts.body.data[0]! : null;
    expect(first?.create_time).toMatch(/^\d{4}-/);
    expect((await visitor.get(`/api/our-impact/slug/${first?.slug}`)).status).toBe(200);
    expect((await visitor.get('/api/bio-core/slug/draf-biocore-generasi-kedua')).status).toBe(404);
  });

  it('answers unknown API paths with the JSON envelope', async () => {
    const answer = await new Client().get('/api/does-not-exist');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('payloads as the admin screens send them', () => {
  it('links a work to categories sent as JSON array text, as legacy objects, or repeated parts, and refuses unknown ones', async () => {
    const admin = await asAdmin();
    const categories = await admin.get<Row[]>('/api/category?active=true');
    const [a, b] = categories.body.success ? categories.body.data : [];
    const asJson = await admin.post<{ _id: string; category_ids: { _id: string; title: string }[] }>(
      '/api/our-work',
      form({ title: unique('Karya'), category_ids: JSON.stringify([b!._id, a!._id]), isActive: 'true', order: '2' }),
    );
    expect(asJson.status).toBe(201);
    expect(asJson.body.success && asJson.body.data.category_ids.map((c) => c._id)).toEqual([b!._id, a!._id]);
    expect(asJson.body.success && asJson.body.data.category_ids[0]!.title).toBe(b!.title);
    const id = asJson.body.success ? asJson.body.data._id : '';
    const legacy = await admin.put<{ category_ids: { _id: string }[] }>(`/api/our-work/${id}`, { category_ids: [{ _id: a!._id, title: a!.title }] });
    expect(legacy.body.success && legacy.body.data.category_ids.map((c) => c._id)).toEqual([a!._id]);
    const repeated = await admin.put<{ category_ids: { _id: string }[] }>(`/api/our-work/${id}`, form({ category_ids: [a!._id, b!._id] }));
    expect(repeated.body.success && repeated.body.data.category_ids.map((c) => c._id)).toEqual([a!._id, b!._id]);
    const cleared = await admin.put<{ category_ids: unknown[] }>(`/api/our-work/${id}`, form({ category_ids: '[]' }));
    expect(cleared.body.success && cleared.body.data.category_ids).toEqual([]);
    const unknown = await admin.put(`/api/our-work/${id}`, form({ category_ids: JSON.stringify(['tidak-ada']) }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Categories tidak ditemukan: tidak-ada.');
  });

  it('toggles a gallery item with JSON isActive alone, keeping its image', async () => {
    const admin = await asAdmin();
    const gallery = await admin.get<Row[]>('/api/gallery');
    const item = gallery.body.success ? gallery.body.data[0]! : null;
    const off = await admin.put<Row>(`/api/gallery/${item?._id}`, { isActive: !item?.isActive });
    expect(off.status).toBe(200);
    expect(off.body.success && [off.body.data.isActive, off.body.data.image, off.body.data.title]).toEqual([!item?.isActive, item?.image, item?.title]);
    expect((await admin.put(`/api/gallery/${item?._id}`, { isActive: item?.isActive })).status).toBe(200);
  });

  it('saves the public impact section with the stats group and serves it first to visitors', async () => {
    const admin = await asAdmin();
    const title = unique('Dampak Publik');
    const saved = await admin.post<Row>('/api/impact', {
      title,
      subtitle: 'Sejak 2014',
      isActive: true,
      stats: [{ value: '12', label: 'Desa', icon: 'home' }],
      mainStatement: 'Pernyataan utama',
      collaborations: [{ name: 'Mitra A', description: 'd', number: '3', icon: 'i', image: 'uploads/seed/a.svg' }, { name: '', description: '' }],
      metrics: [{ value: '1', label: 'Satu' }, { value: '2', label: 'Dua' }],
      description: 'Deskripsi',
      photos: [{ image: 'uploads/seed/b.svg', caption: 'Foto' }],
    });
    expect(saved.status).toBe(201);
    const visitor = new Client();
    const first = await visitor.get<Row[]>('/api/impact?active=true');
    const section = first.body.success ? first.body.data[0] : undefined;
    expect(section).toMatchObject({
      title,
      mainStatement: 'Pernyataan utama',
      collaborations: [{ name: 'Mitra A', number: '3', order: 0 }],
      metrics: [{ label: 'Satu', order: 0 }, { label: 'Dua', order: 1 }],
      photos: [{ caption: 'Foto', order: 0 }],
      stats: [{ value: '12', label: 'Desa', icon: 'home', order: 0 }],
    });
    await admin.delete(`/api/impact/${saved.body.success ? saved.body.data._id : ''}`);
  });
});
