/** The rebuild hook's request, as the receiving server sees it: GitHub's repository_dispatch with a token, a plain deploy hook without. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/local.ts';
import { callRebuildHook, isSecret, signatureOf } from '../src/rebuild/hook.ts';

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

  it('without a token, POSTs the build id to a plain deploy hook, signed, and never with the rebuild secret', async () => {
    received = [];
    await callRebuildHook({ REBUILD_HOOK_URL: `${base}/deploy-hook/abc`, REBUILD_SECRET: 'shh-a-long-secret' }, 'build-43');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/deploy-hook/abc', body: { buildId: 'build-43' } });
    const { headers } = received[0]!;
    expect(headers['content-type']).toBe('application/json');
    expect(headers.authorization).toBeUndefined();
    // The hook's owner learns nothing it could call the worker with: no header carries the secret.
    expect(headers['x-rebuild-secret']).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain('shh-a-long-secret');
    // A builder holding the secret can tell the call came from the worker.
    expect(headers['x-rebuild-signature']).toBe(await signatureOf('shh-a-long-secret', '{"buildId":"build-43"}'));
    expect(headers['x-rebuild-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});

describe('the rebuild secret check', () => {
  it('accepts only the secret itself, whatever the length of a wrong one', async () => {
    expect(await isSecret('s3cret-value', 's3cret-value')).toBe(true);
    for (const wrong of ['', 's', 's3cret-valu', 's3cret-valuE', 's3cret-value ', 'x'.repeat(10_000)]) expect(await isSecret(wrong, 's3cret-value'), wrong.slice(0, 20)).toBe(false);
  });

  it('is the only way the worker compares it: no ===, so the time taken tells nothing', () => {
    const source = readFileSync(path.join(ROOT, 'worker/src/rebuild/rebuild.ts'), 'utf8');
    expect(source).not.toMatch(/REBUILD_SECRET\s*[!=]==|[!=]==\s*c\.env\.REBUILD_SECRET/);
    expect(source).toMatch(/isSecret\(/);
  });
});
