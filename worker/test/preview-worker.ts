/**
 * A worker of its own for preview tests, with a stand-in site serving the given pages (what the
 * worker fetches from the built site: published pages and marked preview templates), an admin
 * client logged in to it, and clients without a session.
 */
import { createServer } from 'node:http';
import { expect } from 'vitest';
import { DEFAULT_ADMIN } from '../../scripts/lib/local.ts';
import { Client } from './client.ts';
import { TestWorker } from './worker.ts';
import { ANALYTICS_SOURCES, cspWith } from '../src/contract/headers.ts';

export const SITE_CSP = cspWith({ ...ANALYTICS_SOURCES.google.csp, 'script-src': [...(ANALYTICS_SOURCES.google.csp['script-src'] ?? []), "'sha256-abc='"] });

export async function startPreviewWorker(pages: Record<string, string>) {
  const site = createServer((request, response) => {
    const html = pages[request.url ?? ''];
    // The policy the site build's _headers gives its pages when Google Analytics is set up.
    if (html) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=3600', 'content-security-policy': SITE_CSP }).end(html);
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const sitePort = (site.address() as { port: number }).port;
  // No rebuild is asked for while previews are made: the debounce outlasts the test.
  const worker = await TestWorker.start({ vars: { SITE_ORIGIN: `http://127.0.0.1:${sitePort}`, REBUILD_DEBOUNCE_MS: '600000' } });
  /** A client of this worker without a session. */
  const client = (): Client =>
    new (class extends Client {
      override readonly base = worker.url;
    })();
  const admin = client();
  await admin.login(DEFAULT_ADMIN.username, DEFAULT_ADMIN.password);
  return {
    worker,
    admin,
    client,
    async stop() {
      await worker.stop();
      site.close();
    },
  };
}

/** The data of a successful answer; the answer itself in the failure message otherwise. */
export const data = <T>(answer: { status: number; body: unknown }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return (answer.body as { data: T }).data;
};
