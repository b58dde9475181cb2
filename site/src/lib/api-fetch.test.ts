import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithRetry, readStoredFile } from './api-fetch.ts';

/** A fetch that gives the answers in turn: a status, or a dropped connection. */
function serve(...answers: Array<number | 'dropped'>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    const answer = answers.shift() ?? 200;
    if (answer === 'dropped') throw new TypeError('fetch failed');
    return new Response(answer === 200 ? 'bytes' : 'error', { status: answer });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("the build's reads", () => {
  it('ask again after a dropped connection or a briefly unavailable server', async () => {
    const calls = serve('dropped', 503, 502, 200);
    expect((await fetchWithRetry('http://api.test/a', { delayMs: 0 })).status).toBe(200);
    expect(calls).toHaveLength(4);
  });

  it('take any other answer at once, an error or a missing record included', async () => {
    for (const status of [404, 500, 403]) {
      const calls = serve(status);
      expect((await fetchWithRetry('http://api.test/a', { delayMs: 0 })).status).toBe(status);
      expect(calls).toHaveLength(1);
    }
  });

  it('give up after the last attempt with what the server last said', async () => {
    serve(503, 503, 503);
    expect((await fetchWithRetry('http://api.test/a', { attempts: 3, delayMs: 0 })).status).toBe(503);
    serve('dropped', 'dropped');
    await expect(fetchWithRetry('http://api.test/a', { attempts: 2, delayMs: 0 })).rejects.toThrow('fetch failed');
  });
});

describe('a stored file', () => {
  it('is its bytes, or nothing when the API has no such file', async () => {
    serve(200);
    expect((await readStoredFile('http://api.test/uploads/a.jpg'))?.toString()).toBe('bytes');
    serve(404);
    expect(await readStoredFile('http://api.test/uploads/gone.jpg')).toBeNull();
  });

  it('fails the build, naming it, when the server cannot give it, rather than leave the picture out', async () => {
    serve(500);
    await expect(readStoredFile('http://api.test/uploads/a.jpg')).rejects.toThrow('File http://api.test/uploads/a.jpg tidak dapat dibaca dari API: server menjawab 500.');
  });
});
