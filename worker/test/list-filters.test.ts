/** The filters of the admin lists: a choice or flag field matched by name, bad values refused in Indonesian. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, type Client } from './client.ts';

type Row = { _id: string; from: string; status: string; isActive: boolean };
let admin: Client;
const created: string[] = [];
const run = Date.now().toString(36);

beforeAll(async () => {
  admin = await asAdmin();
  for (const [i, status, isActive] of [[0, '301', true], [1, '302', true], [2, '302', false]] as const) {
    const answer = await admin.post<Row>('/api/redirect', { from: `/filter-${run}-${i}`, to: '/vision', status, isActive });
    if (!answer.body.success) throw new Error(answer.body.message);
    created.push(answer.body.data._id);
  }
});
afterAll(async () => {
  for (const id of created) await admin.delete(`/api/redirect/${id}`);
});

describe('list filters', () => {
  it('narrow a page by a choice and a flag, the total counting only what matches', async () => {
    const page = await admin.get<Row[]>(`/api/redirect?page=1&limit=10&search=filter-${run}&status=302&isActive=false`);
    if (!page.body.success) throw new Error(page.body.message);
    expect(page.body.data.map((row) => row.from)).toEqual([`/filter-${run}-2`]);
    expect(page.body.pagination).toEqual({ page: 1, limit: 10, total: 1, pages: 1 });
    const active = await admin.get<Row[]>(`/api/redirect?page=1&limit=10&search=filter-${run}&isActive=1`);
    expect(active.body.success && active.body.pagination?.total).toBe(2);
  });

  it('refuse a value the field cannot have with a 400 in Indonesian', async () => {
    const choice = await admin.get(`/api/redirect?page=1&status=303`);
    expect(choice.status).toBe(400);
    expect(choice.body.message).toBe('Jenis harus salah satu dari: 301, 302.');
    const flag = await admin.get(`/api/redirect?page=1&isActive=ya`);
    expect(flag.status).toBe(400);
    expect(flag.body.message).toBe('Status harus true atau false.');
    expect((await admin.get('/api/subscribe?page=1&status=gone')).status).toBe(400);
  });
});
