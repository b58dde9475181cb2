/**
 * What an image file's first bytes say it is. A file is checked against the type it was sent
 * as, so a page or script renamed to `.png` is refused before it is stored and served.
 */
import { HEAD_BYTES } from '../http/body.ts';

export { HEAD_BYTES };

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

/** ISO media files (AVIF, HEIC) name their kind in the `ftyp` box's major brand. */
const ftypBrand = (bytes: Uint8Array) => (ascii(bytes, 4, 8) === 'ftyp' ? ascii(bytes, 8, 12) : null);

const isSvg = (bytes: Uint8Array) => {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return text.startsWith('<svg') || text.startsWith('<?xml') || text.startsWith('<!--') || text.startsWith('<!doctype svg');
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isIco = (bytes: Uint8Array) => startsWith(bytes, [0, 0, 1, 0]) || startsWith(bytes, PNG);

/** Image types whose bytes are checked, each with its test and its name in messages. */
const IMAGE_SIGNATURES: Record<string, { name: string; test: (bytes: Uint8Array) => boolean }> = {
  'image/jpeg': { name: 'JPG', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  'image/png': { name: 'PNG', test: (b) => startsWith(b, PNG) },
  'image/gif': { name: 'GIF', test: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
  'image/webp': { name: 'WebP', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  'image/avif': { name: 'AVIF', test: (b) => ['avif', 'avis'].includes(ftypBrand(b) ?? '') },
  'image/heic': { name: 'HEIC', test: (b) => ['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].includes(ftypBrand(b) ?? '') },
  'image/heif': { name: 'HEIF', test: (b) => ['heic', 'heix', 'mif1', 'msf1'].includes(ftypBrand(b) ?? '') },
  'image/x-icon': { name: 'ICO', test: isIco },
  'image/vnd.microsoft.icon': { name: 'ICO', test: isIco },
  'image/svg+xml': { name: 'SVG', test: isSvg },
};

/**
 * Whether `head` (an upload's first bytes) fits `type`; types without a known signature (a
 * PDF, a video in the file manager) are not judged here. Answers the format's name on a mismatch.
 */
export function signatureMismatch(type: string, head: Uint8Array): string | null {
  const signature = IMAGE_SIGNATURES[type];
  if (!signature) return null;
  return signature.test(head) ? null : signature.name;
}

/** Raster formats recognised from their bytes alone, whatever type a client declared. */
const SNIFFED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/heic'] as const;

/** The raster image type `head` really is, or null for anything else (SVG, ICO, a PDF, text). */
export const sniffImageType = (head: Uint8Array): string | null => SNIFFED_TYPES.find((type) => IMAGE_SIGNATURES[type]!.test(head)) ?? null;
