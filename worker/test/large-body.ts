/** Sending a large body the way an attacker would, stopping as soon as the worker answers. */
import { request } from 'node:http';

/**
 * POSTs `totalBytes` of JSON-looking text to `url`, with its Content-Length declared or
 * chunked without one, a megabyte at a time, until the worker answers; then stops sending.
 */
function sendOnce(url: string, headers: Record<string, string>, totalBytes: number, declareLength: boolean) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const chunk = Buffer.alloc(1024 * 1024, 'y');
    let sentBytes = 0;
    let answered = false;
    const outgoing = request(url, { method: 'POST', headers: { ...headers, ...(declareLength ? { 'content-length': String(totalBytes) } : {}) } }, (response) => {
      answered = true;
      let body = '';
      response.on('data', (part: Buffer) => (body += part));
      response.on('end', () => {
        outgoing.destroy();
        resolve({ status: response.statusCode!, body });
      });
    });
    // The worker may close the connection while the rest is still being sent.
    outgoing.on('error', (error) => (answered ? undefined : reject(error)));
    const sendMore = () => {
      while (!answered && sentBytes < totalBytes) {
        const part = sentBytes === 0 ? Buffer.concat([Buffer.from('{"data":{"content":"'), chunk]).subarray(0, chunk.length) : chunk;
        sentBytes += part.length;
        if (!outgoing.write(part)) return void outgoing.once('drain', sendMore);
      }
      if (!answered) outgoing.end();
    };
    sendMore();
  });
}

/**
 * `sendOnce`, again when the connection was reset before any answer: wrangler dev's local proxy
 * reads the whole body before the worker sees it and may reset a socket it is still being sent
 * on. A worker that never answers 413 still fails every attempt.
 */
export async function sendLarge(url: string, headers: Record<string, string>, totalBytes: number, declareLength: boolean) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(url, headers, totalBytes, declareLength);
    } catch (error) {
      const reset = (error as NodeJS.ErrnoException).code === 'ECONNRESET' || (error as NodeJS.ErrnoException).code === 'EPIPE';
      if (!reset || attempt === 3) throw error;
    }
  }
}
