/**
 * The build's reads of the API and its stored files. A dropped connection or a server that is
 * briefly unavailable (502, 503, 504) is asked again a few times: the local server restarts when
 * the site's files change, and a deploy build reads production over the internet. Any other
 * answer, an error included, is the caller's to judge.
 */
const UNAVAILABLE = new Set([502, 503, 504]);

export async function fetchWithRetry(url: string, { attempts = 5, delayMs = 500 } = {}): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url);
      if (!UNAVAILABLE.has(response.status) || attempt >= attempts) return response;
      await response.body?.cancel();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
  }
}

/**
 * A stored file's bytes; null when the API has none (or refuses it). Throws when the server could
 * not answer, so a build fails and keeps the last good site instead of publishing a page or an
 * email copy without its picture.
 */
export async function readStoredFile(url: string): Promise<Buffer | null> {
  const response = await fetchWithRetry(url);
  if (response.status >= 500) throw new Error(`File ${url} tidak dapat dibaca dari API: server menjawab ${response.status}.`);
  if (!response.ok) return null;
  return Buffer.from(await response.arrayBuffer());
}
