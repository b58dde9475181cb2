/** History of content records: versions written with each change, differences, restores, deleted records (with their translations), English versions, and saves that would lose another person's edits. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RevisionDetail, RevisionSummary as Version } from '../src/contract/staff-answers.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';

type VersionDetail = RevisionDetail & { record: Row };

let admin: Client;
let permissionId: Map<string, string>;
beforeAll(async () => {
  admin = await asAdmin();
  const list = await admin.get<Row[]>('/api/role/permissions/list');
  permissionId = new Map(list.body.success ? list.body.data.map((p) => [String(p.name), p._id]) : []);
});

async function staff(permissions: string[]) {
  const role = await admin.post<Row>('/api/role', form({ name: unique('Peran'), permissions: permissions.map((name) => permissionId.get(name)!) }));
  const username = unique('staf');
  const user = await admin.post<Row>('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Staf', role: role.body.success ? role.body.data._id : '' }));
  expect(user.status).toBe(201);
  const client = new Client();
  await client.login(username, 'rahasia-123');
  return client;
}

const data = <T>(answer: { status: number; body: { success: boolean } }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return (answer.body as unknown as { data: T }).data;
};

async function newVision(title = unique('Visi')) {
  return data<Row>(await admin.post('/api/vision', form({ title, shortDescription: 'Ringkas', content: '<p>Teks <strong>pertama</strong></p>', tags: 'sampah,kompos' })));
}

describe('versions', () => {
  it('writes a version with every create and update, saying who and which fields changed', async () => {
    const vision = await newVision();
    data(await admin.put(`/api/vision/${vision._id}`, form({ content: '<p>Teks kedua</p>', author: 'Rina' })));
    const versions = data<Version[]>(await admin.get(`/api/vision/${vision._id}/revisions`));
    expect(versions.map((v) => [v.version, v.action, v.username])).toEqual([
      [2, 'update', 'admin'],
      [1, 'create', 'admin'],
    ]);
    expect(versions[0]!.changedFields.map((f) => f.field).sort()).toEqual(['author', 'content']);
    const first = data<VersionDetail>(await admin.get(`/api/vision/${vision._id}/revisions/1`));
    expect(first.record).toMatchObject({ content: '<p>Teks <strong>pertama</strong></p>', tags: ['sampah', 'kompos'], isPublished: true });
    // Rich text is compared as the text a reader sees.
    expect(first.differences).toEqual([
      { field: 'content', label: 'Konten', before: 'Teks pertama', after: 'Teks kedua' },
      { field: 'author', label: 'Penulis', before: '', after: 'Rina' },
    ]);
  });

  it('writes nothing, not even a version, when the change is refused', async () => {
    const vision = await newVision();
    const refused = await admin.put(`/api/vision/${vision._id}`, form({ title: '' }));
    expect(refused.status).toBe(400);
    // A duplicate slug is refused inside the batch by the unique index: the version goes with it.
    const other = await newVision();
    const clash = await admin.put(`/api/vision/${other._id}`, form({ slug: String(vision.slug) }));
    expect(clash.status).toBe(409);
    expect(data<Version[]>(await admin.get(`/api/vision/${other._id}/revisions`))).toHaveLength(1);
    expect(data<Version[]>(await admin.get(`/api/vision/${vision._id}/revisions`))).toHaveLength(1);
  });

  it('keeps the state of a record saved before history existed as its first version', async () => {
    // A seeded record no test has saved yet (other test files may have edited some).
    let seeded: Row | undefined;
    for (const row of data<Row[]>(await admin.get('/api/values'))) {
      // Such a record answers an empty history, not an error.
      if (data<Version[]>(await admin.get(`/api/values/${row._id}/revisions`)).length === 0) {
        seeded = row;
        break;
      }
    }
    if (!seeded) throw new Error('every seeded value already has a history');
    data(await admin.put(`/api/values/${seeded._id}`, form({ title: 'Nilai Baru' })));
    const versions = data<Version[]>(await admin.get(`/api/values/${seeded._id}/revisions`));
    expect(versions).toHaveLength(2);
    const before = data<VersionDetail>(await admin.get(`/api/values/${seeded._id}/revisions/1`));
    expect(before.record.title).toBe(seeded.title);
  });

  it('keeps the last 50 versions of a record', async () => {
    const category = data<Row>(await admin.post('/api/category', form({ title: unique('Kategori') })));
    for (let i = 1; i <= 52; i++) data(await admin.put(`/api/category/${category._id}`, form({ description: `Versi ${i}` })));
    const versions = data<Version[]>(await admin.get(`/api/category/${category._id}/revisions`));
    expect(versions).toHaveLength(50);
    expect(versions[0]!.version).toBe(53);
    expect(versions.at(-1)!.version).toBe(4);
  });
});

describe('restore', () => {
  it('brings a version back as a new version, with links, through validation, audit and rebuild', async () => {
    const categories = data<Row[]>(await admin.get('/api/category'));
    const work = data<Row>(await admin.post('/api/our-work', form({ title: unique('Karya'), content: '<p>Lama</p>', category_ids: [categories[0]!._id] })));
    data(await admin.put(`/api/our-work/${work._id}`, form({ content: '<p>Baru</p>', category_ids: [categories[1]!._id] })));
    const restored = await admin.post<Row>(`/api/our-work/${work._id}/revisions/1/restore`);
    expect(restored.body.message).toBe('Versi 1 berhasil dipulihkan!');
    const record = data<Row>(restored);
    expect(record.content).toBe('<p>Lama</p>');
    expect((record.category_ids as Row[]).map((c) => c._id)).toEqual([categories[0]!._id]);
    const versions = data<Version[]>(await admin.get(`/api/our-work/${work._id}/revisions`));
    expect(versions.map((v) => v.action)).toEqual(['restore', 'update', 'create']);
    expect(versions[0]!.changedFields.map((f) => f.field).sort()).toEqual(['category_ids', 'content']);
    // Links read as the ids they name, as the admin's save-conflict view shows them.
    const first = data<VersionDetail>(await admin.get(`/api/our-work/${work._id}/revisions/2`));
    expect(first.differences.find((d) => d.field === 'category_ids')).toMatchObject({ before: categories[1]!._id, after: categories[0]!._id });
    const audit = data<{ action: string; recordId: string; summary: string }[]>(await admin.get('/api/audit?limit=5'));
    expect(audit.find((entry) => entry.recordId === work._id)?.summary).toContain('dipulihkan dari versi 1');
  });

  it('refuses an unknown version and a version of another record', async () => {
    const vision = await newVision();
    expect((await admin.post(`/api/vision/${vision._id}/revisions/9/restore`)).status).toBe(404);
    expect((await admin.get(`/api/vision/not-a-record/revisions`)).status).toBe(404);
  });
});

describe('permissions on history', () => {
  it('needs module.read to read history and module.update to restore', async () => {
    const vision = await newVision();
    data(await admin.put(`/api/vision/${vision._id}`, form({ author: 'Budi' })));
    const reader = await staff(['vision.read']);
    expect((await reader.get(`/api/vision/${vision._id}/revisions`)).status).toBe(200);
    const refused = await reader.post(`/api/vision/${vision._id}/revisions/1/restore`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ details: { required: 'vision.update' } });
    const writerOnly = await staff(['vision.update']);
    expect((await writerOnly.get(`/api/vision/${vision._id}/revisions`)).status).toBe(403);
    expect((await new Client().get(`/api/vision/${vision._id}/revisions`)).status).toBe(401);
    expect(data<Version[]>(await admin.get(`/api/vision/${vision._id}/revisions`))).toHaveLength(2);
  });
});

describe('deleted records', () => {
  it('lists a deleted record and brings it back with its id and history', async () => {
    const vision = await newVision();
    data(await admin.put(`/api/vision/${vision._id}`, form({ author: 'Sari' })));
    data(await admin.delete(`/api/vision/${vision._id}`));
    const deleted = data<{ _id: string; title: string; deletedBy: string }[]>(await admin.get('/api/vision/deleted'));
    expect(deleted.find((d) => d._id === vision._id)).toMatchObject({ title: vision.title, deletedBy: 'admin' });

    const creatorOnly = await staff(['vision.read']);
    expect((await creatorOnly.post(`/api/vision/deleted/${vision._id}/restore`)).status).toBe(403);

    const back = await admin.post<Row>(`/api/vision/deleted/${vision._id}/restore`);
    expect(back.status).toBe(201);
    expect(data<Row>(back)).toMatchObject({ _id: vision._id, title: vision.title, author: 'Sari' });
    expect(data<{ _id: string }[]>(await admin.get('/api/vision/deleted')).some((d) => d._id === vision._id)).toBe(false);
    const versions = data<Version[]>(await admin.get(`/api/vision/${vision._id}/revisions`));
    expect(versions.map((v) => v.action)).toEqual(['restore', 'delete', 'update', 'create']);
    expect((await admin.post(`/api/vision/deleted/${vision._id}/restore`)).status).toBe(404);
  });

  it('brings a deleted record back with its English version and that version\'s history', async () => {
    const vision = await newVision();
    const slug = `deleted-with-english-${Date.now()}`;
    const path = `/api/vision/${vision._id}/translations/en`;
    data(await admin.put(path, { title: 'Kept in English', slug, shortDescription: 'A summary.', content: '<p>English.</p>', isPublished: true }));
    data(await admin.delete(`/api/vision/${vision._id}`));
    expect((await new Client().get(`/api/vision/slug/${slug}?locale=en`)).status).toBe(404);

    data(await admin.post(`/api/vision/deleted/${vision._id}/restore`));
    expect(data<{ status: string; slug: string }>(await admin.get(path))).toMatchObject({ status: 'published', slug });
    const shown = await new Client().get<Row>(`/api/vision/slug/${slug}?locale=en`);
    expect(shown.body.success && shown.body.data).toMatchObject({ _id: vision._id, title: 'Kept in English' });
    expect(data<Version[]>(await admin.get(`${path}/revisions`)).map((v) => v.action)).toEqual(['update']);
  });
});

describe('English versions', () => {
  type Translation = { status: string; slug: string | null; values: Record<string, unknown>; isPublished: boolean };
  type TranslationDetail = { version: number; translation: { slug: string; values: Record<string, unknown>; isPublished: boolean }; differences: { field: string; before: string; after: string }[] };
  const english = (title: string, slug: string, isPublished = true) => ({ title, slug, shortDescription: 'A summary in English.', content: `<p>${title} in English.</p>`, isPublished });

  it('records who saved each English version and what changed, and restores one as a new version that the English site shows', async () => {
    const vision = await newVision();
    const slug = `history-in-english-${Date.now()}`;
    const path = `/api/vision/${vision._id}/translations/en`;
    data(await admin.put(path, english('First English Title', slug, false)));
    data(await admin.put(path, english('Second English Title', slug)));
    // The Indonesian history is the record's own: the English saves add nothing to it.
    expect(data<Version[]>(await admin.get(`/api/vision/${vision._id}/revisions`)).map((v) => v.action)).toEqual(['create']);

    const versions = data<Version[]>(await admin.get(`${path}/revisions`));
    expect(versions.map((v) => [v.version, v.action, v.username])).toEqual([
      [2, 'update', 'admin'],
      [1, 'update', 'admin'],
    ]);
    expect(versions[0]!.changedFields.map((f) => f.label)).toEqual(['Judul', 'Konten', 'Publikasikan versi English']);
    const first = data<TranslationDetail>(await admin.get(`${path}/revisions/1`));
    expect(first.translation).toMatchObject({ slug, isPublished: false, values: { title: 'First English Title' } });
    expect(first.differences.find((d) => d.field === 'title')).toMatchObject({ before: 'First English Title', after: 'Second English Title' });

    // Restoring version 1 brings back its text and its draft state: the English page goes offline.
    const restored = await admin.post<Translation>(`${path}/revisions/1/restore`);
    expect(restored.body.message).toBe('Versi English 1 berhasil dipulihkan!');
    expect(data<Translation>(restored)).toMatchObject({ status: 'draft', values: { title: 'First English Title' } });
    expect((await new Client().get(`/api/vision/slug/${slug}?locale=en`)).status).toBe(404);
    expect(data<Version[]>(await admin.get(`${path}/revisions`)).map((v) => [v.version, v.action])).toEqual([
      [3, 'restore'],
      [2, 'update'],
      [1, 'update'],
    ]);
    // And version 2 brings the published English page back.
    data(await admin.post(`${path}/revisions/2/restore`));
    const shown = await new Client().get<Row>(`/api/vision/slug/${slug}?locale=en`);
    expect(shown.body.success && shown.body.data.title).toBe('Second English Title');
    const audit = data<{ summary: string; recordId: string }[]>(await admin.get('/api/audit?limit=20'));
    expect(audit.filter((entry) => entry.recordId === vision._id).map((entry) => entry.summary)).toContain(`${String(vision.title)} (English, draf) (dipulihkan dari versi 1)`);

    expect((await admin.get(`${path}/revisions/9`)).status).toBe(404);
    expect((await admin.post(`${path}/revisions/9/restore`)).status).toBe(404);
    expect((await admin.get(`/api/vision/${vision._id}/translations/fr/revisions`)).status).toBe(400);
    const readOnly = await staff(['vision.read']);
    expect((await readOnly.get(`${path}/revisions`)).status).toBe(200);
    expect((await readOnly.post(`${path}/revisions/1/restore`)).status).toBe(403);
    expect((await new Client().get(`${path}/revisions`)).status).toBe(401);
  });

  it('keeps a removed English version in its history, so it can be brought back', async () => {
    const vision = await newVision();
    const slug = `removed-in-english-${Date.now()}`;
    const path = `/api/vision/${vision._id}/translations/en`;
    data(await admin.put(path, english('Removed English Title', slug)));
    data(await admin.delete(path));
    expect(data<Translation>(await admin.get(path)).status).toBe('missing');
    const versions = data<Version[]>(await admin.get(`${path}/revisions`));
    expect(versions.map((v) => [v.version, v.action])).toEqual([
      [2, 'delete'],
      [1, 'update'],
    ]);
    data(await admin.post(`${path}/revisions/2/restore`));
    expect(data<Translation>(await admin.get(path))).toMatchObject({ status: 'published', slug, values: { title: 'Removed English Title' } });
  });

  it('refuses to restore an English version whose slug another record took since, keeping both as they are', async () => {
    const vision = await newVision();
    const other = await newVision();
    const slug = `taken-later-${Date.now()}`;
    const path = `/api/vision/${vision._id}/translations/en`;
    data(await admin.put(path, english('Old English Title', slug)));
    data(await admin.put(path, english('New English Title', `${slug}-new`)));
    data(await admin.put(`/api/vision/${other._id}/translations/en`, english('Another Record', slug)));

    const refused = await admin.post(`${path}/revisions/1/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Slug "${slug}" sudah digunakan dalam English. Gunakan slug lain.`);
    expect(data<Translation>(await admin.get(path))).toMatchObject({ slug: `${slug}-new`, values: { title: 'New English Title' } });
    expect(data<Translation>(await admin.get(`/api/vision/${other._id}/translations/en`))).toMatchObject({ slug, values: { title: 'Another Record' } });
    expect(data<Version[]>(await admin.get(`${path}/revisions`))).toHaveLength(2);
  });
});

describe('no lost edits', () => {
  it('refuses a save started from an older version with 409 and the current record, and lets a save overwrite knowingly', async () => {
    const vision = await newVision();
    const rina = await asAdmin();
    const budi = await asAdmin();
    const startedAt = String(data<Row>(await budi.get(`/api/vision/${vision._id}`)).updatedAt);
    const rinaSaves = await rina.request('PUT', `/api/vision/${vision._id}`, form({ title: 'Versi Rina' }), { 'if-match': String(vision.updatedAt) });
    expect(rinaSaves.status).toBe(200);

    const stale = await budi.request('PUT', `/api/vision/${vision._id}`, form({ title: 'Versi Budi' }), { 'if-match': `"${startedAt}"` });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, code: 'CONFLICT', details: { current: { _id: vision._id, title: 'Versi Rina' }, savedBy: 'admin' } });
    expect(stale.body.message).toMatch(/^Data ini sudah diubah oleh admin pada .+ WIB, setelah Anda mulai mengedit\./);
    expect(data<Row>(await admin.get(`/api/vision/${vision._id}`)).title).toBe('Versi Rina');

    const current = (stale.body as { details: { current: Row } }).details.current;
    expect((await budi.request('PUT', `/api/vision/${vision._id}`, form({ title: 'Versi Budi' }), { 'if-match': String(current.updatedAt) })).status).toBe(200);
    // The admin's forms name their version in a field instead of the header.
    const staleForm = await rina.put(`/api/vision/${vision._id}`, form({ title: 'Versi Lama', _version: startedAt }));
    expect(staleForm.status).toBe(409);
    const overwrite = await rina.put<Row>(`/api/vision/${vision._id}`, form({ title: 'Timpa' }));
    expect(data<Row>(overwrite).title).toBe('Timpa');
  });
});
