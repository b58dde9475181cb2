import { getMultipartBoundary, MaxFileSizeExceededError, MaxTotalSizeExceededError, parseMultipartStream, type MultipartPart } from '@remix-run/multipart-parser';
import type { Context } from 'hono';
import { formatLimit, MAX_UPLOAD_BYTES, MB } from '../contract/limits.ts';
import { ApiError } from './errors.ts';

/** How many first bytes of an upload are kept to recognise its real type. */
export const HEAD_BYTES = 512;

/**
 * An uploaded file part. Its bytes stay in the chunks they arrived in (no copy into one
 * buffer) until they are streamed to R2.
 */
export interface Upload {
  name: string;
  type: string;
  size: number;
  /** The first bytes (up to HEAD_BYTES), to recognise what the file really is. */
  head: Uint8Array;
  stream(): ReadableStream<Uint8Array>;
}

/** The first `length` bytes of chunks, copied into one small array. */
const headOf = (chunks: readonly Uint8Array[], length: number) => {
  const head = new Uint8Array(Math.min(length, chunks.reduce((n, chunk) => n + chunk.byteLength, 0)));
  let filled = 0;
  for (const chunk of chunks) {
    if (filled >= head.length) break;
    const part = chunk.subarray(0, head.length - filled);
    head.set(part, filled);
    filled += part.byteLength;
  }
  return head;
};

export interface RequestBody {
  fields: Record<string, unknown>;
  files: Map<string, Upload>;
}

const uploadOf = (part: MultipartPart): Upload => ({
  name: part.filename ?? '',
  type: part.mediaType ?? '',
  size: part.size,
  head: headOf(part.content, HEAD_BYTES),
  stream: () =>
    new ReadableStream({
      start(controller) {
        for (const chunk of part.content) controller.enqueue(chunk);
        controller.close();
      },
    }),
});

/** A whole request may carry one maximal file plus the form's other fields. */
export const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + MB;
/** A body without files (JSON, a url-encoded form): the longest rich text with room to spare. */
export const MAX_DATA_BYTES = 5 * MB;
/** Deepest nesting of objects and arrays a JSON body may have; forms need three levels. */
const MAX_DEPTH = 32;

export const tooLarge = (maxBytes: number) => {
  const limit = formatLimit(maxBytes);
  return new ApiError(413, 'FILE_TOO_LARGE', `Ukuran file terlalu besar. Maksimal ${limit}.`, { maxAllowed: limit, maxBytes });
};

export const bodyTooLarge = (maxBytes: number) => {
  const limit = formatLimit(maxBytes);
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', `Data yang dikirim terlalu besar. Maksimal ${limit}.`, { maxAllowed: limit, maxBytes });
};

const invalidBody = () => new ApiError(400, 'BAD_REQUEST', 'Data yang dikirim tidak valid.');

/** Counts bytes as they stream, so a body without Content-Length cannot grow past the limit. */
const limitedStream = (maxBytes: number, refusal: ApiError) => {
  let seen = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(refusal);
      else controller.enqueue(chunk);
    },
  });
};

/** Whether a parsed JSON value nests deeper than `max` (walked without recursion). */
const nestsDeeperThan = (value: unknown, max: number) => {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (!item || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
};

/**
 * Reads a JSON or multipart body into plain fields and file parts. An oversized request is
 * refused from its Content-Length before a byte is read, so the worker never buffers it.
 * Repeated parts (`permissions[]`) become arrays.
 */
export async function readBody(c: Context, maxBytes = MAX_REQUEST_BYTES): Promise<RequestBody> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const multipart = type.includes('multipart/form-data');
  // Only a form with files may be large; any other body is data, and its limit says so.
  const limit = multipart ? maxBytes : Math.min(maxBytes, MAX_DATA_BYTES);
  const refusal = multipart ? tooLarge(MAX_UPLOAD_BYTES) : bodyTooLarge(limit);
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw refusal;
  const raw = c.req.raw;
  if (!raw.body) return { fields: {}, files: new Map() };

  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = await new Response(raw.body.pipeThrough(limitedStream(limit, refusal))).json();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw invalidBody();
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidBody();
    if (nestsDeeperThan(parsed, MAX_DEPTH)) throw new ApiError(400, 'BAD_REQUEST', 'Data yang dikirim terlalu bertingkat.');
    return { fields: parsed as Record<string, unknown>, files: new Map() };
  }

  const boundary = getMultipartBoundary(c.req.header('content-type') ?? '');
  if (multipart && boundary) {
    const fields: Record<string, unknown> = {};
    const files = new Map<string, Upload>();
    try {
      // Parts are parsed as the body streams in, so the request is never held twice.
      for await (const part of parseMultipartStream(raw.body, { boundary, maxFileSize: MAX_UPLOAD_BYTES, maxTotalSize: maxBytes })) {
        const rawKey = part.name ?? '';
        const repeated = rawKey.endsWith('[]');
        const key = repeated ? rawKey.slice(0, -2) : rawKey;
        if (part.isFile) {
          // An empty file input still sends a nameless, empty part: that is "no new file".
          if (part.size > 0 || part.filename) files.set(key, uploadOf(part));
          continue;
        }
        const value = part.text;
        const existing = fields[key];
        if (repeated) fields[key] = [...(Array.isArray(existing) ? existing : []), value];
        else if (existing === undefined) fields[key] = value;
        else fields[key] = [...(Array.isArray(existing) ? existing : [existing]), value];
      }
    } catch (error) {
      if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) throw tooLarge(MAX_UPLOAD_BYTES);
      if (error instanceof ApiError) throw error;
      throw invalidBody();
    }
    return { fields, files };
  }

  if (type.includes('application/x-www-form-urlencoded')) {
    const text = await new Response(raw.body.pipeThrough(limitedStream(limit, refusal))).text().catch((error: unknown) => {
      throw error instanceof ApiError ? error : invalidBody();
    });
    return { fields: Object.fromEntries(new URLSearchParams(text)), files: new Map() };
  }

  // Another type is refused, unless the body is empty (a POST without data).
  const text = await new Response(raw.body.pipeThrough(limitedStream(limit, refusal))).text().catch((error: unknown) => {
    throw error instanceof ApiError ? error : invalidBody();
  });
  if (text.trim() === '') return { fields: {}, files: new Map() };
  throw invalidBody();
}
