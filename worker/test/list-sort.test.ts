/** Lists ordered by a column (`?sort=title`, `?sort=-order`): with search, filters and paging, ties in the collection's own order, bad columns refused in Indonesian. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, Client, type Row } from './client.ts';

let admin: Client;
const visitor = new Client();
const run = Date.now().toString(36);
const created: Array<{ path: string; id: string }> = [];

/** Categories of this run, in the order they are made; titles in mixed letter case. */
const CATEGORIES = [
  { title: `beta ${run}`, order: 2, isActive: true },
  { title: `Alfa ${run}`, order: 3, isActive: false },
  { title: `delta ${run}`, order: 1, isActive: true },
  { title: `Charlie ${run}`, order: 1, isActive: true },
  { title: `Echo ${run}`, order: 5, isActive: false },
];
/** Partner categories, declared corporate, academic, government, ngo, other: not alphabetical. */
const PARTNERS = [
  { name: `Mitra Urut ${run} A`, category: 'ngo' },
  { name: `Mitra Urut ${run} B`, category: 'corporate' },
  { name: `Mitra Urut ${run} C`, category: 'government' },
];

async function make(path: string, values: Record<string, unknown>) {
  const answer = await admin.post<Row>(`/api/${path}`, values);
  if (!answer.body.success) throw new Error(answer.body.message);
  created.push({ path, id: answer.body.data._id });
  return answer.body.data;
}

/** The rows of one list read, or the failure. */
async function read(path: string, who: Client = admin) {
  const answer = await who.get<Row[]>(path);
  if (!answer.body.success) throw new Error(`${path}: ${answer.status} ${answer.body.message}`);
  return answer.body;
}
const titles = async (path: string) => (await read(path)).data.map((row) => String(row.title).replace(` ${run}`, ''));

beforeAll(async () => {
  admin = await asAdmin();
  for (const category of CATEGORIES) await make('category', category);
  for (const partner of PARTNERS) await make('partner', partner);
}, 60_000);

afterAll(async () => {
  for (const { path, id } of created) await admin.delete(`/api/${path}/${id}`);
}, 60_000);

describe('a list sorted by a column', () => {
  it('orders words ignoring letter case, both ways', async () => {
    expect(await titles(`/api/category?search=${run}&sort=title`)).toEqual(['Alfa', 'beta', 'Charlie', 'delta', 'Echo']);
    expect(await titles(`/api/category?search=${run}&sort=-title`)).toEqual(['Echo', 'delta', 'Charlie', 'beta', 'Alfa']);
  });

  it('continues the order on the next page, and narrows with a filter', async () => {
    const first = await read(`/api/category?search=${run}&sort=-title&page=1&limit=2`);
    const second = await read(`/api/category?search=${run}&sort=-title&page=2&limit=2`);
    expect([...first.data, ...second.data].map((row) => String(row.title).replace(` ${run}`, ''))).toEqual(['Echo', 'delta', 'Charlie', 'beta']);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
    expect(await titles(`/api/category?search=${run}&isActive=true&sort=title`)).toEqual(['beta', 'Charlie', 'delta']);
  });

  it('keeps equal values in the collection own order (by order, then newest first)', async () => {
    // Active first (true is 1, so descending), then by order ascending; delta and Charlie share order 1, Charlie is newer.
    expect(await titles(`/api/category?search=${run}&sort=-isActive`)).toEqual(['Charlie', 'delta', 'beta', 'Alfa', 'Echo']);
    expect(await titles(`/api/category?search=${run}&sort=-order`)).toEqual(['Echo', 'Alfa', 'beta', 'Charlie', 'delta']);
    expect(await titles(`/api/category?search=${run}&sort=createdAt`)).toEqual(['beta', 'Alfa', 'delta', 'Charlie', 'Echo']);
  });

  it('orders choices as the definition declares them', async () => {
    const partners = await read(`/api/partner?search=${encodeURIComponent(`Mitra Urut ${run}`)}&sort=category`);
    expect(partners.data.map((row) => row.category)).toEqual(['corporate', 'government', 'ngo']);
    const reversed = await read(`/api/partner?search=${encodeURIComponent(`Mitra Urut ${run}`)}&sort=-category`);
    expect(reversed.data.map((row) => row.category)).toEqual(['ngo', 'government', 'corporate']);
  });

  it('orders a list in another language by its translated words', async () => {
    const [beta, , delta] = created;
    for (const [record, title] of [[beta!, `Zulu ${run}`], [delta!, `Yankee ${run}`]] as const) {
      const answer = await admin.put(`/api/category/${record.id}/translations/en`, { title, slug: `sorted-${run}-${title.slice(0, 4).toLowerCase()}`, isPublished: true });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    // beta is "Zulu" in English, delta "Yankee": in English delta comes first.
    expect(await titles(`/api/category?search=${run}&locale=en&sort=title`)).toEqual(['Yankee', 'Zulu']);
  });

  it('is the same for anonymous readers of a public list', async () => {
    const answer = await read(`/api/category?search=${run}&sort=-title`, visitor);
    expect(answer.data.map((row) => String(row.title).replace(` ${run}`, ''))).toEqual(['delta', 'Charlie', 'beta']);
  });
});

describe('a sort the list cannot take', () => {
  it('is refused with a 400 in Indonesian naming the columns it can take', async () => {
    const unsortable = await admin.get('/api/category?sort=image');
    expect(unsortable.status).toBe(400);
    expect(unsortable.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(unsortable.body.message).toBe('Daftar tidak dapat diurutkan menurut Image. Pilihan: title, slug, description, isActive, order, createdAt, updatedAt (awali dengan - untuk urutan menurun).');
    const unknown = await admin.get('/api/category?sort=-rating&page=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Parameter sort tidak dikenal: rating\. Pilihan: title, /);
  });

  it('is refused, never a server error, for names that are no field and for anonymous readers', async () => {
    for (const sort of ['constructor', '__proto__', '-', '--title', 'title,slug']) {
      const answer = await admin.get(`/api/category?sort=${encodeURIComponent(sort)}`);
      expect(answer.status, sort).toBe(400);
    }
    expect((await visitor.get('/api/category?sort=image')).status).toBe(400);
    expect((await admin.get('/api/user?sort=password')).status).toBe(400);
  });
});
