/** Scheduled publishing through the scheduled handler, with a controlled clock. */
import { describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../src/contract/api.ts';
import { asAdmin, Client, form, unique, type Answer, type Row } from './client.ts';
import { fileWorker } from './worker.ts';

type Build = { _id: string; reason: string; requestedAt: string };

const data = <T>(answer: { status: number; body: unknown }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return (answer.body as { data: T }).data;
};

/** Fires the Cron Trigger's jobs once at `time`, as the minute trigger would. */
const runScheduled = (time: number) => fileWorker().runScheduled(time);

const DAY = 86_400_000;
const nextMinute = (time: number) => Math.ceil(time / 60_000) * 60_000;
const ids = (answer: Answer) => (answer.body.success ? (answer.body.data as Row[]).map((row) => row._id) : []);

/** A visitor's read that names the ETag it holds: 304 (nothing new), or the ids of a fresh answer. */
async function revalidate(path: string, etag: string) {
  const response = await fetch(`${fileWorker().url}${path}`, { headers: { 'if-none-match': etag } });
  if (response.status === 304) return { status: 304, ids: [] };
  const body = await response.json<{ data: Row[] }>();
  return { status: response.status, ids: body.data.map((row) => row._id) };
}

describe('scheduled publishing', () => {
  it('takes publish and unpublish times in any offset, stores them as UTC, and refuses nonsense', async () => {
    const admin = await asAdmin();
    const vision = data<Row>(await admin.post('/api/vision', form({ title: unique('Visi Terjadwal'), shortDescription: 's', content: '<p>c</p>', isPublished: 'false', publishAt: '2031-03-03T08:00:00+07:00' })));
    expect(vision).toMatchObject({ isPublished: false, publishAt: '2031-03-03T01:00:00.000Z', unpublishAt: null });
    const refused = await admin.put(`/api/vision/${vision._id}`, form({ publishAt: 'Senin pagi' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Terbit pada harus berupa tanggal dan waktu yang valid.');
    expect(data<Row>(await admin.put(`/api/vision/${vision._id}`, form({ publishAt: '' }))).publishAt).toBeNull();
  });

  it('publishes and unpublishes due records once, with a version, an audit entry and one rebuild request', async () => {
    const admin = await asAdmin();
    // Minutes from now, not years: the other minute jobs expire sessions by the same clock.
    const at = Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000;
    const vision = data<Row>(await admin.post('/api/vision', form({ title: unique('Visi Senin'), shortDescription: 's', content: '<p>c</p>', isPublished: 'false', publishAt: new Date(at).toISOString() })));
    const bio = data<Row>(await admin.post('/api/bio-core', form({ title: unique('BioCore Senin'), content: '<p>c</p>', isPublished: 'false', publishAt: new Date(at - 30_000).toISOString() })));
    const hero = data<Row>(await admin.post('/api/hero-section', form({ title: unique('Hero Lama'), isActive: 'true', unpublishAt: new Date(at).toISOString() })));
    const later = data<Row>(await admin.post('/api/our-work', form({ title: unique('Karya Nanti'), isActive: 'false', publishAt: new Date(at + 60_000).toISOString() })));
    const read = async (path: string, id: string) => data<Row>(await admin.get(`/api/${path}/${id}`));

    // A minute early: nothing is due.
    await runScheduled(at - 60_000);
    expect(await read('vision', vision._id)).toMatchObject({ isPublished: false });

    // The saves above asked for a build of their own; let it go out so the schedule's request is a new one.
    await expect.poll(async () => data<(Build & { status: string })[]>(await admin.get('/api/rebuild')).some((b) => b.status === 'pending'), { timeout: 10_000 }).toBe(false);
    const buildsBefore = data<Build[]>(await admin.get('/api/rebuild')).map((b) => b._id);
    await runScheduled(at);
    expect(await read('vision', vision._id)).toMatchObject({ isPublished: true, publishAt: null });
    expect(await read('bio-core', bio._id)).toMatchObject({ isPublished: true, publishAt: null });
    expect(await read('hero-section', hero._id)).toMatchObject({ isActive: false, unpublishAt: null });
    expect(await read('our-work', later._id)).toMatchObject({ isActive: false, publishAt: new Date(at + 60_000).toISOString() });
    // The same minute again (a retried trigger) changes nothing more.
    await runScheduled(at);

    const newBuilds = data<Build[]>(await admin.get('/api/rebuild')).filter((b) => !buildsBefore.includes(b._id) && b.reason.startsWith('Jadwal:'));
    expect(newBuilds).toHaveLength(1);
    expect(newBuilds[0]!.reason).toContain(String(vision.title));
    expect(newBuilds[0]!.reason).toContain(String(hero.title));

    const versions = data<{ action: string; username: string; changedFields: { field: string }[] }[]>(await admin.get(`/api/vision/${vision._id}/revisions`));
    expect(versions[0]).toMatchObject({ action: 'schedule', username: '' });
    expect(versions[0]!.changedFields.map((f) => f.field).sort()).toEqual(['isPublished', 'publishAt']);
    const audit = data<{ recordId: string; summary: string; username: string }[]>(await admin.get('/api/audit?limit=50'));
    expect(audit.filter((entry) => entry.recordId === vision._id).map((entry) => entry.summary)).toContain(`${String(vision.title)}: diterbitkan sesuai jadwal`);
    expect(audit.filter((entry) => entry.recordId === hero._id).map((entry) => entry.summary)).toContain(`${String(hero.title)}: disembunyikan sesuai jadwal`);

    await runScheduled(at + 60_000);
    expect(await read('our-work', later._id)).toMatchObject({ isActive: true, publishAt: null });
  });

  it('keeps an article ticked Published with a publish time tomorrow off every public read until the job publishes it then, and asks for a rebuild', async () => {
    const admin = await asAdmin();
    const visitor = new Client();
    const tomorrow = nextMinute(Date.now() + DAY);
    const title = unique('BioCore Besok');
    const article = data<Row>(await admin.post('/api/bio-core', form({ title, content: '<p>c</p>', isPublished: 'true', publishAt: new Date(tomorrow).toISOString() })));
    expect(article).toMatchObject({ isPublished: true, publishAt: new Date(tomorrow).toISOString() });
    const search = `/api/bio-core?search=${encodeURIComponent(title)}`;
    const slug = `/api/bio-core/slug/${String(article.slug)}`;
    const mailed = async () => data<{ html: string }>(await admin.post('/api/newsletter/preview', { subject: 'Kabar', body: '<p>Halo</p>', articles: [{ kind: 'bio-core', id: article._id }] })).html;

    const hiddenList = await visitor.get(search);
    expect(ids(hiddenList)).toEqual([]);
    const tag = hiddenList.headers.get('etag')!;
    expect(tag).toBeTruthy();
    expect((await visitor.get(slug)).status).toBe(404);
    expect(await mailed()).not.toContain(title);
    // The dashboard counts what the public sees, as the public list does.
    const dashboard = data<DashboardSummary>(await admin.get('/api/dashboard')).content['bio-core']!;
    const publicTotal = (await visitor.get('/api/bio-core?page=1&limit=1')).body;
    const staffTotal = (await admin.get('/api/bio-core?page=1&limit=1')).body;
    expect(dashboard.visible).toBe(publicTotal.success ? publicTotal.pagination?.total : -1);
    expect(dashboard.total).toBe(staffTotal.success ? staffTotal.pagination?.total : -1);

    // The saves above asked for a build of their own; let it go out so the schedule's request is a new one.
    await expect.poll(async () => data<(Build & { status: string })[]>(await admin.get('/api/rebuild')).some((b) => b.status === 'pending'), { timeout: 10_000 }).toBe(false);
    const buildsBefore = data<Build[]>(await admin.get('/api/rebuild')).map((b) => b._id);
    // A minute before its time, the job leaves it alone.
    await runScheduled(tomorrow - 60_000);
    expect(ids(await visitor.get(search))).toEqual([]);

    await runScheduled(tomorrow);
    expect(data<Row>(await admin.get(`/api/bio-core/${article._id}`))).toMatchObject({ isPublished: true, publishAt: null });
    // A visitor holding the earlier answer gets the article, not a 304.
    expect(await revalidate(search, tag)).toEqual({ status: 200, ids: [article._id] });
    expect((await visitor.get(slug)).status).toBe(200);
    expect(await mailed()).toContain(title);
    const requested = data<Build[]>(await admin.get('/api/rebuild')).filter((b) => !buildsBefore.includes(b._id) && b.reason.startsWith('Jadwal:'));
    expect(requested.map((b) => b.reason).join()).toContain(title);
  });

  it('keeps the published English version of an article scheduled for tomorrow off every English read until the article goes live, then shows it', async () => {
    const admin = await asAdmin();
    const visitor = new Client();
    const tomorrow = nextMinute(Date.now() + DAY);
    const article = data<Row>(await admin.post('/api/bio-core', form({ title: unique('BioCore Dua Bahasa'), content: '<p>c</p>', isPublished: 'true', publishAt: new Date(tomorrow).toISOString() })));
    const slug = `tomorrow-in-english-${Date.now()}`;
    const title = unique('Tomorrow In English');
    data(await admin.put(`/api/bio-core/${article._id}/translations/en`, { title, slug, content: '<p>English.</p>', isPublished: true }));

    // Every English read a visitor or the site build makes: the list (fast path and paged), one record by slug and id, the change feed.
    const search = `/api/bio-core?locale=en&search=${encodeURIComponent(title)}`;
    const reads = async () => ({
      listed: ids(await visitor.get(search)),
      paged: ids(await visitor.get(`/api/bio-core?locale=en&search=${encodeURIComponent(title)}&page=1&limit=10`)),
      bySlug: (await visitor.get(`/api/bio-core/slug/${slug}?locale=en`)).status,
      byId: (await visitor.get(`/api/bio-core/${article._id}?locale=en`)).status,
      inFeed: data<{ _id: string }[]>(await visitor.get('/api/bio-core/versions?locale=en')).some((row) => row._id === article._id),
    });
    const hidden = await visitor.get(search);
    const tag = hidden.headers.get('etag')!;
    expect(await reads()).toEqual({ listed: [], paged: [], bySlug: 404, byId: 404, inFeed: false });
    await runScheduled(tomorrow - 60_000);
    expect(await reads()).toEqual({ listed: [], paged: [], bySlug: 404, byId: 404, inFeed: false });

    await runScheduled(tomorrow);
    expect(await reads()).toEqual({ listed: [article._id], paged: [article._id], bySlug: 200, byId: 200, inFeed: true });
    expect(await revalidate(search, tag)).toEqual({ status: 200, ids: [article._id] });
    const shown = await visitor.get<Row>(`/api/bio-core/slug/${slug}?locale=en`);
    expect(shown.body.success && shown.body.data.title).toBe(title);
  });

  it('hides a record whose unpublish time has passed before the job runs, and the job then turns its flag off', async () => {
    const admin = await asAdmin();
    const visitor = new Client();
    const title = unique('Visi Selesai');
    const past = new Date(Date.now() - 60_000).toISOString();
    const vision = data<Row>(await admin.post('/api/vision', form({ title, shortDescription: 's', content: '<p>c</p>', isPublished: 'true', unpublishAt: past })));
    const search = `/api/vision?search=${encodeURIComponent(title)}`;
    expect(ids(await visitor.get(search))).toEqual([]);
    expect((await visitor.get(`/api/vision/slug/${String(vision.slug)}`)).status).toBe(404);
    await runScheduled(nextMinute(Date.now()));
    expect(data<Row>(await admin.get(`/api/vision/${vision._id}`))).toMatchObject({ isPublished: false, unpublishAt: null });
    expect(ids(await visitor.get(search))).toEqual([]);
  });

  it("shows a record at its publish time by the worker's own clock, and a cached answer is not kept past it", async () => {
    const admin = await asAdmin();
    const visitor = new Client();
    const title = unique('Visi Segera');
    // The only test that waits: for the worker's real clock, which no trigger can move; two seconds.
    const soon = Date.now() + 2_000;
    await admin.post('/api/vision', form({ title, shortDescription: 's', content: '<p>c</p>', isPublished: 'true', publishAt: new Date(soon).toISOString() }));
    const search = `/api/vision?search=${encodeURIComponent(title)}`;
    const hidden = await visitor.get(search);
    expect(ids(hidden)).toEqual([]);
    const tag = hidden.headers.get('etag')!;
    await expect.poll(async () => (await revalidate(search, tag)).ids.length, { timeout: 10_000, interval: 250 }).toBe(1);
    expect(Date.now()).toBeGreaterThanOrEqual(soon);
  });
});
