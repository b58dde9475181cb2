/** What visitors may read: drafts of every public collection stay hidden, private collections stay closed. */
import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../src/contract/fields.ts';
import { resources } from '../src/contract/resources.ts';
import { asAdmin, Client } from './client.ts';
import { sampleForm } from './samples.ts';

type Row = { _id: string; slug?: string } & Record<string, unknown>;
const all = Object.values(resources) as ResourceDefinition[];
const withFlag = all.filter((r) => r.visibleWhen).map((r) => [r.path, r] as const);

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
    if (draft.slug) expect((await visitor.get(`/api/${path}/slug/${draft.slug}`)).status).toBe(404);

    // Staff see it, and the same filters narrow their view.
    expect(hasDraft(await admin.get(`/api/${path}`))).toBe(true);
    expect(hasDraft(await admin.get(`/api/${path}?${flag}=false`))).toBe(true);
    expect(hasDraft(await admin.get(`/api/${path}?active=true`))).toBe(false);
    expect((await admin.get(`/api/${path}/${draft._id}`)).status).toBe(200);
    if (draft.slug) expect((await admin.get(`/api/${path}/slug/${draft.slug}`)).status).toBe(200);

    // Publishing it makes it public; then it is removed again.
    await admin.put(`/api/${path}/${draft._id}`, { [flag]: true });
    expect(hasDraft(await visitor.get(`/api/${path}`))).toBe(true);
    expect((await visitor.get(`/api/${path}/${draft._id}`)).status).toBe(200);
    expect((await admin.delete(`/api/${path}/${draft._id}`)).status).toBe(200);
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
