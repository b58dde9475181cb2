/** A save repeated with its Idempotency-Key (the admin's retry after a dropped connection) is stored once. */
import { describe, expect, it } from 'vitest';
import { asAdmin, Client, unique } from './client.ts';
import { fileWorker } from './worker.ts';

/** Rows in the stored-keys table, read from the worker's D1. */
async function storedKeys(where = '1 = 1', args: string[] = []) {
  const db = await fileWorker().database();
  const row = await db.prepare(`select count(*) as n from idempotent_request where ${where}`).bind(...args).first<{ n: number }>();
  return Number(row!.n);
}

const runScheduledAt = (time: number) => fileWorker().runScheduled(time);

type Row = { _id: string; title: string };

const countTitled = async (admin: Awaited<ReturnType<typeof asAdmin>>, title: string) => {
  const found = await admin.get<Row[]>(`/api/category?search=${encodeURIComponent(title)}`);
  return found.body.success ? found.body.data.filter((row) => row.title === title).length : -1;
};

describe('idempotent writes', () => {
  it('answers a repeated create from the first attempt instead of creating a second record', async () => {
    const admin = await asAdmin();
    const title = unique('Kategori Ulang');
    const key = crypto.randomUUID();
    const first = await admin.request<Row>('POST', '/api/category', { title }, { 'idempotency-key': key });
    const again = await admin.request<Row>('POST', '/api/category', { title }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(again.body.success && again.body.data._id).toBe(first.body.success && first.body.data._id);
    expect(await countTitled(admin, title)).toBe(1);
  });

  it('stores one record when the same save arrives several times at once', async () => {
    const admin = await asAdmin();
    const title = unique('Kategori Serentak');
    const key = crypto.randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => admin.request<Row>('POST', '/api/category', { title }, { 'idempotency-key': key })));
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(await countTitled(admin, title)).toBe(1);
  });

  it('lets a refused save be corrected and sent again with the same key, and refuses a key reused elsewhere', async () => {
    const admin = await asAdmin();
    const key = crypto.randomUUID();
    const refused = await admin.request('POST', '/api/category', { title: '' }, { 'idempotency-key': key });
    expect(refused.status).toBe(400);
    const title = unique('Kategori Koreksi');
    expect((await admin.request('POST', '/api/category', { title }, { 'idempotency-key': key })).status).toBe(201);
    const elsewhere = await admin.request('POST', '/api/vision', { title }, { 'idempotency-key': key });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toMatch(/sudah dipakai/);
    expect((await admin.request('POST', '/api/category', { title: unique('x') }, { 'idempotency-key': 'bad key!' })).status).toBe(400);
  });

  it('keeps no key of an anonymous caller: 50 fresh keys add no row, and a repeat is not replayed', async () => {
    const before = await storedKeys();
    // A bot's sign-up (hidden field filled) succeeds and stores nothing else, so only keys could pile up.
    for (let i = 0; i < 50; i++) {
      const answer = await new Client().request('POST', '/api/subscribe', { email: `${unique('anonim')}@example.com`, homepage: 'https://spam.example' }, { 'idempotency-key': crypto.randomUUID() });
      expect(answer.status).toBe(201);
    }
    expect(await storedKeys()).toBe(before);
    const key = crypto.randomUUID();
    const visitor = new Client();
    for (let i = 0; i < 2; i++) {
      const answer = await visitor.request('POST', '/api/subscribe', { email: `${unique('anonim')}@example.com`, homepage: 'x' }, { 'idempotency-key': key });
      expect(answer.headers.get('idempotent-replay')).toBeNull();
    }
    expect(await storedKeys('key like ?', [`%:${key}`])).toBe(0);
  });

  it('forgets keys after a day, run by the scheduled job', async () => {
    const admin = await asAdmin();
    const key = crypto.randomUUID();
    const title = unique('Kategori Lama');
    await admin.request('POST', '/api/category', { title }, { 'idempotency-key': key });
    expect(await storedKeys('key like ?', [`%:${key}`])).toBe(1);
    // An hour later it is still kept; a day later the job has deleted the row.
    await runScheduledAt(Date.now() + 3_600_000);
    expect(await storedKeys('key like ?', [`%:${key}`])).toBe(1);
    const tomorrow = Date.now() + 25 * 3_600_000;
    await runScheduledAt(tomorrow);
    expect(await storedKeys('key like ?', [`%:${key}`])).toBe(0);
    // Signed out by now: the scheduled job at that time also cleared today's sessions.
    await admin.login();
    // The key is free again: the same key now creates a new record.
    const later = await admin.request('POST', '/api/category', { title: `${title} B` }, { 'idempotency-key': key });
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replay')).toBeNull();
    expect(await countTitled(admin, `${title} B`)).toBe(1);
  });
});
