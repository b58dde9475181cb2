/**
 * Pictures carried as data: URLs: read, and cleaned of their metadata like an upload
 * (files/metadata.ts), inside rich text, preview drafts and SVG files alike.
 */
import { ApiError } from '../http/errors.ts';
import { withoutMetadata } from './metadata.ts';
import { HEAD_BYTES, sniffImageType } from './signature.ts';

/** A picture that could not be cleaned is refused, never stored as it came. */
export const uncleanableImage = (name: string) =>
  new ApiError(
    400,
    'INVALID_IMAGE',
    `Gambar ${name || 'ini'} rusak atau tidak dapat dibersihkan dari data kamera dan lokasi (EXIF/GPS), jadi tidak disimpan. Simpan ulang sebagai JPG, PNG atau WebP, lalu unggah lagi.`,
  );

/** The bytes of a data: URL (base64 or percent-encoded) and its declared type; null when it is not one. */
export function decodeDataUrl(url: string): { type: string; bytes: Uint8Array } | null {
  const match = /^data:([^,]*),(.*)$/is.exec(url.trim());
  if (!match) return null;
  const [, meta = '', payload = ''] = match;
  const parts = meta.split(';').map((part) => part.trim().toLowerCase());
  try {
    const bytes = parts.includes('base64')
      ? Uint8Array.from(atob(payload.replace(/\s/g, '')), (char) => char.charCodeAt(0))
      : new TextEncoder().encode(decodeURIComponent(payload));
    return { type: parts[0] ?? '', bytes };
  } catch {
    return null;
  }
}

const base64Of = (bytes: Uint8Array) => {
  let binary = '';
  for (let at = 0; at < bytes.byteLength; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
};

/** A picked picture's data: URL with its metadata dropped, typed by its bytes; refused when it cannot be cleaned. */
export function cleanedDataUrl(url: string, label: string) {
  const decoded = decodeDataUrl(url);
  const type = decoded && sniffImageType(decoded.bytes.subarray(0, HEAD_BYTES));
  const cleaned = decoded && type && withoutMetadata(type, [decoded.bytes]);
  if (!cleaned) throw uncleanableImage(label);
  const joined = new Uint8Array(cleaned.size);
  let offset = 0;
  for (const chunk of cleaned.chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return `data:${type};base64,${base64Of(joined)}`;
}

/** A raster picture embedded in an SVG (`<image href="data:...">`), base64 as editors write it. */
const EMBEDDED_RASTER = /data:image\/(?:jpeg|jpg|png|webp|gif);base64,[A-Za-z0-9+/=\s]+/gi;

/** An SVG file's text with the photos embedded in it cleaned; refused when one cannot be. */
export const svgWithCleanedPictures = (svg: string, name: string) => svg.replace(EMBEDDED_RASTER, (url) => cleanedDataUrl(url, name));
