import { THUMBNAIL_SUFFIX, type StoredFile, type UploadResult } from '../contract/api.ts';
import { ApiError } from '../http/errors.ts';
import { tooLarge, type Upload } from '../http/body.ts';
import { signatureMismatch, sniffImageType } from './signature.ts';
import { carriesMetadata, withoutMetadata } from './metadata.ts';
import { svgWithCleanedPictures, uncleanableImage } from './data-url.ts';

/** Where an upload came from, kept in its R2 metadata. */
export type UploadOrigin = 'record' | 'editor' | 'file-manager';

export const UPLOAD_PREFIX = 'uploads/';
export const BUCKET_NAME = 'r2';

export interface FileRule {
  maxBytes: number;
  accept?: readonly string[];
  acceptLabel?: string;
}

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

/** The usual extension of a content type (the first listed above), for files we name ourselves. */
export const extensionFor = (type: string) => Object.entries(TYPE_BY_EXTENSION).find(([, known]) => known === type)?.[0] ?? 'bin';

/** Longest file extension kept (`.docx`, `.webmanifest`). */
const EXTENSION_MAX = 12;

const extensionOf = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** Names clients give to types under another name (`image/jpg` is no registered type). */
const TYPE_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/vnd.microsoft.icon': 'image/x-icon',
  'application/x-zip-compressed': 'application/zip',
  'audio/mp3': 'audio/mpeg',
};

/**
 * What a file is: a raster image is known by its bytes, whatever was declared; anything else
 * by the browser's type when it gave one, else by the extension's.
 */
export const contentTypeOf = (file: Pick<Upload, 'name' | 'type' | 'head'>) => {
  const declared = file.type.toLowerCase().split(';')[0]!.trim();
  return (
    sniffImageType(file.head) ??
    (declared && declared !== 'application/octet-stream' ? (TYPE_ALIASES[declared] ?? declared) : (TYPE_BY_EXTENSION[extensionOf(file.name)] ?? 'application/octet-stream'))
  );
};

/** Refuses a file that is too large, of a type the rule does not accept, or not what its type claims. */
export function checkFile(file: Upload, rule: FileRule) {
  if (file.size > rule.maxBytes) throw tooLarge(rule.maxBytes);
  // The extension is kept in the stored name, whose key R2 limits to 1,024 bytes.
  if (extensionOf(file.name).length > EXTENSION_MAX) {
    throw new ApiError(400, 'VALIDATION_ERROR', `Ekstensi file terlalu panjang (maksimal ${EXTENSION_MAX} karakter).`);
  }
  if (rule.accept && !rule.accept.includes(contentTypeOf(file))) {
    throw new ApiError(
      400,
      'INVALID_FILE_TYPE',
      rule.acceptLabel
        ? `Tipe file tidak didukung. Gunakan format: ${rule.acceptLabel}.`
        : 'Tipe file tidak didukung. Hanya file gambar yang diperbolehkan.',
      { allowed: rule.accept, received: contentTypeOf(file) },
    );
  }
  const claimed = signatureMismatch(contentTypeOf(file), file.head);
  if (claimed) {
    throw new ApiError(400, 'INVALID_FILE_TYPE', `Isi file ${file.name || 'ini'} bukan gambar ${claimed} yang valid. Pilih file gambar aslinya.`, {
      received: contentTypeOf(file),
    });
  }
}

