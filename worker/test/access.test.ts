/** Access is enforced by the server: sessions, permissions per module.action, drafts, origins. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../src/contract/api.ts';
import type { ResourceDefinition } from '../src/contract/fields.ts';
import { resources } from '../src/contract/resources.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';
import { sampleForm } from './samples.ts';

const all = Object.values(resources) as ResourceDefinition[];

/** A signed-in user whose role gives only these permissions (by default: read and list vision articles). */
async function visionReader(names = ['vision.read', 'vision.list']) {
  const admin = await asAdmin();
  const perms = await admin.get<Row[]>('/api/role/permissions/list');
  const wanted = perms.body.success ? perms.body.data.filter((p) => names.includes(String(p.name))).map((p) => p._id) : [];
  const role = await admin.post<Row>('/api/role', form({ name: unique('Pembaca'), level: '2', permissions: wanted }));
  const username = unique('reader');
  const created = await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Pembaca', role: role.body.success ? role.body.data._id : '' }));
  expect(created.status).toBe(201);
  const reader = new Client();
  await reader.login(username, 'rahasia-123');
  return reader;
}

describe('writes need a session and the permission', () => {
  let reader: Client;
  let someId: Record<string, string>;
  beforeAll(async () => {
    reader = await visionReader();
    const admin = await asAdmin();
    someId = {};
    for (const resource of all) {
      const list = await admin.get<Row[]>(`/api/${resource.path}`);
      someId[resource.path] = list.body.success && list.body.data[0] ? list.body.data[0]._id : 'missing';
    }
  });

  it.each(all.map((r) => [r.path, r] as const))('refuses POST, PUT and DELETE on /api/%s with 401 then 403', async (path, resource) => {
    const anonymous = new Client();
    for (const [method, url] of [
      ['PUT', `/api/${path}/${someId[path]}`],
      ['DELETE', `/api/${path}/${someId[path]}`],
      ...(path === 'subscribe' ? [] : [['POST', `/api/${path}`]]),
    ] as const) {
      const body = method === 'DELETE' ? undefined : sampleForm(resource);
      const refused = await anonymous.request(method, url, body);
      expect(refused.status, `${method} ${url}`).toBe(401);
      expect(refused.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const forbidden = await reader.request(method, url, method === 'DELETE' ? undefined : sampleForm(resource));
      expect(forbidden.status, `${method} ${url}`).toBe(403);
      expect(forbidden.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  it('refuses the file, settings, rebuild and audit endpoints to visitors and to the reader', async () => {
    const anonymous = new Client();
    const calls: [string, string][] = [
      ['POST', '/api/files/upload'],
      ['GET', '/api/files/list'],
      ['DELETE', '/api/files/delete/seed/vision.svg'],
      ['POST', '/api/files/create-folder'],
      ['POST', '/api/upload'],
      ['PUT', '/api/settings'],
      ['POST', '/api/rebuild'],
      ['GET', '/api/rebuild'],
      ['GET', '/api/audit'],
      ['GET', '/api/user'],
      ['GET', '/api/role'],
      ['GET', '/api/subscribe'],
      ['GET', '/api/role/permissions/list'],
      ['GET', '/api/permission/modules/list'],
    ];
    for (const [method, url] of calls) {
      expect((await anonymous.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).status, `${method} ${url}`).toBe(401);
      expect((await reader.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).status, `${method} ${url}`).toBe(403);
    }
  });

  it('answers the reader a dashboard of vision alone, and visitors nothing', async () => {
    const admin = await asAdmin();
    const article = unique('Visi baru');
    expect((await admin.post('/api/vision', form({ title: article, shortDescription: 'Ringkas.', content: '<p>Isi.</p>' }))).status).toBe(201);
    await admin.post('/api/partner', form({ name: unique('Mitra rahasia') }));
    const dashboard = await reader.get<DashboardSummary>('/api/dashboard');
    expect(dashboard.status).toBe(200);
    if (!dashboard.body.success) throw new Error(dashboard.body.message);
    const full = await admin.get<DashboardSummary>('/api/dashboard');
    if (!full.body.success) throw new Error(full.body.message);
    expect(Object.keys(dashboard.body.data).sort()).toEqual(['content', 'recentActivity']);
    expect(dashboard.body.data.content).toEqual({ vision: full.body.data.content.vision });
    expect(dashboard.body.data.recentActivity[0]).toMatchObject({ resource: 'vision', summary: expect.stringContaining(article) });
    expect(dashboard.body.data.recentActivity.every((entry) => entry.resource === 'vision')).toBe(true);
    expect(full.body.data.recentActivity.some((entry) => entry.resource === 'partner')).toBe(true);
    expect(Object.keys(full.body.data).sort()).toEqual(['content', 'lastBackup', 'lastBuild', 'recentActivity', 'subscribers', 'system', 'users']);
    expect((await new Client().get('/api/dashboard')).status).toBe(401);
  });

  it('opens a module with its list permission as with its read permission', async () => {
    const lister = await visionReader(['newsletter.list', 'files.list', 'redirect.list', 'audit.list', 'rebuild.list', 'subscribe.list']);
    for (const url of ['/api/newsletter/issues', '/api/files/list', '/api/not-found', '/api/audit', '/api/rebuild', '/api/subscribe']) expect((await lister.get(url)).status, url).toBe(200);
    const dashboard = await lister.get<DashboardSummary>('/api/dashboard');
    expect(dashboard.body.success && Object.keys(dashboard.body.data).sort()).toEqual(['content', 'lastBuild', 'recentActivity', 'subscribers']);
  });

  it('opens a record, its history, the deleted records and the lists behind a screen with the list permission alone', async () => {
    const admin = await asAdmin();
    const vision: ResourceDefinition = resources.vision;
    const draft = await admin.post<Row>('/api/vision', sampleForm(vision, {}, { isPublished: 'false' }));
    if (!draft.body.success) throw new Error(draft.body.message);
    const gone = await admin.post<Row>('/api/vision', sampleForm(vision));
    if (!gone.body.success) throw new Error(gone.body.message);
    const goneId = gone.body.data._id;
    expect((await admin.delete(`/api/vision/${goneId}`)).status).toBe(200);
    const lister = await visionReader(['vision.list', 'backup.list', 'role.list', 'permission.list']);
    const { _id, slug } = draft.body.data;
    const readable = [`/api/vision/${_id}`, `/api/vision/slug/${String(slug)}`, `/api/vision/${_id}/revisions`, `/api/vision/${_id}/revisions/1`, `/api/vision/${_id}/translations/en`];
    for (const url of [...readable, '/api/backup', '/api/role/permissions/list', '/api/permission/modules/list', '/api/auth/factor-policy']) expect((await lister.get(url)).status, url).toBe(200);
    const deleted = await lister.get<Row[]>('/api/vision/deleted');
    expect(deleted.body.success && deleted.body.data.some((row) => row._id === goneId)).toBe(true);
  });

  it('lets the reader see vision drafts but no other collection\'s drafts', async () => {
    const drafts = await reader.get<Row[]>('/api/vision');
    expect(drafts.body.success && drafts.body.data.some((v) => v.isPublished === false)).toBe(true);
    const works = await reader.get<Row[]>('/api/our-work');
    expect(works.body.success && works.body.data.every((w) => w.isActive === true)).toBe(true);
  });
});

describe('drafts never leak to visitors', () => {
  it('hides an unpublished record from list, slug and id reads', async () => {
    const admin = await asAdmin();
    const draft = await admin.post<Row>('/api/bio-core', form({ title: unique('Rahasia'), content: '<p>x</p>', isPublished: 'false' }));
    if (!draft.body.success) throw new Error(draft.body.message);
    const { _id, slug } = draft.body.data;
    const visitor = new Client();
    const list = await visitor.get<Row[]>('/api/bio-core');
    expect(list.body.success && list.body.data.some((row) => row._id === _id)).toBe(false);
    expect((await visitor.get(`/api/bio-core/slug/${slug}`)).status).toBe(404);
    expect((await visitor.get(`/api/bio-core/${_id}`)).status).toBe(404);
    expect((await visitor.get(`/api/bio-core?published=false`)).body).toMatchObject({ success: true, data: [] });
  });
});

describe('sessions and origins', () => {
  it('refuses a cookie-carrying write from another origin', async () => {
    const admin = await asAdmin();
    const answer = await admin.request('POST', '/api/category', form({ title: unique('Asing') }), { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toContain('asal permintaan');
  });

  it('never returns password hashes: not on login, user lists, reads, saves, /me or the audit log', async () => {
    const admin = new Client();
    const answers = [await admin.login()];
    const roles = await admin.get<Row[]>('/api/role');
    const username = unique('rahasia');
    const created = await admin.post<Row>('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'R', role: roles.body.success ? roles.body.data[0]!._id : '' }));
    const id = created.body.success ? created.body.data._id : '';
    answers.push(
      created,
      await admin.put(`/api/user/${id}`, form({ password: 'rahasia-456' })),
      await admin.get(`/api/user/${id}`),
      await admin.get('/api/user?page=1&limit=100'),
      await admin.get('/api/auth/me'),
      await admin.get('/api/audit?limit=200'),
      await admin.get('/api/dashboard'),
    );
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toMatch(/passwordHash|pbkdf2|rahasia-123|rahasia-456/);
  });
});
