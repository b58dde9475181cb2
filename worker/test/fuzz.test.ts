/**
 * The envelope promise, for every route: whatever a caller sends (broken bodies, odd query
 * values, odd path segments), as staff or anonymously, the answer is JSON, never a 5xx and
 * never an HTML page; a refusal is `{ success: false, code, message }` with a 4xx status.
 * Routes come from the resource definitions, so a new collection is fuzzed without a new test.
 */
import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../src/contract/fields.ts';
import { resources } from '../src/contract/resources.ts';
import { asAdmin, Client } from './client.ts';

interface Route {
  method: string;
  /** `{id}` marks the segment odd values go into. */
  path: string;
  /** The route reads a request body that a malformed one must be refused from. */
  readsBody?: boolean;
}

const collectionRoutes = (resource: ResourceDefinition): Route[] => [
  { method: 'GET', path: `/api/${resource.path}` },
  { method: 'GET', path: `/api/${resource.path}/{id}` },
  ...(Object.values(resource.fields).some((field) => field.kind === 'slug') ? [{ method: 'GET', path: `/api/${resource.path}/slug/{id}` }] : []),
  { method: 'POST', path: `/api/${resource.path}`, readsBody: true },
  { method: 'PUT', path: `/api/${resource.path}/{id}` },
  { method: 'DELETE', path: `/api/${resource.path}/{id}` },
];

const specialRoutes: Route[] = [
  { method: 'POST', path: '/api/auth/login', readsBody: true },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'GET', path: '/api/auth/me' },
  { method: 'POST', path: '/api/auth/password/forgot', readsBody: true },
  { method: 'GET', path: '/api/auth/password/reset' },
  { method: 'POST', path: '/api/auth/password/reset', readsBody: true },
  { method: 'GET', path: '/api/invites' },
  { method: 'POST', path: '/api/invites', readsBody: true },
  { method: 'POST', path: '/api/invites/{id}/resend' },
  { method: 'DELETE', path: '/api/invites/{id}' },
  { method: 'GET', path: '/api/invites/accept' },
  { method: 'POST', path: '/api/invites/accept', readsBody: true },
  { method: 'GET', path: '/api/sessions' },
  { method: 'POST', path: '/api/sessions/of/{id}/end' },
  { method: 'DELETE', path: '/api/sessions/{id}' },
  { method: 'POST', path: '/api/files/upload', readsBody: true },
  { method: 'GET', path: '/api/files/list' },
  { method: 'DELETE', path: '/api/files/delete/{id}' },
  { method: 'POST', path: '/api/files/create-folder', readsBody: true },
  { method: 'POST', path: '/api/upload', readsBody: true },
  { method: 'GET', path: '/api/settings' },
  { method: 'PUT', path: '/api/settings', readsBody: true },
  { method: 'GET', path: '/api/dashboard' },
  { method: 'GET', path: '/api/rebuild' },
  { method: 'POST', path: '/api/rebuild/report', readsBody: true },
  { method: 'GET', path: '/api/audit' },
  { method: 'POST', path: '/api/subscribe', readsBody: true },
  { method: 'GET', path: '/api/role/permissions/list' },
  { method: 'GET', path: '/api/permission/modules/list' },
  { method: 'GET', path: '/api/{id}' },
];

const routes = [...Object.values(resources).flatMap(collectionRoutes), ...specialRoutes];

/** Every field of every resource, so each body hits each field's parsing. */
const fieldNames = [...new Set([...Object.values(resources).flatMap((r) => Object.keys(r.fields)), 'username', 'password', 'email', 'file', 'folder', 'folderName', 'collaborateTitle', 'buildId', 'status', 'token', 'role'])];
const everyField = (value: unknown) => Object.fromEntries(fieldNames.map((name) => [name, value]));

const BOUNDARY = 'fuzzboundary';
/** Bodies no route may accept as they are. */
const malformed: Array<{ name: string; type: string; body: string }> = [
  { name: 'invalid JSON', type: 'application/json', body: '{"title": "x",' },
  { name: 'JSON array', type: 'application/json', body: '[1,2,3]' },
  { name: 'wrong content type', type: 'application/xml', body: '<title>x</title>' },
  {
    name: 'truncated multipart',
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
  },
  { name: 'nested objects in every field', type: 'application/json', body: JSON.stringify(everyField({ a: { b: [{ c: 1 }] } })) },
  { name: 'deep nesting', type: 'application/json', body: `{"title":${'['.repeat(5000)}${']'.repeat(5000)}}` },
];
/** Bodies that are odd but may be valid for some route (then a success envelope is fine). */
const odd: Array<{ name: string; type: string; body: string }> = [
  { name: 'huge numbers', type: 'application/json', body: JSON.stringify(everyField(1e308)).replace(/1e\+308/g, '1e999') },
  { name: 'NUL bytes', type: 'application/json', body: JSON.stringify(everyField('a\u0000b\u0001')) },
  { name: 'arrays', type: 'application/json', body: JSON.stringify(everyField(['x', 'y'])) },
  { name: 'url-encoded oddities', type: 'application/x-www-form-urlencoded', body: 'title=%zz&order=1e999&isActive=%00&tags[]=a&page=-1' },
];
const segments = ['%', '%zz', '%00', '..%2F..%2Fwrangler.toml', '%2e%2e', 'ü日本%F0%9F%92%A9', 'x'.repeat(4000), '-1', '99999999999999999999999'];
const queries = ['page=%zz', 'page=1e999', 'limit=-0', 'search=%25%5F%00', `search=${'z'.repeat(500)}`, 'isActive[]=1&status[]=x', 'active=maybe&featured=%zz', 'category=%00'];

