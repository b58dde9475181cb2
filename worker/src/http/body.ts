import { getMultipartBoundary, MaxFileSizeExceededError, MaxTotalSizeExceededError, parseMultipartStream, type MultipartPart } from '@remix-run/multipart-parser';
import type { Context } from 'hono';
import { formatLimit, MAX_UPLOAD_BYTES, MB } from '../contract/limits.ts';
import { ApiError } from './errors.ts';

/**
 * An uploaded file part. Its bytes stay in the chunks they arrived in (no copy into one
 * buffer) until they are streamed to R2.
 */
export interface Upload {
  name: string;
  type: string;
  size: number;
  stream(): ReadableStream<Uint8Array>;
}

export interface RequestBody {
  fields: Record<string, unknown>;
  files: Map<string, Upload>;
}

const uploadOf = (part: MultipartPart): Upload => ({
  name: part.filename ?? '',
  type: part.mediaType ?? '',
  size: part.size,
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

export const tooLarge = (maxBytes: number) => {
  const limit = formatLimit(maxBytes);
  return new ApiError(413, 'FILE_TOO_LARGE', `Ukuran file terlalu besar. Maksimal ${limit}.`, { maxAllowed: limit, maxBytes });
};

const invalidBody = () => new ApiError(400, 'BAD_REQUEST', 'Data yang dikirim tidak valid.');

/** Counts bytes as they stream, so a body without Content-Length cannot grow past the limit. */
const limitedStream = (maxBytes: number) => {
  let seen = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(tooLarge(MAX_UPLOAD_BYTES));
      else controller.enqueue(chunk);
    },
  });
};

/**
 * Reads a JSON or multipart body into plain fields and file parts. An oversized request is
 * refused from its Content-Length before a byte is read, so the worker never buffers it.
 * Repeated parts (`permissions[]`) become arrays.
 */
export async function readBody(c: Context, maxBytes = MAX_REQUEST_BYTES): Promise<RequestBody> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(MAX_UPLOAD_BYTES);
  const type = c.req.header('content-type') ?? '';
  const raw = c.req.raw;
  if (!raw.body) return { fields: {}, files: new Map() };

  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = await new Response(raw.body.pipeThrough(limitedStream(maxBytes))).json();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw invalidBody();
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidBody();
    return { fields: parsed as Record<string, unknown>, files: new Map() };
  }

  const boundary = getMultipartBoundary(type);
  if (type.includes('multipart/form-data') && boundary) {
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
    const text = await new Response(raw.body.pipeThrough(limitedStream(maxBytes))).text().catch(() => {
      throw invalidBody();
    });
    return { fields: Object.fromEntries(new URLSearchParams(text)), files: new Map() };
  }

  const text = await raw.text();
  if (text.trim() === '') return { fields: {}, files: new Map() };
  throw invalidBody();
}
