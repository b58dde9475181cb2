/** The rebuild hook's request, as the receiving server sees it: GitHub's repository_dispatch with a token, a plain deploy hook without. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRebuildHook } from '../src/rebuild/hook.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

let received: Received[] = [];
let base = '';
// Stands in for api.github.com: answers 204 as GitHub does for an accepted dispatch.
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk));
  request.on('end', () => {
    received.push({ method: request.method!, url: request.url!, headers: request.headers, body: JSON.parse(body || 'null') });
    response.writeHead(204).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());

describe('the rebuild hook', () => {
  it('with a token, starts the deploy workflow through GitHub repository_dispatch', async () => {
    received = [];
    const response = await callRebuildHook({ REBUILD_HOOK_URL: `${base}/repos/acme/waste-site/dispatches`, REBUILD_HOOK_TOKEN: 'ghp_example', REBUILD_SECRET: 'shh' }, 'build-42');
    expect(response.status).toBe(204);
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call).toMatchObject({ method: 'POST', url: '/repos/acme/waste-site/dispatches', body: { event_type: 'rebuild', client_payload: { buildId: 'build-42' } } });
    expect(call!.headers).toMatchObject({ authorization: 'Bearer ghp_example', accept: 'application/vnd.github+json', 'content-type': 'application/json' });
    expect(call!.headers['user-agent']).toBeTruthy();
    // The worker's own secret stays with the worker.
    expect(call!.headers['x-rebuild-secret']).toBeUndefined();
  });

  it('without a token, POSTs the build id to a plain deploy hook with the rebuild secret', async () => {
    received = [];
    await callRebuildHook({ REBUILD_HOOK_URL: `${base}/deploy-hook/abc`, REBUILD_SECRET: 'shh' }, 'build-43');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/deploy-hook/abc', body: { buildId: 'build-43' } });
    expect(received[0]!.headers).toMatchObject({ 'x-rebuild-secret': 'shh', 'content-type': 'application/json' });
    expect(received[0]!.headers.authorization).toBeUndefined();
  });
});
