/** Old addresses keep working: slug changes and staff redirects answer 301, missing pages are logged. */
import { describe, expect, it } from 'vitest';
import type { MissingPage } from '../src/contract/staff-answers.ts';
import { asAdmin, Client, form, unique } from './client.ts';

type Row = { _id: string; slug: string } & Record<string, unknown>;

const visit = (base: string, path: string, headers: Record<string, string> = {}) => fetch(base + path, { redirect: 'manual', headers });

describe('redirects', () => {
  it('keeps a vision reachable at its old address after its slug changes, without chains', async () => {
    const admin = await asAdmin();
    const created = await admin.post<Row>('/api/vision', form({ title: unique('Visi Lama'), shortDescription: 'x', content: '<p>x</p>' }));
    const vision = created.body.success ? created.body.data : null;
    const first = vision!.slug;
    await admin.put(`/api/vision/${vision!._id}`, form({ slug: `${first}-baru` }));
    let moved = await visit(admin.base, `/vision/${first}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/vision/${first}-baru`);

    await admin.put(`/api/vision/${vision!._id}`, form({ slug: `${first}-terbaru` }));
    moved = await visit(admin.base, `/vision/${first}?utm=x`);
    expect(moved.headers.get('location')).toBe(`/vision/${first}-terbaru?utm=x`);
    expect((await visit(admin.base, `/vision/${first}-baru`)).headers.get('location')).toBe(`/vision/${first}-terbaru`);
    const listed = await admin.get<Row[]>(`/api/redirect?search=${encodeURIComponent(first)}`);
    expect(listed.body.success && listed.body.data.map((r) => [r.from, r.to, r.status]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      [`/vision/${first}`, `/vision/${first}-terbaru`, '301'],
      [`/vision/${first}-baru`, `/vision/${first}-terbaru`, '301'],
    ]);
  });

  it('stores no redirect from the address of a record the public does not see yet, which would show where it will appear', async () => {
    const admin = await asAdmin();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const created = await admin.post<Row>('/api/vision', form({ title: unique('Visi Terjadwal'), shortDescription: 'x', content: '<p>x</p>', isPublished: 'true', publishAt: tomorrow }));
    const vision = created.body.success ? created.body.data : null;
    const first = vision!.slug;
    expect((await admin.put(`/api/vision/${vision!._id}`, form({ slug: `${first}-rahasia` }))).status).toBe(200);
    expect((await visit(admin.base, `/vision/${first}`)).status).toBe(404);
    const listed = await admin.get<Row[]>(`/api/redirect?search=${encodeURIComponent(first)}`);
    expect(listed.body.success && listed.body.data).toEqual([]);
  });

  it("sends the old site's work addresses to /our-work for good, query included", async () => {
    const { base } = new Client();
    for (const [from, to] of [
      ['/work', '/our-work'],
      ['/work?utm_source=poster', '/our-work?utm_source=poster'],
      ['/work/edukasi?utm_source=a&utm_medium=b', '/our-work/edukasi?utm_source=a&utm_medium=b'],
    ]) {
      const moved = await fetch(`${base}${from}`, { redirect: 'manual' });
      expect(moved.status, from).toBe(301);
      expect(new URL(moved.headers.get('location')!, base).href.slice(base.length), from).toBe(to);
    }
  });

  it('moves every category address of a work whose slug changes', async () => {
    const admin = await asAdmin();
    const categories = await admin.get<Row[]>('/api/category?limit=2');
    const ids = categories.body.success ? categories.body.data.map((c) => c._id) : [];
    const slugs = categories.body.success ? categories.body.data.map((c) => c.slug) : [];
    const created = await admin.post<Row>('/api/our-work', form({ title: unique('Karya'), category_ids: JSON.stringify(ids) }));
    const work = created.body.success ? created.body.data : null;
    await admin.put(`/api/our-work/${work!._id}`, form({ slug: `${work!.slug}-2` }));
    for (const category of slugs) {
      const moved = await visit(admin.base, `/our-work/${category}/${work!.slug}`);
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe(`/our-work/${category}/${work!.slug}-2`);
    }
  });

  it('logs missing addresses for staff, and a redirect made from the log takes the address out of it', async () => {
    const admin = await asAdmin();
    const path = `/${unique('tautan-rusak')}`;
    expect((await visit(admin.base, path, { referer: 'https://mitra.example/berita' })).status).toBe(404);
    expect((await visit(admin.base, `${path}/`)).status).toBe(404);
    let log = await admin.get<MissingPage[]>('/api/not-found');
    const entry = log.body.success ? log.body.data.find((row) => row.path === path) : undefined;
    expect(entry).toMatchObject({ path, hits: 2, referrer: 'https://mitra.example/berita' });

    expect((await admin.post('/api/redirect', { from: path, to: '/our-work', status: '302' })).status).toBe(201);
    const moved = await visit(admin.base, path);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/our-work');
    log = await admin.get<MissingPage[]>('/api/not-found');
    expect(log.body.success && log.body.data.some((row) => row.path === path)).toBe(false);
  });

  it('refuses redirects that leave the site or do not start at one of its addresses, and keeps the log to staff', async () => {
    const admin = await asAdmin();
    expect((await admin.post('/api/redirect', { from: '//evil.example', to: '/' })).status).toBe(400);
    expect((await admin.post('/api/redirect', { from: 'tanpa-garis', to: '/' })).status).toBe(400);
    const unsafe = await admin.post('/api/redirect', { from: `/${unique('x')}`, to: 'javascript:alert(1)' });
    expect(unsafe.status).toBe(400);
    expect((await new Client().get('/api/not-found')).status).toBe(401);
    expect((await new Client().get('/api/redirect')).status).toBe(401);
  });

  it('refuses a redirect to itself and every loop, with a message that shows the circle', async () => {
    const admin = await asAdmin();
    const a = `/${unique('a')}`;
    const b = `/${unique('b')}`;
    const c = `/${unique('c')}`;
    for (const to of [a, `${a}/`, `${a}?utm=x`]) {
      const self = await admin.post('/api/redirect', { from: a, to });
      expect(self.status, to).toBe(400);
      expect(self.body.message, to).toContain('pengalihan ke dirinya sendiri');
    }
    expect((await admin.post('/api/redirect', { from: a, to: b })).status).toBe(201);
    const back = await admin.post('/api/redirect', { from: b, to: a });
    expect(back.status).toBe(400);
    expect(back.body).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining(`putaran: ${b} → ${a} → ${b}`) });

    // a -> b, b -> c: a is flattened to c; then c -> a would close a circle of three.
    expect((await admin.post('/api/redirect', { from: b, to: c })).status).toBe(201);
    const longer = await admin.post('/api/redirect', { from: c, to: a });
    expect(longer.status).toBe(400);
    expect(longer.body.message).toContain('putaran');
    // Changing a rule into a loop is refused the same way: to itself, or switching on a rule that closes a circle.
    const rules = await admin.get<Row[]>(`/api/redirect?search=${encodeURIComponent(b)}`);
    const bRule = rules.body.success ? rules.body.data.find((rule) => rule.from === b) : undefined;
    expect((await admin.put(`/api/redirect/${bRule!._id}`, { to: b })).status).toBe(400);
    const dormant = await admin.post<Row>('/api/redirect', { from: c, to: a, isActive: false });
    expect(dormant.status).toBe(201);
    const woken = await admin.put(`/api/redirect/${dormant.body.success && dormant.body.data._id}`, { isActive: true });
    expect(woken.status).toBe(400);
    expect(woken.body.message).toContain(`putaran: ${c} → ${a} → ${c}`);
    // Nothing was stored by the refusals: every address still reaches c in one hop.
    for (const from of [a, b]) expect((await visit(admin.base, from)).headers.get('location'), from).toBe(c);
    expect((await visit(admin.base, c)).status).toBe(404);
  });

  it('flattens chains: a rule to a redirected address, and rules leading to a new rule\'s source, reach the page in one hop', async () => {
    const admin = await asAdmin();
    const [old, middle, page, older] = ['lama', 'tengah', 'halaman', 'lebih-lama'].map((name) => `/${unique(name)}`) as [string, string, string, string];
    expect((await admin.post('/api/redirect', { from: old, to: middle })).status).toBe(201);
    // A new rule from the address the first one leads to: the first now leads to the end.
    expect((await admin.post('/api/redirect', { from: middle, to: page })).status).toBe(201);
    // A new rule to a redirected address is stored with the final address.
    const chained = await admin.post<Row>('/api/redirect', { from: older, to: old });
    expect(chained.status).toBe(201);
    expect(chained.body.success && chained.body.data.to).toBe(page);
    for (const from of [old, middle, older]) {
      const moved = await visit(admin.base, from);
      expect(moved.status, from).toBe(301);
      expect(moved.headers.get('location'), from).toBe(page);
    }
  });

  it('changing a slug back deletes the stale rule instead of leaving a redirect to itself', async () => {
    const admin = await asAdmin();
    const created = await admin.post<Row>('/api/vision', form({ title: unique('Visi Bolak Balik'), shortDescription: 'x', content: '<p>x</p>' }));
    const vision = created.body.success ? created.body.data : null;
    const first = vision!.slug;
    expect((await admin.put(`/api/vision/${vision!._id}`, form({ slug: `${first}-b` }))).status).toBe(200);
    expect((await admin.put(`/api/vision/${vision!._id}`, form({ slug: first }))).status).toBe(200);
    const listed = await admin.get<Row[]>(`/api/redirect?search=${encodeURIComponent(first)}`);
    expect(listed.body.success && listed.body.data.map((rule) => [rule.from, rule.to])).toEqual([[`/vision/${first}-b`, `/vision/${first}`]]);
    // The page's own address is no redirect (here, without a built site, it is missing: 404).
    expect((await visit(admin.base, `/vision/${first}`)).status).toBe(404);
    expect((await visit(admin.base, `/vision/${first}-b`)).headers.get('location')).toBe(`/vision/${first}`);
  });
});
