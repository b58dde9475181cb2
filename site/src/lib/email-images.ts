/**
 * The raster copies of pictures that newsletter emails show (worker/src/contract/email-images.ts):
 * at most EMAIL_IMAGE_WIDTH wide, under EMAIL_IMAGE_MAX_BYTES, PNG for drawings, JPEG for photos.
 * A copy that cannot be made small enough is left out, and the email then shows no picture.
 * Each is made once: kept in the build's cache folder by its source address, with a marker for
 * a source that gave no copy, so a rebuild encodes nothing it already made.
 */
import { EMAIL_IMAGE_MAX_BYTES, EMAIL_IMAGE_WIDTH, EMAIL_LOGO } from '@cms/worker/contract/email-images';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { readStoredFile } from './api-fetch.ts';
import { sourceUrl } from './picture.ts';

const CACHE_DIR = path.resolve(process.env.ASTRO_CACHE_DIR ?? 'node_modules/.astro', 'email-images');
/** Smaller widths tried, in turn, when a copy is still too heavy. */
const SHRINK = [1, 0.8, 0.65, 0.5];
const NO_COPY = 'none';

/** Draws a picture as a PNG or JPEG no wider than `width`, shrinking it until it fits the byte limit; null when it cannot. */
async function encode(bytes: Buffer, format: 'png' | 'jpg', width: number): Promise<Buffer | null> {
  const source = await sharp(bytes, { failOn: 'none' }).metadata();
  if (!source.width) return null;
  const isDrawing = source.format === 'svg';
  // A drawing is rendered at the density that gives the wanted width, so it stays sharp.
  const density = isDrawing ? Math.min(2400, Math.max(72, Math.ceil((72 * width) / source.width))) : undefined;
  const widest = isDrawing ? width : Math.min(width, source.autoOrient?.width ?? source.width);
  for (const factor of SHRINK) {
    const image = sharp(bytes, { failOn: 'none', ...(density ? { density } : {}) }).rotate().resize({ width: Math.round(widest * factor), withoutEnlargement: !isDrawing });
    const out =
      format === 'png'
        ? await image.png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer()
        : await image.flatten({ background: '#ffffff' }).jpeg({ quality: factor === 1 ? 75 : 68, mozjpeg: true }).toBuffer();
    if (out.length < EMAIL_IMAGE_MAX_BYTES) return out;
  }
  return null;
}

/** The copy from the cache, or made now; `key` names the source, `make` draws it. */
async function cached(key: string, make: () => Promise<Buffer | null>): Promise<Buffer | null> {
  const file = path.join(CACHE_DIR, createHash('sha1').update(key).digest('hex'));
  try {
    const kept = await readFile(file);
    return kept.toString('utf8') === NO_COPY ? null : kept;
  } catch {
    // Not made yet.
  }
  // A source the server could not give now throws here: nothing is kept, the next build tries again.
  const made = await make();
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(file, made ?? NO_COPY);
  return made;
}

/** The email copy of a stored image (`emailImagePath` names its address); null when there is none. */
export function emailImage(stored: string, format: 'png' | 'jpg') {
  const url = sourceUrl(stored);
  return cached(`${format}|${EMAIL_IMAGE_WIDTH}|${url}`, async () => {
    const bytes = await readStoredFile(url);
    return bytes && encode(bytes, format, EMAIL_IMAGE_WIDTH).catch(() => null);
  });
}

/** The site's mark (the favicon's drawing) as the square PNG an email's header shows. */
export function emailLogo(svg: string) {
  return cached(`logo|${EMAIL_LOGO.size}|${createHash('sha1').update(svg).digest('hex')}`, () =>
    sharp(Buffer.from(svg), { density: Math.ceil((72 * EMAIL_LOGO.size) / 32) })
      .resize(EMAIL_LOGO.size, EMAIL_LOGO.size)
      .png({ compressionLevel: 9 })
      .toBuffer()
      .catch(() => null),
  );
}