/** A file name safe in a URL: lowercase words of the original, hyphenated. */
const safeName = (name: string) => {
  const ext = extensionOf(name);
  const base = name
    .replace(/\.[^.]+$/, '')
    .normalize('NFD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${base || 'file'}${ext ? `.${ext}` : ''}`;
};

/** Longest folder path a user may give; with the file name, a key stays far below R2's 1,024 bytes. */
export const FOLDER_MAX = 200;

/** A folder path given by a user: trimmed segments of letters, digits, spaces, - and _. */
export const safeFolder = (folder: string) => {
  const path = folder
    .split('/')
    .map((part) => part.trim().replace(/[^\w\s-]/g, '').replace(/\s+/g, '-'))
    .filter(Boolean)
    .join('/');
  if (path.length > FOLDER_MAX) throw new ApiError(400, 'VALIDATION_ERROR', `Nama folder maksimal ${FOLDER_MAX} karakter.`);
  return path;
};

/** Stored names are short printable ASCII (see safeName and safeFolder); nothing else is looked up. */
const STORED_NAME = /^[\x21-\x7e]{1,512}$/;

/**
 * A stored file's name from a URL path, decoded; null for a name no stored file can have
 * (a malformed escape such as `%zz`, `..`, too long for R2), so it is never asked for.
 */
export const decodedPath = (text: string) => {
  try {
    const name = decodeURIComponent(text);
    return STORED_NAME.test(name) && !name.includes('..') ? name : null;
  } catch {
    return null;
  }
};

export const urlOf = (key: string) => `/${key}`;

/** A preview the admin made: a small WebP, or nothing (it is only a convenience). */
const THUMBNAIL_MAX_BYTES = 256 * 1024;
const usableThumbnail = (thumbnail: Upload | undefined): thumbnail is Upload =>
  thumbnail !== undefined && thumbnail.size > 0 && thumbnail.size <= THUMBNAIL_MAX_BYTES && contentTypeOf(thumbnail) === 'image/webp';

/** Bytes ready for R2, which needs a streamed body's length up front. */
interface StorableBytes {
  size: number;
  chunks: readonly Uint8Array[];
}

const streamOf = ({ size, chunks }: StorableBytes) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  }).pipeThrough(new FixedLengthStream(size));

async function bytesOf(file: Pick<Upload, 'stream'>) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of file.stream()) chunks.push(chunk);
  return chunks;
}


/**
 * The upload's bytes as they may be stored: a raster image without the metadata blocks that can
 * say where a photo was taken (files/metadata.ts), an SVG with the photos embedded in it cleaned,
 * other files as they came; null for an image that cannot be cleaned.
 */
async function storableBytes(file: Upload, type: string): Promise<StorableBytes | null> {
  const chunks = await bytesOf(file);
  if (type === 'image/svg+xml') {
    const text = await new Blob(chunks).text();
    const cleaned = svgWithCleanedPictures(text, file.name);
    if (cleaned !== text) {
      const bytes = new TextEncoder().encode(cleaned);
      return { size: bytes.byteLength, chunks: [bytes] };
    }
  }
  if (!carriesMetadata(type)) return { size: file.size, chunks };
  return withoutMetadata(type, chunks);
}

/** Stores one upload (and its thumbnail, if sent) in R2 and answers where it is stored. */
export async function putUpload(bucket: R2Bucket, file: Upload, folder: string, origin: UploadOrigin, thumbnail?: Upload): Promise<UploadResult> {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36);
  const dir = folder ? `${safeFolder(folder)}/` : '';
  const filename = `${Date.now().toString(36)}-${random}-${safeName(file.name)}`;
  const key = `${UPLOAD_PREFIX}${dir}${filename}`;
  const mimetype = contentTypeOf(file);
  const stored = await storableBytes(file, mimetype);
  if (!stored) throw uncleanableImage(file.name);
  // A thumbnail is cleaned like its file; one that cannot be is left out (the file previews as itself).
  const storedThumbnail = usableThumbnail(thumbnail) ? await storableBytes(thumbnail, 'image/webp') : null;
  await bucket.put(key, streamOf(stored), {
    httpMetadata: { contentType: mimetype },
    customMetadata: { originalName: file.name, origin },
  });
  const thumbnailKey = storedThumbnail ? `${key}${THUMBNAIL_SUFFIX}` : undefined;
  if (thumbnailKey) await bucket.put(thumbnailKey, streamOf(storedThumbnail!), { httpMetadata: { contentType: 'image/webp' } });
  return {
    filename,
    originalName: file.name,
    mimetype,
    size: stored.size,
    url: urlOf(key),
    path: key,
    bucket: BUCKET_NAME,
    destination: `${UPLOAD_PREFIX}${dir}`,
    ...(thumbnailKey ? { thumbnailUrl: urlOf(thumbnailKey) } : {}),
  };
}

export const isThumbnail = (key: string) => key.endsWith(THUMBNAIL_SUFFIX);

export const storedFile = (object: R2Object, thumbnails: ReadonlySet<string> = new Set()): StoredFile => ({
  name: object.key.slice(UPLOAD_PREFIX.length),
  originalName: object.customMetadata?.originalName,
  ...(thumbnails.has(`${object.key}${THUMBNAIL_SUFFIX}`) ? { thumbnailUrl: urlOf(`${object.key}${THUMBNAIL_SUFFIX}`) } : {}),
  bucket: BUCKET_NAME,
  size: object.size,
  contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
  timeCreated: object.uploaded.toISOString(),
  updated: object.uploaded.toISOString(),
  url: urlOf(object.key),
});
