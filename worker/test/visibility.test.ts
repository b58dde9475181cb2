/**
 * What visitors may read: drafts and scheduled records of every public collection stay hidden,
 * private collections stay closed.
 */
import { describe, expect, it } from 'vitest';
import { scheduleFields, type ResourceDefinition } from '../src/contract/fields.ts';
import { resources } from '../src/contract/resources.ts';
import { asAdmin, Client, form, unique, type Answer } from './client.ts';
import { sampleForm } from './samples.ts';

type Row = { _id: string; slug?: string } & Record<string, unknown>;
const all = Object.values(resources) as ResourceDefinition[];
const withFlag = all.filter((r) => r.visibleWhen).map((r) => [r.path, r] as const);

/** The status of a record's read by slug, or null for a record without a slug (its collection has none). */
const slugReadStatus = async (client: Client, path: string, slug: unknown) => (slug ? (await client.get(`/api/${path}/slug/${String(slug)}`)).status : null);

describe('drafts of every public collection', () => {
  it.each(withFlag)('/api/%s hides a hidden record from visitors in lists, filters, id and slug reads', async (path, resource) => {
    const flag = resource.visibleWhen!;
    const admin = await asAdmin();
    const created = await admin.post<Row>(`/api/${path}`, sampleForm(resource, {}, { [flag]: 'false' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (!created.body.success) return;
    const draft = created.body.data;
    expect(draft[flag]).toBe(false);

    const visitor = new Client();
    const hasDraft = (answer: Awaited<ReturnType<Client['get']>>) =>
      answer.body.success && (answer.body.data as Row[]).some((row) => row._id === draft._id);
    for (const query of ['', '?active=true', '?published=true', '?active=false', '?published=false', `?${flag}=false`, '?limit=1000']) {
      const list = await visitor.get<Row[]>(`/api/${path}${query}`);
      expect(list.status, query).toBe(200);
      expect(hasDraft(list), `visitor list ${query}`).toBe(false);
      expect(list.body.success && list.body.data.every((row) => row[flag] === true), `visitor list ${query}`).toBe(true);
    }
    const byId = await visitor.get(`/api/${path}/${draft._id}`);
    expect(byId.status).toBe(404);
    expect(byId.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await slugReadStatus(visitor, path, draft.slug)).toBe(draft.slug ? 404 : null);

    // Staff see it, and the same filters narrow their view.
    expect(hasDraft(await admin.get(`/api/${path}`))).toBe(true);
    expect(hasDraft(await admin.get(`/api/${path}?${flag}=false`))).toBe(true);
    expect(hasDraft(await admin.get(`/api/${path}?active=true`))).toBe(false);
    expect((await admin.get(`/api/${path}/${draft._id}`)).status).toBe(200);
    expect(await slugReadStatus(admin, path, draft.slug)).toBe(draft.slug ? 200 : null);

    // Publishing it makes it public; then it is removed again.
    await admin.put(`/api/${path}/${draft._id}`, { [flag]: true });
    expect(hasDraft(await visitor.get(`/api/${path}`))).toBe(true);
    expect((await visitor.get(`/api/${path}/${draft._id}`)).status).toBe(200);
    expect((await admin.delete(`/api/${path}/${draft._id}`)).status).toBe(200);
  });
});

const scheduled = all.filter((r) => scheduleFields(r).length > 0).map((r) => [r.path, r] as const);
const DAY = 86_400_000;

describe('scheduled records of every collection with a schedule', () => {
  it.each(scheduled)('/api/%s hides a record before its publish time and after its unpublish time, whatever its flag', async (path, resource) => {
    const flag = resource.visibleWhen!;
    const admin = await asAdmin();
    const title = unique('Terjadwal');
    // Ticked public, to appear tomorrow: the editor's save from the issue.
    const created = await admin.post<Row>(`/api/${path}`, sampleForm(resource, {}, { [flag]: 'true', [resource.titleField]: title, publishAt: new Date(Date.now() + DAY).toISOString() }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (!created.body.success) return;
    const record = created.body.data;
    expect(record[flag]).toBe(true);

    const visitor = new Client();
    const listed = (answer: Answer) => answer.body.success && (answer.body.data as Row[]).some((row) => row._id === record._id);
    const search = `search=${encodeURIComponent(title)}`;
    const expectPublic = async (shown: boolean, when: string) => {
      for (const query of ['', '?active=true', '?published=true', `?${flag}=true`, '?limit=1000', '?page=1&limit=1000', `?${search}`]) {
        const list = await visitor.get<Row[]>(`/api/${path}${query}`);
        expect(list.status, query).toBe(200);
        expect(listed(list), `${when}: visitor list ${query}`).toBe(shown);
      }
      const paged = await visitor.get<Row[]>(`/api/${path}?${search}&page=1&limit=5`);
      expect(paged.body.success && paged.body.pagination?.total, `${when}: paging total`).toBe(shown ? 1 : 0);
      const versions = await visitor.get<Row[]>(`/api/${path}/versions`);
      expect(listed(versions), `${when}: versions`).toBe(shown);
      expect((await visitor.get(`/api/${path}/${record._id}`)).status, `${when}: by id`).toBe(shown ? 200 : 404);
      expect(await slugReadStatus(visitor, path, record.slug), `${when}: by slug`).toBe(record.slug ? (shown ? 200 : 404) : null);
      // Staff see it either way; their "published" filter means what the public sees.
      expect(listed(await admin.get(`/api/${path}?${search}`)), `${when}: staff list`).toBe(true);
      expect((await admin.get(`/api/${path}/${record._id}`)).status).toBe(200);
      expect(listed(await admin.get(`/api/${path}?${search}&published=true`)), `${when}: staff ?published=true`).toBe(shown);
      expect(listed(await admin.get(`/api/${path}?${search}&published=false`)), `${when}: staff ?published=false`).toBe(!shown);
    };

    await expectPublic(false, 'publish time tomorrow');
    // The time moved to the past (as if it had come): public.
    expect((await admin.put(`/api/${path}/${record._id}`, form({ publishAt: new Date(Date.now() - 60_000).toISOString() }))).status).toBe(200);
    await expectPublic(true, 'publish time passed');
    // An unpublish time that has passed hides it while its flag is still on.
    expect((await admin.put(`/api/${path}/${record._id}`, form({ publishAt: '', unpublishAt: new Date(Date.now() - 60_000).toISOString() }))).status).toBe(200);
    await expectPublic(false, 'unpublish time passed');
    // One still ahead does not.
    expect((await admin.put(`/api/${path}/${record._id}`, form({ unpublishAt: new Date(Date.now() + DAY).toISOString() }))).status).toBe(200);
    await expectPublic(true, 'unpublish time tomorrow');
    expect((await admin.delete(`/api/${path}/${record._id}`)).status).toBe(200);
  });

  it('refuses an unpublish time that is not after the publish time, also against the stored one', async () => {
    const admin = await asAdmin();
    const at = Date.now() + DAY;
    const refused = await admin.post('/api/vision', form({ title: unique('Visi'), shortDescription: 's', content: '<p>c</p>', publishAt: new Date(at).toISOString(), unpublishAt: new Date(at).toISOString() }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Berhenti tayang pada harus setelah Terbit pada.' });
    const created = await admin.post<Row>('/api/vision', form({ title: unique('Visi'), shortDescription: 's', content: '<p>c</p>', publishAt: new Date(at).toISOString() }));
    const id = created.body.success ? created.body.data._id : '';
    const edit = await admin.put(`/api/vision/${id}`, form({ unpublishAt: new Date(at - 60_000).toISOString() }));
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('Berhenti tayang pada harus setelah Terbit pada.');
    expect((await admin.put(`/api/vision/${id}`, form({ unpublishAt: new Date(at + 60_000).toISOString() }))).status).toBe(200);
    expect((await admin.delete(`/api/vision/${id}`)).status).toBe(200);
  });
});

describe('links expanded for visitors', () => {
  it('name only records the public sees: a hidden category is not shown on a work', async () => {
    const admin = await asAdmin();
    const hiddenCategory = await admin.post<Row>('/api/category', form({ title: unique('Kategori Tersembunyi'), isActive: 'false' }));
    const shownCategory = await admin.post<Row>('/api/category', form({ title: unique('Kategori') }));
    const [hidden, shown] = [hiddenCategory, shownCategory].map((answer) => (answer.body.success ? answer.body.data : { _id: '' }));
    const created = await admin.post<Row>('/api/our-work', form({ title: unique('Karya'), category_ids: JSON.stringify([hidden!._id, shown!._id]) }));
    const work = created.body.success ? created.body.data : { _id: '' };
    const categoriesOf = (answer: Answer) => (answer.body.success ? ((answer.body.data as Row).category_ids as Row[]).map((c) => c._id) : []);
    expect(categoriesOf(await new Client().get(`/api/our-work/${work._id}`))).toEqual([shown!._id]);
    expect(categoriesOf(await admin.get(`/api/our-work/${work._id}`))).toEqual([hidden!._id, shown!._id]);
    for (const id of [work._id, hidden!._id, shown!._id]) await admin.delete(`/api/${id === work._id ? 'our-work' : 'category'}/${id}`);
  });
});

describe('private collections', () => {
  it.each(all.filter((r) => !r.public).map((r) => [r.path] as const))('/api/%s is closed to visitors, for lists and single records', async (path) => {
    const admin = await asAdmin();
    const list = await admin.get<Row[]>(`/api/${path}`);
    const id = list.body.success ? list.body.data[0]?._id : undefined;
    expect(id).toBeDefined();
    const visitor = new Client();
    for (const url of [`/api/${path}`, `/api/${path}?page=1&limit=10`, `/api/${path}/${id}`]) {
      const answer = await visitor.get(url);
      expect(answer.status, url).toBe(401);
      expect(answer.body).toMatchObject({ success: false, data: null, code: 'UNAUTHORIZED', message: 'Silakan login terlebih dahulu.' });
    }
  });
});
