/**
 * Anonymous reads of public collections, answered before the router and its middleware: a GET
 * without the session cookie of `/api/<collection>` (list), `/api/<collection>/slug/<slug>` or
 * `/api/<collection>/<id>`, in the default language or another (`?locale=en`: its published
 * translations only, of records public by the same rule, publish and unpublish times included).
 * No session look-up, no write, one prepared statement, or none for an answer read in the last
 * second (answer-cache.ts); the answer's headers are built once.
 * Anything else, and every refusal or failure (bad query, not found), goes to the full app,
 * which answers it exactly as before.
 */
import { API_HEADERS } from '../contract/headers.ts';
import type { ApiSuccess, Pagination } from '../contract/api.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { listQuery, localeOf } from '../collections/routes.ts';
import { CollectionStore } from '../collections/store.ts';
import { createDb } from '../db/client.ts';
import type { Bindings } from '../env.ts';
import { publicAnswers, type Answer } from './answer-cache.ts';
import { matches, sha1 } from './etag.ts';

/** The session cookie's name (auth owns it); a request carrying it takes the full path. */
const SESSION_COOKIE = /(?:^|;\s*)sid=/;
/** Ids the worker makes; words such as `versions` or `deleted` never match. */
const RECORD_ID = /^[0-9a-f]{24}$/;

const publicByPath = new Map<string, ResourceKey>(
  (Object.keys(resources) as ResourceKey[]).filter((key) => resources[key].public).map((key) => [resources[key].path, key] as const),
);
const hasSlug = new Set([...publicByPath.values()].filter((key) => Object.values(resources[key].fields).some((field) => field.kind === 'slug')));

/** Every answer's headers but its ETag: built once. Clients revalidate with If-None-Match. */
const HEADERS: readonly [string, string][] = [...Object.entries(API_HEADERS), ['cache-control', 'no-cache']];

type Read = { key: ResourceKey; list: true } | { key: ResourceKey; list: false; field: 'slug' | 'id'; value: string };

/** What an anonymous GET asks for, or null when it is not a public read this path answers. */
function readOf(request: Request, url: URL): Read | null {
  if (request.method !== 'GET' || SESSION_COOKIE.test(request.headers.get('cookie') ?? '')) return null;
  const parts = url.pathname.split('/');
  // ['', 'api', collection, ...rest]
  if (parts[1] !== 'api' || parts.length < 3 || parts.length > 5) return null;
  const key = publicByPath.get(parts[2]!);
  if (!key) return null;
  if (parts.length === 3) return { key, list: true };
  if (parts.length === 4 && RECORD_ID.test(parts[3]!)) return { key, list: false, field: 'id', value: parts[3]! };
  if (parts.length === 5 && parts[3] === 'slug' && parts[4] && hasSlug.has(key)) {
    try {
      return { key, list: false, field: 'slug', value: decodeURIComponent(parts[4]) };
    } catch {
      return null;
    }
  }
  return null;
}

/** The first value of each query parameter, as the router reads them. */
function queryOf(url: URL) {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] ??= value;
  return query;
}

/** The body and tag of a public read from D1, kept for the next readers; null for the full app to answer. */
async function readAnswer(read: Read, url: URL, env: Bindings, key: string): Promise<Answer | null> {
  const token = publicAnswers.token();
  let body: string;
  try {
    const parameters = queryOf(url);
    const store = new CollectionStore(createDb(env.DB), read.key, localeOf(parameters));
    if (read.list) {
      const query = listQuery(parameters, resources[read.key], false);
      const { records, total, limit } = await store.list(query);
      const pagination: Pagination | undefined = limit ? { page: query.page ?? 1, limit, total, pages: Math.max(1, Math.ceil(total / limit)) } : undefined;
      body = JSON.stringify({ success: true, data: records, message: 'OK', ...(pagination ? { pagination } : {}) } satisfies ApiSuccess<unknown>);
    } else {
      const record = await store.find(read.field, read.value, true);
      if (!record) return null;
      body = JSON.stringify({ success: true, data: record, message: 'OK' } satisfies ApiSuccess<unknown>);
    }
  } catch {
    // A refused query or a failed read: the full app answers with its message and status.
    return null;
  }
  // Same records, same tag: a client holding it gets 304 and no body.
  const answer = { body, tag: `W/"${await sha1(body)}"` };
  publicAnswers.keep(key, answer, token);
  return answer;
}

/** The answer to an anonymous public read, or null for the full app to answer. */
export async function publicRead(request: Request, env: Bindings): Promise<Response | null> {
  const url = new URL(request.url);
  const read = readOf(request, url);
  if (!read) return null;
  const key = url.pathname + url.search;
  const answer = publicAnswers.get(key) ?? (await readAnswer(read, url, env, key));
  if (!answer) return null;
  const headers = new Headers(HEADERS as [string, string][]);
  headers.set('etag', answer.tag);
  if (matches(request.headers.get('if-none-match'), answer.tag)) return new Response(null, { status: 304, headers });
  headers.set('content-type', 'application/json');
  return new Response(answer.body, { status: 200, headers });
}
