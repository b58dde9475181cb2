/**
 * The local runtime under use: saves and reads while the site rebuilds, and a record whose slug
 * cannot be a page, written straight into D1 past the input checks.
 */
import type { SiteBuild } from '@cms/worker/contract/api';
import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { localDatabaseFile } from '../../scripts/lib/local-database.ts';
import { base, adminPassword, stateDir, rebuildSiteOnSave } from '../../e2e/product.ts';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

/**
 * fetch, sent again once when a kept-alive connection was closed by the server as it was reused
 * (undici's "other side closed" after a long idle pause); any answer, 503 included, is returned.
 */
async function send(url: string, init?: RequestInit) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

async function login() {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

const api = (cookie: string) => ({
  save: (title: string, isActive = false) => {
    const form = new FormData();
    form.append('title', title);
    form.append('isActive', String(isActive));
    return fetch(`${base}/api/category`, { method: 'POST', headers: { origin: base, cookie }, body: form });
  },
  remove: (id: string) => fetch(`${base}/api/category/${id}`, { method: 'DELETE', headers: { origin: base, cookie } }),
  builds: async () => ((await (await send(`${base}/api/rebuild`, { headers: { cookie } })).json()) as { data: SiteBuild[] }).data,
  rebuild: async () => ((await (await send(`${base}/api/rebuild`, { method: 'POST', headers: { origin: base, cookie } })).json()) as { data: SiteBuild }).data,
});

/** A build that has gone live or failed. */
const ended = (build: SiteBuild) => !['pending', 'sent', 'building'].includes(build.status);

/** Waits for build `id` to end (builds of 20 pages take seconds; allow a loaded machine). */
async function finished(builds: () => Promise<SiteBuild[]>, id: string) {
  for (let i = 0; i < 240; i++) {
    const build = (await builds()).find((b) => b._id === id);
    if (build && ended(build)) return build;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`build ${id} did not finish`);
}

describe('saves and reads while the site rebuilds', () => {
  it('answers every request, none with 503, while builds go live', async () => {
    const client = api(await login());
    const statuses: Record<string, number> = {};
    const created: string[] = [];
    const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
    const started = new Date().toISOString();
    const read = async () => {
      count((await fetch(`${base}/`)).status);
      count((await fetch(`${base}/api/category?limit=1`)).status);
    };
    const since = async () => (await client.builds()).filter((b) => b.requestedAt >= started);
    // Saves (of categories not shown on the site, each removed again) ask for builds until one of
    // them is building; the last removal then queues another behind it. Reads go on until every
    // build asked since the start has gone live, so the next test's build waits behind none.
    for (const saveUntil = Date.now() + 120_000; Date.now() < saveUntil; ) {
      const saved = await client.save(unique('Muat'));
      count(saved.status);
      if (saved.status === 201) created.push(((await saved.json()) as { data: { _id: string } }).data._id);
      await read();
      if (created.length > 1) count((await client.remove(created.at(-2)!)).status);
      if ((await since()).some((build) => build.status === 'building' || ended(build))) break;
    }
    if (created.length) count((await client.remove(created.at(-1)!)).status);
    for (const readUntil = Date.now() + 180_000; Date.now() < readUntil; ) {
      await read();
      if ((await since()).every(ended)) break;
    }
    const builds = await since();
    console.log(`requests while the site rebuilt, by status (${created.length} saves):`, statuses);
    expect(builds.map((b) => b.status)).toEqual(expect.arrayContaining(['succeeded']));
    expect(builds.filter((b) => b.status !== 'succeeded')).toEqual([]);
    expect(statuses[503]).toBeUndefined();
    expect(Object.keys(statuses).sort()).toEqual(['200', '201']);
  }, 280_000);
});

describe('a record whose slug cannot be a page', () => {
  it('is skipped and named in the build message; the build succeeds and every other page is there', async () => {
    const client = api(await login());
    const saved = await client.save(unique('Terlalu Panjang'), true);
    const { _id: id } = ((await saved.json()) as { data: { _id: string } }).data;
    const longSlug = 'judul-yang-sangat-panjang-'.repeat(12);
    // Written past the API (which refuses such a slug) into the database file the running worker
    // holds, with a new change time as every write has, so the build's kept copy reads the record
    // again. While the worker writes, SQLite waits for its lock (busy_timeout) instead of failing.
    const database = createClient({ url: `file:${localDatabaseFile(stateDir)}` });
    try {
      await database.execute('PRAGMA busy_timeout = 10000');
      await database.execute({ sql: "UPDATE category SET slug = ?, updatedAt = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?", args: [longSlug, id] });
    } finally {
      database.close();
    }
    try {
      const build = await finished(client.builds, (await client.rebuild())._id);
      expect(build.status).toBe('succeeded');
      expect(build.message).toContain(`id ${id}`);
      expect(build.message).toMatch(/Halaman dilewati: Category .*slug \d+ karakter, maksimal 200/);
      for (const page of ['/', '/our-work', '/vision', '/about-us']) expect((await fetch(base + page)).status, page).toBe(200);
      expect((await fetch(`${base}/our-work/${longSlug}`)).status).toBe(404);
    } finally {
      await client.remove(id);
    }
  }, 300_000);
});
