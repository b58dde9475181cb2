/**
 * The built site served by Workers static assets (wrangler.toml [assets], as in production):
 * another spelling of a page's address (a trailing slash, `.html`) moves for good with a 301.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, startBundledWorker, type LocalWorker } from '../../../scripts/lib/local.ts';
import { runBundle } from '../worker.ts';

const state = mkdtempSync(path.join(tmpdir(), 'cms-assets-'));
let worker: LocalWorker;

beforeAll(async () => {
  const www = path.join(state, 'www');
  mkdirSync(path.join(www, 'vision'), { recursive: true });
  for (const [file, html] of Object.entries({ 'index.html': 'home', 'about-us.html': 'about', 'vision/first.html': 'first', '404.html': 'missing' })) {
    writeFileSync(path.join(www, file), `<!doctype html><title>${html}</title>`);
  }
  await migrate(state);
  // Below the browser tests' products (9900-9989 and their site ports), which start in the same run.
  worker = await startBundledWorker({ stateDir: state, port: 9800 + Math.floor(Math.random() * 90), assetsDir: www, bundle: runBundle() });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  rmSync(state, { recursive: true, force: true });
});

describe('static pages of the site', () => {
  it('are served at one address; the other spellings answer 301 to it', async () => {
    expect((await fetch(`${worker.url}/about-us`, { redirect: 'manual' })).status).toBe(200);
    for (const [from, to] of [['/about-us/', '/about-us'], ['/about-us.html', '/about-us'], ['/vision/first/', '/vision/first'], ['/index.html', '/']]) {
      const answer = await fetch(`${worker.url}${from}`, { redirect: 'manual' });
      expect(answer.status, from).toBe(301);
      expect(new URL(answer.headers.get('location')!, worker.url).pathname, from).toBe(to);
    }
  });
});
