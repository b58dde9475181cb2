import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, getJson, sendFormWithProgress, sendJson } from './client.ts';
import { RequestFailure } from './messages.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const dropped = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Runs a request to its end while fake timers let the retry pauses pass. */
async function settle<T>(request: Promise<T>) {
  const outcome = request.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe('the API client', () => {
  it('tries a read again when the connection drops, then answers', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockImplementationOnce(dropped).mockImplementationOnce(dropped).mockResolvedValueOnce(json({ success: true, data: [1, 2], message: 'OK' }));
    vi.stubGlobal('fetch', fetch);
    expect(await settle(getJson<number[]>('/vision'))).toEqual({ value: { data: [1, 2], message: 'OK', pagination: undefined } });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('tries a write again only once, with the key it was first sent with, then reports the dropped connection', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockImplementation(dropped);
    vi.stubGlobal('fetch', fetch);
    const { error } = (await settle(sendJson('POST', '/vision', { title: 'x' }))) as { error: unknown };
    expect(error).toBeInstanceOf(TypeError);
    expect(fetch).toHaveBeenCalledTimes(2);
    const keys = fetch.mock.calls.map(([, init]) => new Headers((init as RequestInit).headers).get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives every save its own key', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockImplementation(dropped);
    vi.stubGlobal('fetch', fetch);
    await settle(sendJson('PUT', '/vision/1', { title: 'a' }));
    await settle(sendJson('PUT', '/vision/1', { title: 'b' }));
    const keys = fetch.mock.calls.map(([, init]) => new Headers((init as RequestInit).headers).get('idempotency-key'));
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(2);
  });

  it('sends a write identical to one still on its way only once, both getting its answer', async () => {
    const answers: Array<(response: Response) => void> = [];
    const fetch = vi.fn().mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    vi.stubGlobal('fetch', fetch);
    const first = sendJson('POST', '/category', { title: 'Kompos' });
    const second = sendJson('POST', '/category', { title: 'Kompos' });
    const other = sendJson('POST', '/category', { title: 'Daur ulang' });
    expect(fetch).toHaveBeenCalledTimes(2);
    answers[0]!(json({ success: true, data: { _id: 'c1' }, message: 'Data berhasil disimpan!' }, 201));
    answers[1]!(json({ success: true, data: { _id: 'c2' }, message: 'Data berhasil disimpan!' }, 201));
    expect((await first).data).toEqual({ _id: 'c1' });
    expect((await second).data).toEqual({ _id: 'c1' });
    expect((await other).data).toEqual({ _id: 'c2' });
    // Once answered, the same write is a new one.
    const again = sendJson('POST', '/category', { title: 'Kompos' });
    expect(fetch).toHaveBeenCalledTimes(3);
    answers[2]!(json({ success: true, data: { _id: 'c3' }, message: 'Data berhasil disimpan!' }, 201));
    expect((await again).data).toEqual({ _id: 'c3' });
  });

  it('sends a form with files identical to one still on its way only once', async () => {
    const sent: FakeRequest[] = [];
    class FakeRequest {
      status = 0;
      statusText = '';
      responseText = '';
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        sent.push(this);
      }
      answer(body: unknown) {
        this.status = 200;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const photo = new File(['x'], 'foto.jpg', { type: 'image/jpeg', lastModified: 1 });
    const form = () => {
      const data = new FormData();
      data.append('title', 'Galeri');
      data.append('image', photo);
      return data;
    };
    const first = sendFormWithProgress('POST', '/gallery', form(), () => undefined);
    const second = sendFormWithProgress('POST', '/gallery', form(), () => undefined);
    expect(sent).toHaveLength(1);
    sent[0]!.answer({ success: true, data: { _id: 'g1' }, message: 'OK' });
    expect((await first).data).toEqual({ _id: 'g1' });
    expect((await second).data).toEqual({ _id: 'g1' });
  });

  it('waits out a restarting server answering 502 without JSON, but not an API error', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('Bad Gateway', { status: 502 }))
      .mockResolvedValueOnce(json({ success: false, data: null, code: 'SERVER_ERROR', message: 'Database tidak tersedia.' }, 503));
    vi.stubGlobal('fetch', fetch);
    const { error } = (await settle(api('/dashboard'))) as { error: RequestFailure };
    expect(error).toBeInstanceOf(RequestFailure);
    expect(error.status).toBe(503);
    expect(error.body?.message).toBe('Database tidak tersedia.');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
