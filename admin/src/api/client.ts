/** Talking to the worker's /api with the session cookie; every answer is the { success, data, message } envelope. */
import type { ApiResponse, Pagination } from '@cms/worker/contract/api';
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

/** The envelope's data, or a RequestFailure carrying the API's error (or the status when no JSON came). */
function unwrap<T>(status: number, statusText: string, body: ApiResponse<T> | null): Answer<T> {
  if (status >= 300 || !body || !body.success) {
    const failure = body && !body.success ? body : null;
    throw new RequestFailure(status, failure, failure?.message || statusText || String(status));
  }
  return { data: body.data, message: body.message, pagination: body.pagination };
}

/** Writes on their way, by what they send (`writeSignature`), each with the answer it will give. */
const writesOnTheWay = new Map<string, Promise<Answer<unknown>>>();

/**
 * What a write sends, as text: its method, address and body (a file by its name, size, type and
 * time). Null for a body that cannot be compared (a stream, a blob): such a write is always sent.
 */
function writeSignature(method: string, path: string, body: BodyInit | null | undefined): string | null {
  if (body === undefined || body === null || typeof body === 'string') return JSON.stringify([method, path, body ?? null]);
  if (!(body instanceof FormData)) return null;
  const parts = [...body].map(([name, value]) => [name, typeof value === 'string' ? value : [value.name, value.size, value.type, value.lastModified]]);
  return JSON.stringify([method, path, parts]);
}

/**
 * A write identical to one still on its way is not sent again: it gets that one's answer. A
 * double click or Enter pressed twice lands before the button shows that it is busy, and two
 * sends would store a record or a draft twice, or refuse the second as a conflict with the first.
 */
function sendOnce<T>(signature: string | null, write: () => Promise<Answer<T>>): Promise<Answer<T>> {
  if (signature === null) return write();
  const onTheWay = writesOnTheWay.get(signature) as Promise<Answer<T>> | undefined;
  if (onTheWay) return onTheWay;
  const sent = write().finally(() => writesOnTheWay.delete(signature));
  writesOnTheWay.set(signature, sent);
  return sent;
}

export function api<T>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
  const request = async () => {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    if (init.body && !(init.body instanceof FormData) && typeof init.body === 'string') headers.set('content-type', 'application/json');
    if (!isRead(init) && !headers.has('idempotency-key')) headers.set('idempotency-key', crypto.randomUUID());
    const response = await send(`/api${path}`, { ...init, headers, credentials: 'same-origin' });
    const body = (await response.json().catch(() => null)) as ApiResponse<T> | null;
    return unwrap(response.status, response.statusText, body);
  };
  return isRead(init) ? request() : sendOnce(writeSignature(init.method ?? 'POST', path, init.body), request);
}

/** The share of a request body sent so far, 0 to 1. */
export type OnProgress = (sent: number) => void;

/**
 * A form sent with XMLHttpRequest, because fetch cannot report upload progress; answers and
 * failures as api() gives them (no answer at all fails like fetch, with a TypeError).
 */
export function sendFormWithProgress<T>(method: 'POST' | 'PUT', path: string, form: FormData, onProgress: OnProgress): Promise<Answer<T>> {
  return sendOnce(writeSignature(method, path, form), async () => {
    // Both attempts carry one key, so a repeat of a save that was in fact stored is not stored twice.
    const key = crypto.randomUUID();
    try {
      return await sendWithProgress<T>(method, path, form, onProgress, key);
    } catch (error) {
      // Tried again once, like api()'s writes, when no answer of our API came.
      const unanswered = error instanceof TypeError || (error instanceof RequestFailure && error.status >= 502 && !error.body);
      if (!unanswered) throw error;
      await new Promise((resolve) => setTimeout(resolve, 700));
      return sendWithProgress<T>(method, path, form, onProgress, key);
    }
  });
}

function sendWithProgress<T>(method: 'POST' | 'PUT', path: string, form: FormData, onProgress: OnProgress, idempotencyKey: string): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `/api${path}`);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('idempotency-key', idempotencyKey);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      let body: ApiResponse<T> | null = null;
      try {
        body = JSON.parse(request.responseText) as ApiResponse<T>;
      } catch {
        // A proxy's or the platform's own error page: the status says enough.
      }
      try {
        resolve(unwrap(request.status, request.statusText, body));
      } catch (failure) {
        reject(failure);
      }
    };
    request.onerror = () => reject(new TypeError('Failed to fetch'));
    request.send(form);
  });
}

export const getJson = <T>(path: string) => api<T>(path);
export const sendForm = <T>(method: 'POST' | 'PUT', path: string, form: FormData) => api<T>(path, { method, body: form });

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
export const sendJson = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  api<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });

/** Stored paths (uploads/...) are served by the worker at /uploads/...; full URLs stay as they are. */
export const fileUrl = (value: string | null | undefined) =>
  !value ? '' : /^(https?:|data:|\/)/.test(value) ? value : `/${value}`;
