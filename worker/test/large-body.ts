/** Sending a large body the way an attacker would, stopping as soon as the worker answers. */
import { request } from 'node:http';

/** How long a worker may take to refuse a declared length from the headers alone (a loaded machine included). */
const HEADERS_ONLY_MS = 30_000;

/**
 * POSTs `totalBytes` of JSON-looking text to `url`. With its Content-Length declared, only the
 * headers go: the worker must refuse from them alone, and a worker still waiting for the body
 * after `HEADERS_ONLY_MS` fails. Chunked without a length, a megabyte at a time until the worker
 * answers; then it stops sending.
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
    if (declareLength) {
      // Sending none of the body leaves nothing unread when the worker closes the connection, whose reset could swallow its answer.
      outgoing.flushHeaders();
      const waiting = setTimeout(() => {
        outgoing.destroy();
        reject(new Error(`no answer to a declared ${totalBytes}-byte body within ${HEADERS_ONLY_MS} ms of its headers: the worker waits for the body`));
      }, HEADERS_ONLY_MS);
      outgoing.once('response', () => clearTimeout(waiting));
      return;
    }
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
 * `sendOnce`, again when the connection was reset before any answer: a worker that answers while
 * a chunked body is still arriving closes a socket with unread data, and the reset that follows
 * can swallow its answer. A worker that never answers 413 still fails every attempt.
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
