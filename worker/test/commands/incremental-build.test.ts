/**
 * Rebuild cost follows the change: after one article is saved, the next site build renders that
 * article and the list pages showing it, reuses every other page from the last build, and reads
 * only the changed record from the API; the same holds for an article's English version. Its own
 * worker and state, so the counts are its own.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite, searchIndexWritten } from '../../../scripts/lib/builds.ts';
import { KEPT_INDEX_LINE } from '../../../site/integrations/search-index.ts';
import { DEFAULT_ADMIN, startBundledWorker, type LocalWorker } from '../../../scripts/lib/local.ts';
import { runBundle } from '../worker.ts';

const state = mkdtempSync(path.join(tmpdir(), 'cms-incremental-'));
const www = path.join(state, 'www');
// Each build goes to its own folder under siteDir; `current` names the one served.
const siteDir = path.join(state, 'site');
let worker: LocalWorker;
let cookie = '';

const send = async (method: string, route: string, body: unknown) => {
  const response = await fetch(worker.url + route, { method, headers: { cookie, origin: worker.url, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json<{ success: boolean; data: { _id: string; slug: string }; message: string }>();
  if (!answer.success) throw new Error(`${method} ${route}: ${answer.message}`);
  return answer.data;
};

/** Which pages a build rendered and which it reused, from Astro's own build log. */
async function build() {
  const result = await buildSite(worker.url, siteDir, state);
  if (!result.ok) throw new Error(result.output.slice(-3000));
  const pages = [...result.output.matchAll(/[├└]─ (\S+\.html) (\(restored\)|\(cached\)|\(\+\d+ms\))/g)].map(([, file, how]) => ({ file: file!, reused: how!.startsWith('(r') || how!.startsWith('(c') }));
  const readFrom = (route: string) => Number(result.output.match(new RegExp(`\\[content\\] ${route.replace(/[?]/g, '\\$&')}: \\d+ records, (\\d+) read from the API`))?.[1]);
  const readFromApi = readFrom('/api/bio-core');
  const readInEnglish = readFrom('/api/bio-core?locale=en');
  return { rendered: pages.filter((p) => !p.reused).map((p) => p.file), reused: pages.filter((p) => p.reused).map((p) => p.file), readFromApi, readInEnglish, keptIndex: result.output.includes(KEPT_INDEX_LINE) };
}

/** The text the served search index holds for a page (Pagefind's fragments are gzipped JSON after a signature). */
function indexedText(url: string) {
  const folder = path.join(siteDir, 'current', 'pagefind', 'fragment');
  for (const file of readdirSync(folder)) {
    const fragment = JSON.parse(gunzipSync(readFileSync(path.join(folder, file))).toString('utf8').replace(/^pagefind_dcd/, '')) as { url: string; content: string };
    if (fragment.url === url) return fragment.content;
  }
  return null;
}

// This site is small: its builds would write their index before being published. Here every build above the first keeps the served one.
process.env.SITE_SEARCH_INDEX_LATER_ABOVE = '0';

let first: Awaited<ReturnType<typeof build>>;
let article: { _id: string; slug: string };
let filler: { _id: string; slug: string };

beforeAll(async () => {
  cpSync(inject('templateStateDir'), state, { recursive: true });
  worker = await startBundledWorker({ stateDir: state, port: 9500 + Math.floor(Math.random() * 90), assetsDir: www, bundle: runBundle() });
  const login = await fetch(`${worker.url}/api/auth/login`, { method: 'POST', headers: { origin: worker.url, 'content-type': 'application/json' }, body: JSON.stringify(DEFAULT_ADMIN) });
  cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  // Enough articles for a second list page; the first one created ends up on it.
  article = await send('POST', '/api/bio-core', { title: 'Artikel Yang Akan Diubah', content: '<p>Isi awal.</p>', isPublished: true });
  filler = await send('POST', '/api/bio-core', { title: 'Artikel Pengisi 1', content: '<p>Isi.</p>', isPublished: true });
  for (let i = 2; i <= 12; i++) await send('POST', '/api/bio-core', { title: `Artikel Pengisi ${i}`, content: '<p>Isi.</p>', isPublished: true });
  first = await build();
}, 300_000);

afterAll(async () => {
  delete process.env.SITE_SEARCH_INDEX_LATER_ABOVE;
  // The last build's index is still being written into its folder.
  await searchIndexWritten(siteDir);
  await worker?.stop();
  rmSync(state, { recursive: true, force: true });
});

