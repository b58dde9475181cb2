/**
 * A small API client for tests: keeps the session cookie and sends the site's Origin, as a
 * browser would, from an address of its own (login limits count per client address), to this
 * test file's own worker.
 */
import { inject } from 'vitest';
import type { ApiFailure, ApiSuccess } from '../src/contract/api.ts';
import { fileWorker } from './worker.ts';

export type Answer<T = unknown> = { status: number; body: ApiSuccess<T> | ApiFailure; headers: Headers };

export class Client {
  readonly base = fileWorker().url;
  cookie = '';
  address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.')}`;

  async request<T = unknown>(method: string, path: string, body?: FormData | Record<string, unknown> | string, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { origin: this.base, 'cf-connecting-ip': this.address, ...headers }, redirect: 'manual' };
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    if (body instanceof FormData || typeof body === 'string') init.body = body;
    else if (body) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(this.base + path, init);
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!.includes('=;') || /max-age=0/i.test(setCookie) ? '' : setCookie.split(';')[0]!;
    const text = await response.text();
    let parsed: Answer<T>['body'];
    try {
      parsed = JSON.parse(text) as Answer<T>['body'];
    } catch {
      throw new Error(`${method} ${path} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  get = <T = unknown>(path: string) => this.request<T>('GET', path);
  post = <T = unknown>(path: string, body?: FormData | Record<string, unknown>) => this.request<T>('POST', path, body);
  put = <T = unknown>(path: string, body?: FormData | Record<string, unknown>) => this.request<T>('PUT', path, body);
  delete = <T = unknown>(path: string) => this.request<T>('DELETE', path);

  async login(username = 'admin', password = inject('adminPassword')) {
    const answer = await this.post('/api/auth/login', { username, password });
    if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
    return answer;
  }
}

export const asAdmin = async () => {
  const client = new Client();
  await client.login();
  return client;
};

/** Multipart form from plain values; File values become file parts. */
export function form(values: Record<string, string | number | boolean | File | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) value.forEach((item) => data.append(`${key}[]`, item));
    else if (value instanceof File) data.append(key, value);
    else data.append(key, String(value));
  }
  return data;
}

export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
