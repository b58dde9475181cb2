/** Talking to the worker's /api with the session cookie; every answer is the { success, data, message } envelope. */
import type { ApiFailure, ApiResponse, Pagination } from '@cms/worker/contract/api';
import { RequestFailure } from './messages.ts';

export interface Answer<T> {
  data: T;
  message: string;
  pagination?: Pagination;
}

/**
 * When the connection drops before any answer (the local server reloading its files, a network
 * blip), reads are tried again twice and writes once, a moment later.
 */
async function send(url: string, init: RequestInit) {
  const attempts = !init.method || init.method === 'GET' ? 3 : 2;
  for (let attempt = 1; ; attempt++) {
    const last = attempt === attempts;
    try {
      const response = await fetch(url, init);
      // Not our API's JSON: a proxy or the dev server answered while restarting.
      const fromProxy = response.status >= 502 && !response.headers.get('content-type')?.includes('json');
      if (!fromProxy || last) return response;
    } catch (error) {
      if (!(error instanceof TypeError) || last) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 700 * attempt));
  }
}

export async function api<T>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (init.body && !(init.body instanceof FormData) && typeof init.body === 'string') headers.set('content-type', 'application/json');
  const response = await send(`/api${path}`, { ...init, headers, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as ApiResponse<T> | null;
  if (!response.ok || !body || !body.success) {
    const failure = body && !body.success ? (body as ApiFailure) : null;
    throw new RequestFailure(response.status, failure, failure?.message || response.statusText || String(response.status));
  }
  return { data: body.data, message: body.message, pagination: body.pagination };
}

export const getJson = <T>(path: string) => api<T>(path);

/** Records per request when a whole list is wanted (the API's largest page). */
const LIST_PAGE = 1000;

/** Every record of a list, page by page, so no answer holds more than one page. */
export async function getAll<T>(path: string): Promise<T[]> {
  const records: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<T[]>(`${path}${path.includes('?') ? '&' : '?'}limit=${LIST_PAGE}&page=${page}`);
    records.push(...answer.data);
    if (!answer.pagination || page >= answer.pagination.pages) return records;
  }
}
export const sendJson = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  api<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
export const sendForm = <T>(method: 'POST' | 'PUT', path: string, form: FormData) => api<T>(path, { method, body: form });

/** Stored paths (uploads/...) are served by the worker at /uploads/...; full URLs stay as they are. */
export const fileUrl = (value: string | null | undefined) =>
  !value ? '' : /^(https?:|data:|\/)/.test(value) ? value : `/${value}`;
