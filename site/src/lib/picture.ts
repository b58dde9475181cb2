/**
 * Stored images as the visitor's browser gets them: WebP variants sized for their slot (Astro's
 * image pipeline with sharp, at build time), a plain JPEG (on white) for browsers without WebP, the
 * original's proportions as width/height, and a 16 px blurred preview shown until the photo
 * arrives. SVG and animated GIF are passed through unchanged.
 *
 * Each original is read once: its size, format and preview are kept in the build's cache folder
 * (ASTRO_CACHE_DIR, beside Astro's own cache of encoded variants), keyed by its address, which
 * never changes content (stored names are unique). A rebuild then fetches and encodes nothing.
 */
import { getImage } from 'astro:assets';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { readStoredFile } from './api-fetch.ts';
import { cropAnchor, denseSources, fallbackWidth, focalPoint, heightFor, isResizable, sizesFor, variantWidths, type Slot } from './image-slots.ts';
import { mediaUrl } from './media.ts';

export interface Picture {
  /** The <img> address: the JPEG fallback, or the file itself when passed through. */
  src: string;
  /** WebP variants for a <source>; absent when passed through. */
  srcset?: string;
  sizes?: string;
  /** The same variants for screens denser than the slot's images, told a smaller box (denseSources). */
  denseSources?: Array<{ media: string; sizes: string }>;
  width: number;
  height: number;
  /** A tiny blurred copy as a data URI, painted behind the photo while it loads. */
  placeholder?: string;
  /** object-position: the focal point the crop keeps in view. */
  position: string;
}

interface Meta {
  width: number;
  height: number;
  format: string;
  pages: number;
  placeholder?: string;
}

const SOURCE = (process.env.PUBLIC_MEDIA_URL || process.env.PUBLIC_API_URL || 'http://127.0.0.1:8787').replace(/\/$/, '');
const META_DIR = path.resolve(process.env.ASTRO_CACHE_DIR ?? 'node_modules/.astro', 'image-meta');
const WEBP_QUALITY = 62;
const JPEG_QUALITY = 70;
/** JPEG has no transparency: a transparent logo's clear parts become white there, not black. */
const JPEG_BACKGROUND = '#ffffff';

/** The address the build reads an original from (the site may serve it under a relative one). */
export const sourceUrl = (value: string) => new URL(mediaUrl(value), `${SOURCE}/`).href;

const known = new Map<string, Promise<Meta | null>>();

async function readMeta(url: string): Promise<Meta | null> {
  const file = path.join(META_DIR, `${createHash('sha1').update(url).digest('hex')}.json`);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Meta;
  } catch {
    // Not measured yet.
  }
  const bytes = await readStoredFile(url);
  if (!bytes) return null;
  try {
    const image = sharp(bytes, { failOn: 'none' });
    const info = await image.metadata();
    // Dimensions as displayed: a photo tagged "rotate 90°" is taller than it is stored.
    const { width, height } = info.autoOrient ?? info;
    if (!width || !height || !info.format) return null;
    const meta: Meta = { width, height, format: info.format, pages: info.pages ?? 1 };
    if (isResizable(meta.format, meta.pages) && !info.hasAlpha) {
      const tiny = await sharp(bytes, { failOn: 'none' }).rotate().resize(16, 16, { fit: 'inside' }).webp({ quality: 40 }).toBuffer();
      meta.placeholder = `data:image/webp;base64,${tiny.toString('base64')}`;
    }
    await mkdir(META_DIR, { recursive: true });
    await writeFile(file, JSON.stringify(meta));
    return meta;
  } catch {
    return null;
  }
}

const metaOf = (url: string) => {
  if (!known.has(url)) known.set(url, readMeta(url));
  return known.get(url)!;
};

/** The picture for a stored image in a slot; null when there is no image or it cannot be read. */
export async function picture(value: string | null | undefined, slot: Slot, focus?: string | null): Promise<Picture | null> {
  if (!value) return null;
  const position = focalPoint(focus);
  const url = sourceUrl(value);
  const meta = await metaOf(url);
  if (!meta) return null;
  if (!isResizable(meta.format, meta.pages)) return { src: mediaUrl(value), width: meta.width, height: meta.height, position };
  const sizes = sizesFor(slot, meta);
  const widths = variantWidths(slot, meta.width);
  const largest = widths[widths.length - 1]!;
  const fallback = fallbackWidth(slot, meta.width);
  const [webp, jpeg] = await Promise.all([
    getImage({ src: url, width: largest, height: heightFor(largest, meta), widths, sizes, format: 'webp', quality: WEBP_QUALITY }),
    getImage({ src: url, width: fallback, height: heightFor(fallback, meta), format: 'jpg', quality: JPEG_QUALITY, background: JPEG_BACKGROUND }),
  ]);
  return {
    src: jpeg.src,
    srcset: webp.srcSet.attribute,
    sizes,
    denseSources: denseSources(slot, meta),
    width: largest,
    height: heightFor(largest, meta),
    placeholder: meta.placeholder,
    position,
  };
}

/** Link previews (Open Graph, Twitter) are drawn at 1200x630. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The image a link preview shows: a 1200x630 JPEG cropped around the focal point (chat apps and
 * social sites fetch it on mobile data too). Null when there is no image or it is not a still
 * raster picture (SVG, which link previews do not show, or an animated GIF): the page then
 * shares the site's default card.
 */
export async function shareImage(value: string | null | undefined, focus?: string | null): Promise<string | null> {
  if (!value) return null;
  const url = sourceUrl(value);
  const meta = await metaOf(url);
  if (!meta || !isResizable(meta.format, meta.pages)) return null;
  const image = await getImage({ src: url, ...SHARE_SIZE, fit: 'cover', position: cropAnchor(focus), format: 'jpg', quality: JPEG_QUALITY, background: JPEG_BACKGROUND });
  return image.src;
}

// Records without a picture show the placeholder (lib/media.ts, which islands can load too).
export { placeholderPicture } from './media.ts';
