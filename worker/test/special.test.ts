/** The non-collection parts of the API: newsletter, access model lists, audit, rebuilds, settings, dashboard. */
import { describe, expect, inject, it } from 'vitest';
import type { DashboardSummary, SiteBuild } from '../src/contract/api.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';
import { fileWorker } from './worker.ts';


describe('newsletter', () => {
  it('subscribes a visitor, answers a duplicate as a new sign-up, and lets staff page, search, filter, update and delete', async () => {
    const visitor = new Client();
    const email = `${unique('pembaca')}@example.com`;
    const signed = await visitor.post('/api/subscribe', { email });
    expect(signed.status).toBe(201);
    // Pending until confirmed (newsletter.test.ts): a repeat re-sends the confirmation instead.
    expect((await visitor.post('/api/subscribe', { email: email.toUpperCase() })).status).toBe(201);
    expect((await visitor.post('/api/subscribe', { email: 'not-an-email' })).body.message).toBe('Masukkan alamat email yang valid.');
    expect((await visitor.post('/api/subscribe', { email: 'not-an-email', language: 'en' })).body.message).toBe('Please enter a valid email address.');
    expect((await visitor.get('/api/subscribe')).status).toBe(401);

    const admin = await asAdmin();
    const [signedUp] = (await admin.get<Row[]>(`/api/subscribe?page=1&limit=10&search=${encodeURIComponent(email)}`)).body.data as Row[];
    expect(signedUp).toMatchObject({ email, status: 'pending', source: 'website' });
    await admin.put(`/api/subscribe/${signedUp!._id}`, { status: 'active' });
    const twice = await visitor.post('/api/subscribe', { email: email.toUpperCase() });
    // Already subscribed: the same answer as a new address, so it does not tell who subscribes.
    expect(twice.status).toBe(201);
    expect(twice.body).toEqual(signed.body);
    const page = await admin.get<Row[]>('/api/subscribe?page=1&limit=2');
    expect(page.body.success && page.body.data).toHaveLength(2);
    expect(page.body.success && page.body.pagination).toMatchObject({ page: 1, limit: 2 });
    const { total, pages } = page.body.success ? page.body.pagination! : { total: 0, pages: 0 };
    expect(pages).toBe(Math.ceil(total / 2));
    const found = await admin.get<Row[]>(`/api/subscribe?page=1&limit=10&search=${encodeURIComponent(email.split('@')[0]!)}`);
    const record = found.body.success ? found.body.data[0]! : null;
    expect(record).toMatchObject({ email, status: 'active', source: 'website' });
    expect(record?.subscribedAt).toMatch(/^\d{4}-/);

    const changed = await admin.put<Row>(`/api/subscribe/${record?._id}`, { status: 'unsubscribed' });
    expect(changed.body.success && changed.body.data.status).toBe('unsubscribed');
    const filtered = await admin.get<Row[]>('/api/subscribe?page=1&limit=10&status=unsubscribed');
    expect(filtered.body.success && filtered.body.data.every((s) => s.status === 'unsubscribed')).toBe(true);
    expect((await admin.get('/api/subscribe?status=gone')).status).toBe(400);
    // Signing up again after unsubscribing reactivates the same subscriber.
    expect((await visitor.post('/api/subscribe', { email })).status).toBe(201);
    expect((await admin.delete(`/api/subscribe/${record?._id}`)).status).toBe(200);
  });
});

