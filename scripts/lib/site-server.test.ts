/** The local site server answers as Workers static assets do, and a new build goes live without a restart. */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServer, type SiteServer } from './site-server.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'site-server-'));
const link = path.join(dir, 'current');
let server: SiteServer;

function writeBuild(name: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name, file)), { recursive: true });
    writeFileSync(path.join(dir, name, file), text);
  }
}
function serve(name: string) {
  symlinkSync(name, `${link}.next`);
  renameSync(`${link}.next`, link);
}
const get = (pathname: string) => fetch(server.url + pathname, { redirect: 'manual' });

/** A request with its target sent exactly as written (fetch would tidy `//x/%2e%2e` first). */
const rawGet = (target: string) =>
  new Promise<{ status: number; location: string | undefined; body: string }>((resolve, reject) => {
    const sent = request(`${server.url}/`, { path: target }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, location: response.headers.location, body }));
    });
    sent.on('error', reject);
    sent.end();
  });

beforeAll(async () => {
  writeBuild('one', {
    'index.html': 'home',
    'about-us.html': 'about',
    'vision.html': 'vision list',
    'vision/first.html': 'first vision',
    'docs/index.html': 'docs',
    '404.html': 'not here',
    'en/404.html': 'not here, in English',
    'en/vision.html': 'English vision list',
    'favicon.svg': '<svg/>',
    'vision/rss.xml': '<rss/>',
    'sitemap.xml': '<urlset/>',
    _headers: '# comment\n/*\n  X-Frame-Options: DENY\n  X-Test: one\n/vision/*\n  X-Test: two\n/docs/*\n  ! X-Frame-Options\n/vision/rss.xml\n  Content-Type: application/rss+xml; charset=utf-8\n',
  });
  serve('one');
  server = await startSiteServer({ port: 12_000 + Math.floor(Math.random() * 1000), currentLink: link });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('site server', () => {
  it('serves pages without .html and redirects the other spellings', async () => {
    expect(await (await get('/')).text()).toBe('home');
    expect(await (await get('/about-us')).text()).toBe('about');
    expect(await (await get('/vision/first')).text()).toBe('first vision');
    expect((await get('/about-us')).headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await get('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml');
    for (const [from, to] of [['/about-us/', '/about-us'], ['/about-us.html', '/about-us'], ['/docs', '/docs/'], ['/docs/index.html', '/docs/']]) {
      const response = await get(from!);
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
    expect(await (await get('/docs/')).text()).toBe('docs');
  });

  it('answers a miss with the 404 page, and never serves _headers or a path outside the build', async () => {
    for (const miss of ['/nothing', '/_headers', '/..%2f..%2fetc%2fpasswd', '/%E0%A4%A']) {
      const response = await get(miss);
      expect(response.status, miss).toBe(404);
      expect(await response.text(), miss).toBe('not here');
    }
  });

  it("answers a miss under a language's folder with that language's 404 page", async () => {
    for (const miss of ['/en/nothing', '/en/vision/nothing']) {
      const response = await get(miss);
      expect(response.status, miss).toBe(404);
      expect(await response.text(), miss).toBe('not here, in English');
    }
    expect(await (await get('/fr/nothing')).text()).toBe('not here');
  });

  it('answers a crafted path with 404, never a redirect off the site, and keeps serving', async () => {
    for (const target of ['/%2Fevil.example%2F..', '/%2Fevil.example%2F', '/%2F%2Fevil.example', '/%5Cevil.example%2F..', '//x/%2e%2e', '//x/..', '//', '//evil.example/', '/%2e%2e/%2e%2e/etc/passwd', '/docs/%2e%2e%2F..%2Fabout-us']) {
      const answer = await rawGet(target);
      expect(answer.status, target).toBe(404);
      expect(answer.location, target).toBeUndefined();
    }
    expect(await (await get('/')).text()).toBe('home');
  });

  it('applies the _headers rules: every matching rule, a repeated header joined, a detached one removed', async () => {
    const home = await get('/');
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    expect(home.headers.get('x-test')).toBe('one');
    expect((await get('/vision/first')).headers.get('x-test')).toBe('one, two');
    expect((await get('/docs/')).headers.get('x-frame-options')).toBeNull();
    expect((await get('/nothing')).headers.get('x-frame-options')).toBe('DENY');
    // A rule's Content-Type stands in for the one of the file's extension, as on Workers assets.
    expect((await get('/vision/rss.xml')).headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect((await get('/sitemap.xml')).headers.get('content-type')).toBe('application/xml');
  });

  it('serves a new build as soon as the link points at it', async () => {
    writeBuild('two', { 'index.html': 'new home', '404.html': 'gone', 'new-page.html': 'new page' });
    serve('two');
    expect(await (await get('/')).text()).toBe('new home');
    expect(await (await get('/new-page')).text()).toBe('new page');
    expect((await get('/about-us')).status).toBe(404);
  });
});
