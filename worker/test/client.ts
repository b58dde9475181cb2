/**
 * A small API client for tests: keeps the session cookie and sends the site's Origin, as a
 * browser would, from an address of its own (login limits count per client address), to this
 * test file's own worker.
 */
import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';
import type { ApiFailure, ApiSuccess } from '../src/contract/api.ts';
import { fileWorker } from './worker.ts';

/** A collection record as the API answers it. */
export type Row = { _id: string } & Record<string, unknown>;
export type Answer<T = unknown> = { status: number; body: ApiSuccess<T> | ApiFailure; headers: Headers };

export class Client {
  readonly base = fileWorker().url;
  cookie = '';
  address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.')}`;

  async request<T = unknown>(method: string, path: string, body?: FormData | Record<string, unknown> | string, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const sent: Record<string, string> = { origin: this.base, 'cf-connecting-ip': this.address, ...headers };
    if (this.cookie) sent.cookie = this.cookie;
    let bytes: Buffer | undefined;
    if (body instanceof FormData || typeof body === 'string') {
      // The multipart body and its boundary exactly as fetch would send them.
      const encoded = new Request(this.base, { method: 'POST', body });
      bytes = Buffer.from(await encoded.arrayBuffer());
      sent['content-type'] ??= encoded.headers.get('content-type') ?? 'text/plain;charset=UTF-8';
    } else if (body) {
      bytes = Buffer.from(JSON.stringify(body));
      sent['content-type'] = 'application/json';
    }
    const response = await send(method, this.base + path, sent, bytes);
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!.includes('=;') || /max-age=0/i.test(setCookie) ? '' : setCookie.split(';')[0]!;
    let parsed: Answer<T>['body'];
    try {
      parsed = JSON.parse(response.text) as Answer<T>['body'];
    } catch {
      throw new Error(`${method} ${path} answered ${response.status} with non-JSON: ${response.text.slice(0, 200)}`);
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

/** From this size on a body waits for the worker's go-ahead (`Expect: 100-continue`), as curl's do. */
const ASK_BEFORE_SENDING_BYTES = 1024 * 1024;
/** How long a body waits for that go-ahead before it is sent anyway. */
const GO_AHEAD_WAIT_MS = 1000;

/**
 * One request on a connection of its own, read as a browser reads it: the worker may answer (401,
 * 413) before it has read a large body and close the connection, and that answer still counts.
 * fetch would report such a request as failed and could reuse the closed connection.
 * A large body is sent only once the worker asks for it: a worker that answers from the headers
 * alone and closes while megabytes are still arriving has its answer dropped by the reset that
 * follows (half of 40 such 413s in a trial).
 */
function send(method: string, url: string, headers: Record<string, string>, body: Buffer | undefined) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    let answered = false;
    const askFirst = body !== undefined && body.length >= ASK_BEFORE_SENDING_BYTES;
    const sent = body ? { ...headers, 'content-length': String(body.length), ...(askFirst ? { expect: '100-continue' } : {}) } : headers;
    const request = httpRequest(url, { method, headers: sent, agent: false }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const received = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) received.append(name, one);
        }
        resolve({ status: response.statusCode ?? 0, headers: received, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    // A write cut short by an early answer is not a failure: the answer arrives or the request errors.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    request.on('close', () => {
      if (!answered) reject(new Error(`${method} ${url}: the connection closed without an answer`));
    });
    if (!askFirst) return request.end(body);
    let bodySent = false;
    const sendBody = () => {
      if (bodySent || answered) return;
      bodySent = true;
      request.end(body);
    };
    request.on('continue', sendBody);
    request.flushHeaders();
    setTimeout(sendBody, GO_AHEAD_WAIT_MS);
  });
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
