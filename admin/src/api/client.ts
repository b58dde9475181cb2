/** Talking to the worker's /api with the session cookie; every answer is the { success, data, message } envelope. */
import type { ApiFailure, ApiResponse, Pagination } from '@cms/worker/contract/api';
import { RequestFailure } from './messages.ts';

export interface Answer<T> {
  data: T;
  message: string;
  pagination?: Pagination;
}

const isRead = (init: RequestInit) => !init.method || init.method === 'GET';

/**
 * When the connection drops before any answer (a network blip, a server restart), reads are
 * tried again twice and writes once, a moment later. A write is repeated only with the
 * Idempotency-Key it was first sent with, so the server answers a repeat from the first attempt
 * instead of storing the record twice.
 */
async function send(url: string, init: RequestInit) {
  const attempts = isRead(init) ? 3 : new Headers(init.headers).has('idempotency-key') ? 2 : 1;
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
  if (!isRead(init) && !headers.has('idempotency-key')) headers.set('idempotency-key', crypto.randomUUID());
  const response = await send(`/api${path}`, { ...init, headers, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as ApiResponse<T> | null;
  if (!response.ok || !body || !body.success) {
    const failure = body && !body.success ? (body as ApiFailure) : null;
    throw new RequestFailure(response.status, failure, failure?.message || response.statusText || String(response.status));
  }
  return { data: body.data, message: body.message, pagination: body.pagination };
}

export const getJson = <T>(path: string) => api<T>(path);
export const sendJson = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  api<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
export const sendForm = <T>(method: 'POST' | 'PUT', path: string, form: FormData) => api<T>(path, { method, body: form });

/** Stored paths (uploads/...) are served by the worker at /uploads/...; full URLs stay as they are. */
export const fileUrl = (value: string | null | undefined) =>
  !value ? '' : /^(https?:|data:|\/)/.test(value) ? value : `/${value}`;