interface Case {
  who: 'admin' | 'anonymous';
  method: string;
  path: string;
  type?: string;
  body?: string;
  /** The answer must be a refusal (a malformed body to a route that reads one). */
  mustRefuse: boolean;
  route: Route;
}

/**
 * Each route gets one variant in `stride` of each kind, its neighbours the others. Anonymous
 * callers are mostly refused before their input is read, so fewer of their cases are sent.
 */
const SAMPLE_STRIDE = { admin: 4, anonymous: 8 } as const;

/**
 * A fixed sample, to stay fast: the variants are spread over the routes so every variant
 * meets every kind of route; malformed bodies go to every route that reads a body.
 */
function cases(): Case[] {
  const all: Case[] = [];
  for (const who of ['admin', 'anonymous'] as const) {
    const sample = <T>(items: readonly T[], offset: number) => {
      const picked = items.filter((_, i) => (i + offset) % SAMPLE_STRIDE[who] === 0);
      return picked.length ? picked : [items[offset % items.length]!];
    };
    routes.forEach((route, index) => {
      const offset = index + (who === 'admin' ? 0 : 1);
      const concrete = route.path.replace('{id}', 'no-such-id');
      if (route.method === 'GET') for (const query of sample(queries, offset)) all.push({ who, method: 'GET', path: `${concrete}?${query}`, mustRefuse: false, route });
      if (route.path.includes('{id}')) for (const segment of sample(segments, offset)) all.push({ who, method: route.method, path: route.path.replace('{id}', segment), mustRefuse: false, route });
      if (route.method !== 'GET') {
        // Malformed bodies go to every route that reads one: those must all be refused.
        for (const body of route.readsBody ? malformed : sample(malformed, offset)) all.push({ who, method: route.method, path: concrete, ...body, mustRefuse: !!route.readsBody, route });
        for (const body of sample(odd, offset)) all.push({ who, method: route.method, path: concrete, ...body, mustRefuse: false, route });
      }
    });
  }
  // A path whose dots resolve out of /api (`/api/%2e%2e` is `/`) is no API request.
  return all.filter((item) => new URL(item.path, 'http://x').pathname.startsWith('/api/'));
}

/** Runs `task` over `items`, a few at a time. */
async function pool<T>(items: T[], size: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) await task(items[next++]!);
  }));
}

describe('every route answers a JSON envelope to hostile input', () => {
  it('never a 5xx or HTML, and a 4xx envelope for every refusal', { timeout: 120_000 }, async () => {
    const admin = await asAdmin();
    const anonymous = new Client();
    const all = cases();
    const problems: string[] = [];
    const started = Date.now();
    await pool(all, 8, async (item) => {
      const client = item.who === 'admin' ? admin : anonymous;
      const headers: Record<string, string> = { origin: client.base };
      if (client.cookie) headers.cookie = client.cookie;
      if (item.type) headers['content-type'] = item.type;
      const label = `${item.who} ${item.method} ${item.path.slice(0, 80)}${item.type ? ` [${item.type.split(';')[0]}: ${item.body?.slice(0, 30)}]` : ''}`;
      const response = await fetch(client.base + item.path, { method: item.method, headers, body: item.body, redirect: 'manual' });
      const text = await response.text();
      // A browser form post to the newsletter sign-up (no JavaScript) is sent back to a page of this site.
      if (response.status === 303 && item.path.startsWith('/api/subscribe') && /form/.test(item.type ?? '')) {
        const location = response.headers.get('location') ?? '';
        if (!/^\/(?![/\\])/.test(location)) problems.push(`${label}: 303 to ${location}`);
        return;
      }
      let body: { success?: unknown; code?: unknown; message?: unknown };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        problems.push(`${label}: ${response.status} not JSON: ${text.slice(0, 80)}`);
        return;
      }
      if (response.status >= 500) problems.push(`${label}: ${response.status} ${String(body.message)}`);
      else if (body.success === false) {
        if (response.status < 400 || typeof body.code !== 'string' || typeof body.message !== 'string' || body.message === '') {
          problems.push(`${label}: refusal ${response.status} ${JSON.stringify(body).slice(0, 120)}`);
        }
      } else if (body.success !== true || response.status >= 300 || item.mustRefuse) {
        problems.push(`${label}: ${response.status} accepted ${JSON.stringify(body).slice(0, 120)}`);
      }
    });
    console.log(`fuzz: ${all.length} requests in ${Date.now() - started} ms`);
    expect(problems).toEqual([]);
    // Every route was exercised, by staff and anonymously.
    for (const who of ['admin', 'anonymous']) expect(new Set(all.filter((item) => item.who === who).map((item) => item.route)).size, who).toBe(routes.length);
  });
});