describe('subscriber list for staff', () => {
  it('pages ten at a time by default, without overlap, and searches and filters', async () => {
    const visitor = new Client();
    const tag = unique('halaman');
    for (let i = 0; i < 12; i++) expect((await visitor.post('/api/subscribe', { email: `${tag}-${i}@example.com` })).status).toBe(201);
    const admin = await asAdmin();
    const first = await admin.get<Row[]>('/api/subscribe?page=1');
    expect(first.body.success && first.body.data).toHaveLength(10);
    expect(first.body.success && first.body.pagination).toMatchObject({ page: 1, limit: 10 });
    const search = `search=${encodeURIComponent(tag.toUpperCase())}`;
    const one = await admin.get<Row[]>(`/api/subscribe?page=1&limit=10&${search}`);
    const two = await admin.get<Row[]>(`/api/subscribe?page=2&limit=10&${search}`);
    expect(one.body.success && one.body.pagination).toEqual({ page: 1, limit: 10, total: 12, pages: 2 });
    expect(two.body.success && two.body.data).toHaveLength(2);
    const emails = [...(one.body.success ? one.body.data : []), ...(two.body.success ? two.body.data : [])].map((s) => s.email);
    expect(new Set(emails).size).toBe(12);
    expect(emails.every((email) => String(email).startsWith(tag))).toBe(true);
    // Sign-ups wait for confirmation, so the twelve above are pending too: look beyond the first page.
    const pending = await admin.get<Row[]>('/api/subscribe?page=1&limit=50&status=pending&search=maya%40example.com');
    expect(pending.body.success && pending.body.data.map((s) => s.email)).toContain('maya@example.com');
    expect(pending.body.success && pending.body.data.every((s) => s.status === 'pending')).toBe(true);
    const id = one.body.success ? one.body.data[0]!._id : '';
    const wrong = await admin.put(`/api/subscribe/${id}`, { status: 'hilang' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Status harus salah satu dari: active, unsubscribed, pending.');
  });
});

describe('access model', () => {
  it('saves and reads back a role with 150 permissions (over D1\'s 100 bound parameters)', async () => {
    const admin = await asAdmin();
    const list = await admin.get<Row[]>('/api/role/permissions/list');
    const ids = list.body.success ? list.body.data.slice(0, 150).map((p) => p._id) : [];
    expect(ids).toHaveLength(150);
    const role = await admin.post<{ _id: string; permissions: { _id: string; name: string }[] }>('/api/role', form({ name: unique('Besar'), level: '3', permissions: ids }));
    expect(role.status).toBe(201);
    const read = await admin.get<{ permissions: { _id: string }[] }>(`/api/role/${role.body.success ? role.body.data._id : ''}`);
    expect(read.body.success && read.body.data.permissions.map((p) => p._id)).toEqual(ids);
  });

  it('lists permission modules and gives users the role\'s permissions plus their own', async () => {
    const admin = await asAdmin();
    const modules = await admin.get<string[]>('/api/permission/modules/list');
    expect(modules.body.success && modules.body.data).toEqual(expect.arrayContaining(['vision', 'bio-core', 'user', 'files', 'settings']));
    const perms = await admin.get<Row[]>('/api/role/permissions/list');
    const byName = new Map(perms.body.success ? perms.body.data.map((p) => [p.name as string, p._id]) : []);
    const role = await admin.post<Row>('/api/role', form({ name: unique('Penulis'), permissions: [byName.get('vision.create')!] }));
    const username = unique('penulis');
    await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Penulis', role: role.body.success ? role.body.data._id : '', permissions: [byName.get('team.update')!] }));
    const user = new Client();
    const login = await user.login(username, 'rahasia-123');
    expect((login.body.success ? (login.body.data as { permissions: string[] }).permissions : []).sort()).toEqual(['team.update', 'vision.create']);
  });
});

describe('audit log', () => {
  it('records who did what to which record', async () => {
    const admin = await asAdmin();
    const title = unique('Diaudit');
    const created = await admin.post<Row>('/api/category', form({ title }));
    const id = created.body.success ? created.body.data._id : '';
    await admin.delete(`/api/category/${id}`);
    const log = await admin.get<{ action: string; resource: string; recordId: string; username: string; summary: string }[]>('/api/audit?limit=20');
    const entries = log.body.success ? log.body.data.filter((e) => e.recordId === id) : [];
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete']);
    expect(entries[0]).toMatchObject({ resource: 'category', username: 'admin', summary: title });
  });

  it('records updates, logins and uploads with the acting user, newest first', async () => {
    const admin = await asAdmin();
    const perms = await admin.get<Row[]>('/api/role/permissions/list');
    const wanted = perms.body.success ? perms.body.data.filter((p) => ['team.create', 'team.update', 'files.create'].includes(String(p.name))).map((p) => p._id) : [];
    const role = await admin.post<Row>('/api/role', form({ name: unique('Pencatat'), permissions: wanted }));
    const username = unique('pencatat');
    await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Pencatat', role: role.body.success ? role.body.data._id : '' }));
    const staff = new Client();
    await staff.login(username, 'rahasia-123');
    const member = await staff.post<Row>('/api/team', form({ name: unique('Anggota'), position: 'Staf', bio: '<p>b</p>' }));
    const id = member.body.success ? member.body.data._id : '';
    await staff.put(`/api/team/${id}`, form({ name: 'Nama Baru' }));
    await staff.post('/api/files/upload', form({ file: new File(['x'], 'catatan.txt', { type: 'text/plain' }) }));
    const log = await admin.get<{ action: string; resource: string; recordId: string; username: string; summary: string; createdAt: string }[]>('/api/audit?limit=10');
    const mine = log.body.success ? log.body.data.filter((e) => e.username === username) : [];
    expect(mine.map((e) => [e.action, e.resource])).toEqual([
      ['upload', 'files'],
      ['update', 'team'],
      ['create', 'team'],
      // A sign-in from a browser the account has not used before is noted beside the login.
      ['login', 'session'],
      ['login', 'auth'],
    ]);
    expect(mine[1]).toMatchObject({ recordId: id, summary: 'Nama Baru' });
    expect(Date.parse(mine[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // Reading the log is itself a permission.
    expect((await staff.get('/api/audit')).status).toBe(403);
  });
});

describe('site rebuilds', () => {
  const hookCalls = () => fileWorker().hookCalls.length;
  const builds = async (admin: Client) => {
    const answer = await admin.get<SiteBuild[]>('/api/rebuild');
    return answer.body.success ? answer.body.data : [];
  };
  /** Waits until no request is pending (the debounce has sent it). */
  const settle = (admin: Client) => expect.poll(async () => (await builds(admin)).some((b) => b.status === 'pending'), { timeout: 10_000 }).toBe(false);

  it('asks for one rebuild after a burst of content saves, and records it', async () => {
    const admin = await asAdmin();
    await settle(admin);
    const before = hookCalls();
    const known = new Set((await builds(admin)).map((b) => b._id));
    // Saved together, as a bulk action saves: one after another, a loaded machine can space them past the debounce.
    await Promise.all(Array.from({ length: 4 }, () => admin.post('/api/category', form({ title: unique('Burst') }))));
    await settle(admin);
    // The burst recorded one request, and the hook was called for it once.
    const made = (await builds(admin)).filter((b) => !known.has(b._id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: 'sent', reason: 'Category: create' });
    expect(fileWorker().hookCalls.slice(before)).toEqual([made[0]!._id]);
  });

  it('asks for no rebuild when only data no public page shows changes', async () => {
    const admin = await asAdmin();
    await settle(admin);
    const before = hookCalls();
    const newest = (await builds(admin))[0]?._id;
    await admin.post('/api/role', form({ name: unique('Tanpa Build') }));
    await admin.post('/api/subscribe', { email: `${unique('tanpa')}@example.com` });
    await admin.put('/api/settings', { collaborateTitle: unique('Kolaborasi') });
    await admin.post('/api/vision-mission', form({ title: unique('Misi'), content: '<p>Misi</p>' }));
    const gallery = await admin.get<Row[]>('/api/gallery');
    const first = gallery.body.success ? gallery.body.data[0]! : null;
    expect((await admin.put(`/api/gallery/${first?._id}`, form({ title: unique('Galeri') }))).status).toBe(200);
    // A save that asks for a build records its request before answering: none was recorded, so none will be sent.
    expect((await builds(admin))[0]?._id).toBe(newest);
    expect(hookCalls()).toBe(before);
  });

  it('lets an admin or a webhook with the secret ask for a rebuild, and the builder report its result', async () => {
    const admin = await asAdmin();
    await settle(admin);
    const manual = await admin.post<SiteBuild>('/api/rebuild');
    expect(manual.status).toBe(202);
    const hook = await fetch(`${admin.base}/api/rebuild`, { method: 'POST', headers: { 'x-rebuild-secret': 'wrong' } });
    expect(hook.status).toBe(401);
    await settle(admin);
    const webhook = await fetch(`${admin.base}/api/rebuild`, { method: 'POST', headers: { 'x-rebuild-secret': inject('rebuildSecret') } });
    expect(webhook.status).toBe(202);
    expect(await webhook.json()).toMatchObject({ success: true, data: { reason: 'Webhook' } });
    const forged = await fetch(`${admin.base}/api/rebuild/report`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ buildId: 'x', status: 'succeeded' }) });
    expect(forged.status).toBe(401);
    const id = manual.body.success ? manual.body.data._id : '';
    const report = await fetch(`${admin.base}/api/rebuild/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-rebuild-secret': inject('rebuildSecret') },
      body: JSON.stringify({ buildId: id, status: 'succeeded', durationMs: 4200 }),
    });
    expect(report.status).toBe(200);
    const builds = await admin.get<SiteBuild[]>('/api/rebuild');
    expect(builds.body.success && builds.body.data.find((b) => b._id === id)).toMatchObject({ status: 'succeeded', durationMs: 4200 });
  });
});

describe('settings and dashboard', () => {
  it('saves the Collaborate title for everyone to read', async () => {
    const admin = await asAdmin();
    expect((await admin.put('/api/settings', { collaborateTitle: '  ' })).body.message).toBe('Title wajib diisi.');
    const saved = await admin.put('/api/settings', { collaborateTitle: 'Mari Berkolaborasi' });
    expect(saved.status).toBe(200);
    expect((await new Client().get('/api/settings')).body).toMatchObject({ data: { collaborateTitle: 'Mari Berkolaborasi' } });
  });

  it("asks for a site build when the organisation's name changes (every page shows it), not for a setting no built page shows", async () => {
    const admin = await asAdmin();
    const builds = async () => {
      const answer = await admin.get<SiteBuild[]>('/api/rebuild');
      return answer.body.success ? answer.body.data : [];
    };
    await expect.poll(async () => (await builds()).some((build) => build.status === 'pending'), { timeout: 10_000 }).toBe(false);
    const askedBySettings = async () => (await builds()).filter((build) => build.reason === 'Pengaturan: organisationName').length;
    const before = await askedBySettings();
    expect((await admin.put('/api/settings', { inquiryRetentionMonths: '12' })).status).toBe(200);
    expect(await askedBySettings()).toBe(before);
    const renamed = unique('Resik Lestari');
    expect((await admin.put('/api/settings', { organisationName: renamed })).status).toBe(200);
    expect(await askedBySettings()).toBe(before + 1);
    await expect.poll(async () => (await builds()).some((build) => build.status === 'pending'), { timeout: 10_000 }).toBe(false);
    // The same name again changes no page.
    expect((await admin.put('/api/settings', { organisationName: renamed })).status).toBe(200);
    expect(await askedBySettings()).toBe(before + 1);
  });

  it('shows live figures, recent activity and the last build', async () => {
    const admin = await asAdmin();
    const before = await admin.get<DashboardSummary>('/api/dashboard');
    await admin.post('/api/partner', form({ name: unique('Mitra'), isActive: 'false' }));
    await new Client().post('/api/subscribe', { email: `${unique('baru')}@example.com` });
    const after = await admin.get<DashboardSummary>('/api/dashboard');
    if (!before.body.success || !after.body.success) throw new Error('dashboard failed');
    expect(after.body.data.content.partner!.total).toBe(before.body.data.content.partner!.total + 1);
    expect(after.body.data.content.partner!.visible).toBe(before.body.data.content.partner!.visible);
    // A sign-up waits for its confirmation: pending, not yet active.
    expect(after.body.data.subscribers!.pending).toBe(before.body.data.subscribers!.pending + 1);
    expect(after.body.data.subscribers!.active).toBe(before.body.data.subscribers!.active);
    expect(after.body.data.recentActivity[0]).toMatchObject({ resource: 'subscribe', action: 'create' });
    expect(after.body.data.users!.total).toBeGreaterThan(0);
    expect(after.body.data.system).toEqual({ database: true, storage: true, rebuildHook: true });
    const roles = await admin.get<Row[]>('/api/role');
    const username = unique('hitung');
    await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Hitung', role: roles.body.success ? roles.body.data[0]!._id : '', isActive: 'false' }));
    const users = await admin.get<DashboardSummary>('/api/dashboard');
    expect(users.body.success && users.body.data.users).toEqual({ total: after.body.data.users!.total + 1, active: after.body.data.users!.active });
  });
});
