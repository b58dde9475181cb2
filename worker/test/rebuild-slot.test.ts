/** Rebuild requests under load and over time: one pending request, builds that never hang. */
import { describe, expect, inject, it } from 'vitest';
import type { SiteBuild } from '../src/contract/api.ts';
import { asAdmin, form, unique, type Client } from './client.ts';
import { fileWorker } from './worker.ts';

const MINUTE = 60_000;

/** Fires the Cron Trigger's jobs as if it were `time`. */
const runScheduled = (time: number) => fileWorker().runScheduled(time);

const builds = async (admin: Client) => {
  const answer = await admin.get<SiteBuild[]>('/api/rebuild');
  return answer.body.success ? answer.body.data : [];
};

/** Waits until no request is pending (the debounce has sent it). */
const settle = (admin: Client) =>
  expect.poll(async () => (await builds(admin)).some((b) => b.status === 'pending'), { message: 'a rebuild request stayed pending', timeout: 10_000 }).toBe(false);

const report = (buildId: string, status: 'building' | 'succeeded') =>
  fetch(`${fileWorker().url}/api/rebuild/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-rebuild-secret': inject('rebuildSecret') },
    body: JSON.stringify({ buildId, status, durationMs: 1000 }),
  });

describe('one pending rebuild request', () => {
  it('records a single pending request for 20 parallel saves', async () => {
    const admin = await asAdmin();
    await settle(admin);
    const before = new Set((await builds(admin)).map((b) => b._id));
    const saves = await Promise.all(Array.from({ length: 20 }, () => admin.post('/api/category', form({ title: unique('Paralel') }))));
    expect(saves.map((s) => s.status)).toEqual(Array(20).fill(201));
    const added = (await builds(admin)).filter((b) => !before.has(b._id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ status: expect.stringMatching(/^(pending|sent)$/), reason: 'Category: create' });
  });

  it('asks for a new build for a save made while a build runs, sent after it', async () => {
    const admin = await asAdmin();
    await settle(admin);
    await admin.post('/api/category', form({ title: unique('Sebelum') }));
    await settle(admin);
    const [running] = await builds(admin);
    expect((await report(running!._id, 'building')).status).toBe(200);
    await admin.post('/api/category', form({ title: unique('Selama') }));
    const [next] = await builds(admin);
    expect(next).toMatchObject({ status: 'pending', reason: 'Category: create' });
    expect(next!._id).not.toBe(running!._id);
    await settle(admin);
    expect((await builds(admin)).find((b) => b._id === next!._id)?.status).toBe('sent');
  });
});

describe('builds that never hang', () => {
  it('times out a build with no report for 20 minutes, and the next save asks again', async () => {
    const admin = await asAdmin();
    await settle(admin);
    const asked = await admin.post<SiteBuild>('/api/rebuild');
    const id = asked.body.success ? asked.body.data._id : '';
    await settle(admin);
    const find = async () => (await builds(admin)).find((b) => b._id === id);
    expect((await find())?.status).toBe('sent');

    await runScheduled(Date.now() + 19 * MINUTE);
    expect((await find())?.status).toBe('sent');
    await runScheduled(Date.now() + 21 * MINUTE);
    expect(await find()).toMatchObject({ status: 'timed-out', message: expect.stringContaining('20 menit') });

    await admin.post('/api/category', form({ title: unique('Sesudah') }));
    const [next] = await builds(admin);
    expect(next).toMatchObject({ status: 'pending', reason: 'Category: create' });
  });

  it('leaves a finished build alone however old it is', async () => {
    const admin = await asAdmin();
    await settle(admin);
    const asked = await admin.post<SiteBuild>('/api/rebuild');
    const id = asked.body.success ? asked.body.data._id : '';
    await settle(admin);
    expect((await report(id, 'succeeded')).status).toBe(200);
    await runScheduled(Date.now() + 60 * MINUTE);
    expect((await builds(admin)).find((b) => b._id === id)?.status).toBe('succeeded');
  });
});

describe('the newest request', () => {
  it('is the one recorded last, even after a scheduled run recorded one for a later time', async () => {
    const admin = await asAdmin();
    await settle(admin);
    const at = Math.ceil(Date.now() / MINUTE) * MINUTE + 90 * MINUTE;
    const title = unique('Visi Nanti');
    const vision = await admin.post('/api/vision', form({ title, shortDescription: 's', content: '<p>c</p>', isPublished: 'false', publishAt: new Date(at).toISOString() }));
    expect(vision.status).toBe(201);
    await settle(admin);
    await runScheduled(at);
    const [scheduled] = await builds(admin);
    expect(scheduled).toMatchObject({ requestedAt: new Date(at).toISOString(), reason: expect.stringContaining(title) });
    await settle(admin);

    await admin.post('/api/category', form({ title: unique('Sekarang') }));
    const [newest, previous] = await builds(admin);
    expect(newest).toMatchObject({ reason: 'Category: create' });
    expect(previous?._id).toBe(scheduled!._id);
  });
});
