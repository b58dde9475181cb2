/** Photos as phones make them, for browser tests: a JPEG with GPS and camera data in its EXIF. */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** Made photos, kept between files and runs: a 12-megapixel one takes seconds to encode. */
const CACHE = path.resolve(import.meta.dirname, '../.build/test/photos');

async function makePhoto(width: number, height: number, colour: string, textured: boolean): Promise<Buffer> {
  const grain = textured ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 30 } } : {};
  const pixels = await sharp({ create: { width, height, channels: 3, background: colour, ...grain } }).png().toBuffer();
  return sharp(pixels)
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><rect width="${width / 2}" height="${height / 2}" fill="${colour}"/></svg>`) }])
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'Kamera' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '107/1 36/1 0/1' } })
    .toBuffer();
}

async function cachedPhoto(width: number, height: number, colour: string, textured: boolean): Promise<Buffer> {
  const file = path.join(CACHE, `${textured ? 'gps' : 'plain'}-${width}x${height}-${colour.replace('#', '')}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  const photo = await makePhoto(width, height, colour, textured);
  mkdirSync(CACHE, { recursive: true });
  // Written whole under another name first: a file running at the same time never reads half a photo.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, photo);
  renameSync(partial, file);
  return photo;
}

/** A phone photo: fine grain all over, so it weighs and encodes like a real one. */
export const gpsPhoto = (width: number, height: number, colour = '#6a8f4e') => cachedPhoto(width, height, colour, true);

/**
 * A photo whose pixels do not matter, only its size (and its camera data): one colour, which a
 * build turns into its image files several times faster than a grainy one.
 */
export const plainPhoto = (width: number, height: number, colour = '#6a8f4e') => cachedPhoto(width, height, colour, false);

/** Whether an image's EXIF points to a GPS block (tag 0x8825, in either byte order). */
export async function hasGps(bytes: Buffer) {
  const { exif } = await sharp(bytes).metadata();
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}
