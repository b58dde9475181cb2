/** Lists at scale: the default cap on anonymous reads, paging, ETag revalidation, answers kept in memory, and reading only what changed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIST_LIMIT, PUBLIC_LIST_LIMIT } from '../src/contract/limits.ts';
import { ANSWER_LIFETIME_MS, AnswerCache } from '../src/http/answer-cache.ts';
import { asAdmin, Client } from './client.ts';
import { fileWorker } from './worker.ts';

type Row = { _id: string; name: string; updatedAt: string; isActive: boolean };
const visitor = new Client();
let admin: Client;
const created: string[] = [];
const run = Date.now().toString(36);

beforeAll(async () => {
  admin = await asAdmin();
  // More active partners than one anonymous answer holds.
  const names = Array.from({ length: PUBLIC_LIST_LIMIT + 5 }, (_, i) => `Mitra Skala ${run} ${i}`);
  for (let i = 0; i < names.length; i += 5) {
    const answers = await Promise.all(names.slice(i, i + 5).map((name) => admin.post<Row>('/api/partner', { name, isActive: true })));
    for (const answer of answers) {
      if (!answer.body.success) throw new Error(answer.body.message);
      created.push(answer.body.data._id);
    }
  }
}, 120_000);

afterAll(async () => {
  for (const id of created) await admin.delete(`/api/partner/${id}`);
}, 120_000);

describe('anonymous list reads', () => {
  it('answer at most the default number of records without a limit, with a pagination block', async () => {
    const list = await visitor.get<Row[]>('/api/partner');
    expect(list.status).toBe(200);
    if (!list.body.success) throw new Error(list.body.message);
    expect(list.body.data).toHaveLength(PUBLIC_LIST_LIMIT);
    const total = list.body.pagination!.total;
    expect(total).toBeGreaterThanOrEqual(PUBLIC_LIST_LIMIT + 5);
    expect(list.body.pagination).toEqual({ page: 1, limit: PUBLIC_LIST_LIMIT, total, pages: Math.ceil(total / PUBLIC_LIST_LIMIT) });
  });

  it('page through the whole list with page and limit, each record once', async () => {
    const first = await visitor.get<Row[]>('/api/partner?limit=40&page=1');
    if (!first.body.success) throw new Error(first.body.message);
    const { pages, total } = first.body.pagination!;
    const ids = first.body.data.map((row) => row._id);
    for (let page = 2; page <= pages; page++) {
      const next = await visitor.get<Row[]>(`/api/partner?limit=40&page=${page}`);
      if (!next.body.success) throw new Error(next.body.message);
      ids.push(...next.body.data.map((row) => row._id));
    }
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    for (const id of created) expect(ids).toContain(id);
  });

  it('accept a limit up to the maximum, and staff still read the whole list', async () => {
    const large = await visitor.get<Row[]>(`/api/partner?limit=${MAX_LIST_LIMIT + 500}`);
    if (!large.body.success) throw new Error(large.body.message);
    expect(large.body.pagination?.limit).toBe(MAX_LIST_LIMIT);
    expect(large.body.data.length).toBe(large.body.pagination?.total);
    const staff = await admin.get<Row[]>('/api/partner');
    if (!staff.body.success) throw new Error(staff.body.message);
    expect(staff.body.data.length).toBeGreaterThan(PUBLIC_LIST_LIMIT);
  });
});

describe('ETag', () => {
  const conditional = (path: string, etag: string) => fetch(visitor.base + path, { headers: { 'if-none-match': etag } });

  it('answers 304 to an unchanged list and 200 with a new tag after a change', async () => {
    const path = '/api/partner?limit=5';
    const first = await fetch(visitor.base + path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const unchanged = await conditional(path, etag);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    // A change anywhere in the collection, even to a record outside this page, is a new version.
    expect((await admin.put(`/api/partner/${created.at(-1)}`, { description: 'Diperbarui' })).status).toBe(200);
    const changed = await conditional(path, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json<{ data: unknown[] }>()).data).toHaveLength(5);

    // Unpublishing and deleting change it too.
    const afterUpdate = changed.headers.get('etag')!;
    expect((await admin.put(`/api/partner/${created.at(-2)}`, { isActive: false })).status).toBe(200);
    const afterUnpublish = await conditional(path, afterUpdate);
    expect(afterUnpublish.status).toBe(200);
    expect((await admin.delete(`/api/partner/${created.pop()}`)).status).toBe(200);
    expect((await conditional(path, afterUnpublish.headers.get('etag')!)).status).toBe(200);
  });

  it('tags slug and id reads; staff answers carry none and are not cached', async () => {
    const record = await fetch(`${visitor.base}/api/partner/${created[0]}`);
    const etag = record.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await conditional(`/api/partner/${created[0]}`, etag)).status).toBe(304);
    const staff = await admin.request('GET', '/api/partner?limit=5', undefined, { 'if-none-match': etag });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('etag')).toBeNull();
    expect(staff.headers.get('cache-control')).toBe('no-store');
  });
});

describe('answers kept in memory', () => {
  const answer = { body: '{"success":true}', tag: 'W/"a"' };

  it('are kept for less than a second, by the clock they were kept at', () => {
    const cache = new AnswerCache();
    cache.keep('/api/partner', answer, cache.token(), 10_000);
    expect(cache.get('/api/partner', 10_000 + ANSWER_LIFETIME_MS - 1)).toEqual(expect.objectContaining(answer));
    expect(cache.get('/api/partner', 10_000 + ANSWER_LIFETIME_MS)).toBeUndefined();
    // A clock moved back does not make an answer young.
    cache.keep('/api/partner', answer, cache.token(), 10_000);
    expect(cache.get('/api/partner', 9_999)).toBeUndefined();
  });

  it('are emptied when a write starts and ends, and an answer read across a write is not kept', async () => {
    const cache = new AnswerCache();
    cache.keep('/api/partner', answer, cache.token());
    const before = cache.token();
    await cache.around(async () => {
      expect(cache.get('/api/partner')).toBeUndefined();
      // Read while the write runs: not kept, whatever the token.
      cache.keep('/api/partner', answer, cache.token());
      expect(cache.get('/api/partner')).toBeUndefined();
    });
    cache.keep('/api/partner', answer, before);
    expect(cache.get('/api/partner')).toBeUndefined();
    // A failed write empties it too.
    cache.keep('/api/partner', answer, cache.token());
    await expect(cache.around(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(cache.get('/api/partner')).toBeUndefined();
  });

  it('hold a bounded number of answers of a bounded size', () => {
    const cache = new AnswerCache();
    for (let n = 0; n <= 256; n++) cache.keep(`/api/partner?page=${n}`, answer, cache.token());
    expect(cache.get('/api/partner?page=0')).toBeUndefined();
    expect(cache.get('/api/partner?page=256')).toBeDefined();
    cache.keep('/api/partner?large', { ...answer, body: 'x'.repeat(256 * 1024 + 1) }, cache.token());
    expect(cache.get('/api/partner?large')).toBeUndefined();
    // 4 MB in all: the seventeenth answer of 256 KB pushes out the oldest.
    const large = new AnswerCache();
    const full = { ...answer, body: 'x'.repeat(256 * 1024) };
    for (let n = 0; n <= 16; n++) large.keep(`/api/vision?page=${n}`, full, large.token());
    expect(large.get('/api/vision?page=0')).toBeUndefined();
    expect(large.get('/api/vision?page=1')).toBeDefined();
    expect(large.get('/api/vision?page=16')).toBeDefined();
  });

  it("show a change made in D1 behind the worker's back once the cron trigger has run", async () => {
    const path = `/api/partner/${created[0]}`;
    const read = async () => ((await visitor.get<Row>(path)).body as { data: Row }).data.name;
    const name = await read();
    await (await fileWorker().database()).prepare('update partner set name = ? where id = ?').bind(`${name} (dipulihkan)`, created[0]).run();
    await fileWorker().runScheduled();
    expect(await read()).toBe(`${name} (dipulihkan)`);
  });
});

describe('reading what changed', () => {
  it('lists only records changed after updatedAfter, and refuses a malformed instant', async () => {
    const before = await admin.get<Row[]>('/api/partner/versions');
    if (!before.body.success) throw new Error(before.body.message);
    const since = before.body.data.map((row) => row.updatedAt).sort().at(-1)!;
    expect((await admin.put(`/api/partner/${created[1]}`, { description: 'Baru' })).status).toBe(200);
    const changed = await visitor.get<Row[]>(`/api/partner?updatedAfter=${encodeURIComponent(since)}`);
    if (!changed.body.success) throw new Error(changed.body.message);
    expect(changed.body.data.map((row) => row._id)).toEqual([created[1]]);

    const refused = await visitor.get('/api/partner?updatedAfter=kemarin');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(refused.body.message).toContain('updatedAfter');
  });

  it('lists every visible id with its last change, so a build sees deletions and unpublished records', async () => {
    const versions = await visitor.get<{ _id: string; updatedAt: string }[]>('/api/partner/versions');
    if (!versions.body.success) throw new Error(versions.body.message);
    const ids = versions.body.data.map((row) => row._id);
    expect(ids).toContain(created[0]);
    expect(Object.keys(versions.body.data[0]!).sort()).toEqual(['_id', 'updatedAt']);
    const list = await visitor.get<Row[]>(`/api/partner?limit=${MAX_LIST_LIMIT}`);
    if (!list.body.success) throw new Error(list.body.message);
    expect(ids).toEqual(list.body.data.map((row) => row._id));

    expect((await admin.put(`/api/partner/${created[0]}`, { isActive: false })).status).toBe(200);
    const after = await visitor.get<{ _id: string }[]>('/api/partner/versions');
    if (!after.body.success) throw new Error(after.body.message);
    expect(after.body.data.map((row) => row._id)).not.toContain(created[0]);
  });
});
