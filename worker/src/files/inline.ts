/**
 * Pictures embedded as `data:` URLs. In a stored rich-text body each one becomes an uploaded
 * file, through the same checks and metadata stripping as any upload, so a body carries links
 * and no photo's position; in a preview draft (which expires) a picked picture stays a data:
 * URL, but cleaned the same way.
 */
import { IMAGE_LABEL, IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../contract/limits.ts';
import type { Upload } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import { HEAD_BYTES } from './signature.ts';
import { withoutMetadata } from './metadata.ts';
import { checkFile, contentTypeOf, extensionFor, putUpload } from './storage.ts';
import { cleanedDataUrl, decodeDataUrl, uncleanableImage } from './data-url.ts';
import type { UploadOrigin } from './storage.ts';

/** An `<img>`'s data: source in sanitised HTML, whose attributes are always double-quoted. */
const INLINE_IMAGE = /(<img\b[^>]*?\ssrc=")(data:[^"]*)"/gi;

const unreadable = (label: string) =>
  new ApiError(400, 'INVALID_IMAGE', `Gambar ${label} tidak dapat dibaca. Tempel atau unggah ulang gambarnya sebagai file JPG, PNG atau WebP.`);

/** Undoes the HTML escaping a sanitised attribute may carry (`&amp;` in a percent-encoded SVG). */
const attributeText = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Bytes held in memory as an upload part, so they go through the same checks and storage. */
const uploadOf = (bytes: Uint8Array, name: string, type: string): Upload => ({
  name,
  type,
  size: bytes.byteLength,
  head: bytes.subarray(0, HEAD_BYTES),
  stream: () =>
    new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
});

/** A data: URL as an upload named `<base>.<ext>`, checked like an image upload; refused when unreadable. */
function inlineUpload(url: string, base: string, label: string): Upload {
  const decoded = decodeDataUrl(url);
  if (!decoded || decoded.bytes.byteLength === 0) throw unreadable(label);
  const probe = uploadOf(decoded.bytes, base, decoded.type);
  const type = contentTypeOf(probe);
  const upload = uploadOf(decoded.bytes, `${base}.${extensionFor(type)}`, type);
  checkFile(upload, { maxBytes: MAX_UPLOAD_BYTES, accept: IMAGE_TYPES, acceptLabel: IMAGE_LABEL });
  // Refused now, before anything of the write is stored, rather than when it is put.
  if (type !== 'image/svg+xml' && !withoutMetadata(type, [decoded.bytes])) throw uncleanableImage(label);
  return upload;
}

/** The distinct data: URLs of a sanitised body's pictures, in order. */
const inlineImageSources = (html: string) => [...new Set([...html.matchAll(INLINE_IMAGE)].map((match) => match[2]!))];

/** The body with each picture's data: URL swapped by `replace(url)`. */
const replaceSources = (html: string, replace: (url: string) => string) => html.replace(INLINE_IMAGE, (_whole, start: string, url: string) => `${start}${replace(url)}"`);

/** A preview's body with its embedded pictures cleaned in place. */
export const withCleanedInlineImages = (html: string, label: string) => {
  const cleaned = new Map(inlineImageSources(html).map((url) => [url, cleanedDataUrl(attributeText(url), label)]));
  return replaceSources(html, (url) => cleaned.get(url) ?? url);
};

/**
 * Every embedded picture of a sanitised body, by its data: URL, checked and ready to store;
 * the body is refused if one is not a usable image.
 */
export const inlineImagesOf = (html: string, fieldLabel: string) =>
  new Map(inlineImageSources(html).map((url, index) => [url, inlineUpload(attributeText(url), `gambar-${index + 1}`, `ke-${index + 1} di ${fieldLabel}`)]));

/** Stores a body's embedded pictures as uploads and answers the body pointing at them, with the keys stored. */
export async function storeInlineImages(bucket: R2Bucket, html: string, images: ReadonlyMap<string, Upload>, origin: UploadOrigin) {
  const urls = new Map<string, string>();
  const stored: string[] = [];
  for (const [source, upload] of images) {
    const result = await putUpload(bucket, upload, 'editor', origin);
    urls.set(source, result.url);
    stored.push(result.path);
  }
  return { html: replaceSources(html, (url) => urls.get(url) ?? url), stored };
}