describe('a build after one saved article', () => {
  it('renders that article and the list page showing it, and reuses every other article page', async () => {
    expect(first.rendered.filter((file) => /^\/bio-core\/[^/]+\.html$/.test(file)).length).toBe(16);
    expect(first.readFromApi).toBe(16);

    const servedBefore = path.join(siteDir, readlinkSync(path.join(siteDir, 'current')));
    await send('PUT', `/api/bio-core/${article._id}`, { title: 'Artikel Yang Sudah Diubah' });
    const second = await build();
    const served = path.join(siteDir, readlinkSync(path.join(siteDir, 'current')));

    const articlePages = (files: string[]) => files.filter((file) => /^\/bio-core\/(?!page\/)[^/]+\.html$/.test(file));
    expect(articlePages(second.rendered)).toEqual([`/bio-core/${article.slug}.html`]);
    expect(articlePages(second.reused)).toHaveLength(15);
    expect(second.rendered).toContain('/bio-core/page/2.html');
    expect(second.readFromApi).toBe(1);
    // Pages of other collections were not rendered again either.
    expect(second.rendered.filter((file) => /^\/(vision|our-work)\/.+\/.+\.html$|^\/vision\/[^/]+\.html$/.test(file))).toEqual([]);

    expect(readFileSync(path.join(siteDir, 'current', `bio-core/${article.slug}.html`), 'utf8')).toContain('Artikel Yang Sudah Diubah');
    // The build was published with the index it found served, and its own followed: a save does not wait for the whole site's index.
    expect(first.keptIndex).toBe(false);
    expect(second.keptIndex).toBe(true);
    await searchIndexWritten(siteDir);
    expect(indexedText(`/bio-core/${article.slug}.html`)).toContain('Artikel Yang Sudah Diubah');
    expect(readFileSync(path.join(siteDir, 'current', 'bio-core/page/2.html'), 'utf8')).toContain('Artikel Yang Sudah Diubah');

    // A reused page is not written again: the new build holds the very file the last one served
    // (a link), and the rendered page is a new file, so the build served meanwhile never changed.
    const unchanged = `bio-core/${articlePages(second.reused)[0]!.split('/').pop()}`;
    expect(statSync(path.join(served, unchanged)).ino).toBe(statSync(path.join(servedBefore, unchanged)).ino);
    expect(readFileSync(path.join(servedBefore, `bio-core/${article.slug}.html`), 'utf8')).toContain('Artikel Yang Akan Diubah');
    expect(readFileSync(path.join(servedBefore, 'bio-core/page/2.html'), 'utf8')).not.toContain('Artikel Yang Sudah Diubah');
  }, 180_000);

  it('drops a deleted article and its page, and reads nothing else', async () => {
    await fetch(`${worker.url}/api/bio-core/${article._id}`, { method: 'DELETE', headers: { cookie, origin: worker.url } });
    const third = await build();
    expect(third.readFromApi).toBe(0);
    expect(third.rendered.concat(third.reused)).not.toContain(`/bio-core/${article.slug}.html`);
    expect(existsSync(path.join(siteDir, 'current', `bio-core/${article.slug}.html`))).toBe(false);
    expect(existsSync(path.join(siteDir, 'current', 'bio-core/page/2.html'))).toBe(true);
  }, 180_000);

  it('renders only the pages of an article whose English version is saved, and reads only that article in English', async () => {
    const recordPages = (files: string[]) => files.filter((file) => /^(\/en)?\/(bio-core|vision|agenda)\/(?!page\/|_preview)[^/]+\.html$|^(\/en)?\/our-work\/.+\/.+\.html$/.test(file));
    const english = (title: string) => send('PUT', `/api/bio-core/${filler._id}/translations/en`, { title, content: '<p>English text.</p>', slug: 'filler-in-english', isPublished: true });

    // Published in English for the first time: its English page appears and its Indonesian page gains the alternate.
    await english('Filler Article In English');
    const published = await build();
    expect(recordPages(published.rendered).sort()).toEqual([`/bio-core/${filler.slug}.html`, '/en/bio-core/filler-in-english.html']);
    expect(published.readInEnglish).toBe(1);
    expect(published.readFromApi).toBe(0);
    expect(readFileSync(path.join(siteDir, 'current', 'en/bio-core/filler-in-english.html'), 'utf8')).toContain('Filler Article In English');

    // Its English title changes: only the English page shows it.
    await english('Filler Article Retitled');
    const retitled = await build();
    expect(recordPages(retitled.rendered)).toEqual(['/en/bio-core/filler-in-english.html']);
    expect(retitled.readInEnglish).toBe(1);
    expect(retitled.readFromApi).toBe(0);
    expect(readFileSync(path.join(siteDir, 'current', 'en/bio-core/filler-in-english.html'), 'utf8')).toContain('Filler Article Retitled');
  }, 300_000);
});
