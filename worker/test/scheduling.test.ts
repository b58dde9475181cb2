/** Scheduled publishing through the scheduled handler, with a controlled clock. */
import { describe, expect, inject, it } from 'vitest';
import { asAdmin, form, unique } from './client.ts';

type Row = { _id: string } & Record<string, unknown>;
type Build = { _id: string; reason: string; requestedAt: string };

const data = <T>(answer: { status: number; body: unknown }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return (answer.body as { data: T }).data;
};

/** Fires the Cron Trigger's jobs once at `time`, as the minute trigger would. */
async function runScheduled(time: number) {
  const query = new URLSearchParams({ cron: '* * * * *', time: String(time) });
  const response = await fetch(`${inject('apiUrl')}/cdn-cgi/local/scheduled?${query}`);
  expect(response.status).toBe(200);
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
});
