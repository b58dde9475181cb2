/**
 * The Agenda collection as staff and visitors meet it, added with its module and registry line
 * alone: an event time entered in WIB and kept as UTC, visible to the public only when
 * published, an optional end after the start, events not over yet first, old addresses
 * redirected, its own permissions, and a site build asked for when an event starts or ends (the
 * site marks it under way, then lists it with the past ones).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteBuild } from '../src/contract/api.ts';
import { PERMISSION_PRESETS } from '../src/contract/permissions.ts';
import { asAdmin, Client, form, unique } from './client.ts';
import { fileWorker } from './worker.ts';

type Row = { _id: string; slug: string; startsAt: string | null; endsAt: string | null; place: string; isPublished: boolean } & Record<string, unknown>;

let admin: Client;
beforeAll(async () => {
  admin = await asAdmin();
});

const created = async (values: Record<string, string>) => {
  const answer = await admin.post<Row>('/api/agenda', form({ place: 'Balai Desa', description: '<p>Kerja bakti</p>', ...values }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { data: Row }).data;
};

describe('agenda', () => {
  it('takes the event time as entered in WIB and keeps it as UTC, and refuses an item without one', async () => {
    const item = await created({ title: unique('Bersih Pantai'), startsAt: '2027-03-14T08:30:00+07:00' });
    expect(item.startsAt).toBe('2027-03-14T01:30:00.000Z');
    expect(item.place).toBe('Balai Desa');
    const missing = await admin.post('/api/agenda', form({ title: unique('Tanpa Waktu'), place: 'x', description: '<p>x</p>' }));
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Tanggal & Waktu');
    const nonsense = await admin.post('/api/agenda', form({ title: unique('Waktu Salah'), place: 'x', description: '<p>x</p>', startsAt: 'besok pagi' }));
    expect(nonsense.status).toBe(400);
  });

  it('takes an optional end, refused at or before the start, also when only one of them changes', async () => {
    const item = await created({ title: unique('Pameran'), startsAt: '2027-03-14T08:00:00+07:00', endsAt: '2027-03-16T17:00:00+07:00' });
    expect(item.endsAt).toBe('2027-03-16T10:00:00.000Z');
    const backwards = await admin.post('/api/agenda', form({ title: unique('Mundur'), place: 'x', description: '<p>x</p>', startsAt: '2027-03-14T08:00:00+07:00', endsAt: '2027-03-14T08:00:00+07:00' }));
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ message: 'Selesai harus setelah Tanggal & Waktu.', details: [{ field: 'endsAt' }] });
    const startAfterEnd = await admin.put(`/api/agenda/${item._id}`, form({ startsAt: '2027-03-17T08:00:00+07:00' }));
    expect(startAfterEnd.status).toBe(400);
    const noEnd = await admin.put<Row>(`/api/agenda/${item._id}`, form({ endsAt: '' }));
    expect(noEnd.status).toBe(200);
    expect(noEnd.body.success && noEnd.body.data.endsAt).toBeNull();
  });

  it('shows anonymous callers a published item only', async () => {
    const anonymous = new Client();
    const shown = await created({ title: unique('Terbit'), startsAt: '2027-04-01T02:00:00Z' });
    const draft = await created({ title: unique('Draft'), startsAt: '2027-04-02T02:00:00Z', isPublished: 'false' });
    expect((await anonymous.get<Row>(`/api/agenda/slug/${shown.slug}`)).status).toBe(200);
    expect((await anonymous.get(`/api/agenda/slug/${draft.slug}`)).status).toBe(404);
    const list = await anonymous.get<Row[]>('/api/agenda?limit=1000');
    const ids = list.body.success ? list.body.data.map((row) => row._id) : [];
    expect(ids).toContain(shown._id);
    expect(ids).not.toContain(draft._id);
  });

  it('lists events not over yet first (under way or ahead), soonest first, then past ones, latest first', async () => {
    const day = 86_400_000;
    const at = (days: number) => new Date(Date.now() + days * day).toISOString();
    const tag = unique('urut');
    const past = await created({ title: `${tag} lalu`, startsAt: at(-2) });
    const longAgo = await created({ title: `${tag} lama`, startsAt: at(-30) });
    const later = await created({ title: `${tag} nanti`, startsAt: at(20) });
    const soon = await created({ title: `${tag} segera`, startsAt: at(1) });
    // Started before the others, it is under way until tomorrow: first among those not over.
    const underWay = await created({ title: `${tag} berlangsung`, startsAt: at(-3), endsAt: at(1) });
    const ended = await created({ title: `${tag} usai`, startsAt: at(-1.5), endsAt: at(-1) });
    const list = await new Client().get<Row[]>(`/api/agenda?search=${encodeURIComponent(tag)}`);
    expect(list.body.success && list.body.data.map((row) => row._id)).toEqual([underWay._id, soon._id, later._id, ended._id, past._id, longAgo._id]);
  });

  it('asks for one site build when a published event starts, none for a draft', async () => {
    const minute = 60_000;
    const startsAt = Date.now() + 10 * minute;
    await created({ title: unique('Draf Mulai'), startsAt: new Date(startsAt - 5 * minute).toISOString(), isPublished: 'false' });
    await created({ title: unique('Acara Mulai'), startsAt: new Date(startsAt).toISOString() });
    const builds = async () => {
      const answer = await admin.get<SiteBuild[]>('/api/rebuild');
      return answer.body.success ? answer.body.data : [];
    };
    // The saves' own request is sent first, so a later one is recorded apart from it.
    await expect.poll(async () => (await builds()).some((build) => build.status === 'pending'), { timeout: 10_000 }).toBe(false);
    const askedForStarts = async () => (await builds()).filter((build) => build.reason.startsWith('Acara dimulai')).length;
    const before = await askedForStarts();
    await fileWorker().runScheduled(startsAt - minute);
    expect(await askedForStarts()).toBe(before);
    await fileWorker().runScheduled(startsAt + minute);
    expect(await askedForStarts()).toBe(before + 1);
    await fileWorker().runScheduled(startsAt + 2 * minute);
    expect(await askedForStarts()).toBe(before + 1);
  });

  it('asks for a site build when a published event ends', async () => {
    const minute = 60_000;
    const endsAt = Date.now() + 30 * minute;
    await created({ title: unique('Acara Usai'), startsAt: new Date(endsAt - 60 * minute).toISOString(), endsAt: new Date(endsAt).toISOString() });
    const builds = async () => {
      const answer = await admin.get<SiteBuild[]>('/api/rebuild');
      return answer.body.success ? answer.body.data : [];
    };
    await expect.poll(async () => (await builds()).some((build) => build.status === 'pending'), { timeout: 10_000 }).toBe(false);
    const asked = async () => (await builds()).filter((build) => build.reason.startsWith('Acara dimulai atau selesai')).length;
    await fileWorker().runScheduled(endsAt - minute);
    const before = await asked();
    await fileWorker().runScheduled(endsAt + minute);
    expect(await asked()).toBe(before + 1);
  });

  it('answers the old address with a 301 to the new one after the slug changes', async () => {
    const item = await created({ title: unique('Lokakarya Kompos'), startsAt: '2027-05-01T03:00:00Z' });
    expect((await admin.put(`/api/agenda/${item._id}`, form({ slug: `${item.slug}-baru` }))).status).toBe(200);
    const moved = await fetch(`${admin.base}/agenda/${item.slug}`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/agenda/${item.slug}-baru`);
  });

  it('has its own permissions, grantable to a role and in the content presets; a role without them is refused', async () => {
    const list = await admin.get<Row[]>('/api/role/permissions/list');
    const permissionId = new Map(list.body.success ? list.body.data.map((p) => [String(p.name), p._id]) : []);
    for (const action of ['read', 'create', 'update', 'delete']) expect(permissionId.has(`agenda.${action}`), action).toBe(true);
    expect(PERMISSION_PRESETS.find((preset) => preset.name === 'Penulis')?.permissions).toEqual(expect.arrayContaining(['agenda.create', 'agenda.update']));

    const staff = async (permissions: string[]) => {
      const role = await admin.post<Row>('/api/role', form({ name: unique('Peran'), permissions: permissions.map((name) => permissionId.get(name)!) }));
      const username = unique('staf');
      const roleId = role.body.success ? role.body.data._id : '';
      expect((await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Staf', role: roleId }))).status).toBe(201);
      const client = new Client();
      await client.login(username, 'rahasia-123');
      return client;
    };
    const values = () => form({ title: unique('Acara Staf'), place: 'x', description: '<p>x</p>', startsAt: '2027-06-01T01:00:00Z' });
    const without = await staff(['vision.create']);
    const refused = await without.post('/api/agenda', values());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: { required: 'agenda.create' } });
    const writer = await staff(['agenda.create']);
    expect((await writer.post('/api/agenda', values())).status).toBe(201);
  });
});
