/**
 * Photos are prepared in the browser before they are sent, on every upload path (form fields,
 * the file manager, the editor):
 * - JPEG and WebP are redrawn without their metadata (EXIF, so no GPS position leaves the
 *   phone), turned upright by their EXIF orientation, and fitted within 2560 px on the long
 *   side (the big-image threshold); PNG is redrawn only when it is larger than that;
 * - images pasted into the editor keep that editor's own rules: over 1.5 MB they are fitted
 *   within 1920 px at JPEG quality 0.82 (0.7 over 5 MB); PNG stays PNG;
 * - each photo gets a 320 px WebP thumbnail, sent with it and stored beside it
 *   (`<name>.thumb.webp`), which the admin's lists and pickers show instead of the original.
 * GIF (animation) and SVG (drawing) are sent as they are. Size limits are checked by the
 * callers on the file the user picked, before this runs.
 */
import imageCompression from 'browser-image-compression';

const MB = 1024 * 1024;
export const BIG_IMAGE_EDGE = 2560;
export const THUMBNAIL_EDGE = 320;
export const COMPRESS_ABOVE = 1.5 * MB;

/** Types whose bytes may carry EXIF and are redrawn whatever their size. */
const CARRIES_EXIF = ['image/jpeg', 'image/webp'];
const REDRAWN = [...CARRIES_EXIF, 'image/png'];

/** How a picked file is redrawn before upload, or null when it is sent as it is. */
export function preparationOptions(file: File, editor = false) {
  if (!REDRAWN.includes(file.type)) return null;
  if (editor && file.size > COMPRESS_ABOVE) {
    return { maxWidthOrHeight: 1920, initialQuality: file.size > 5 * MB ? 0.7 : 0.82, fileType: file.type === 'image/png' ? 'image/png' : 'image/jpeg' };
  }
  // A PNG (screenshots, logos) has no GPS to drop: it is only scaled down when too big.
  if (!CARRIES_EXIF.includes(file.type) && file.size <= COMPRESS_ABOVE) return { maxWidthOrHeight: BIG_IMAGE_EDGE, fileType: file.type, onlyWhenLarger: true };
  return { maxWidthOrHeight: BIG_IMAGE_EDGE, initialQuality: 0.88, fileType: file.type };
}

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * A name a person recognises, with the extension of its type: pasted images arrive as `blob` or
 * `image.png`, and a PNG redrawn as JPEG must not keep `.png`.
 */
export function uploadName(name: string, type: string, now = new Date()) {
  const extension = EXTENSION[type];
  const pasted = !name || name === 'blob' || /^image\.\w+$/.test(name);
  const base = pasted ? `gambar-tempel-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}` : name.replace(/\.[^.]+$/, '');
  return extension ? `${base}.${extension}` : name || base;
}

const thumbnails = new WeakMap<File, File>();
/** The thumbnail made for a prepared file, to be sent with it. */
export const thumbnailOf = (file: File) => thumbnails.get(file);

async function dimensions(file: File) {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/** The file to upload in place of `file`, and its thumbnail (see thumbnailOf). */
export async function prepareUpload(file: File, { editor = false } = {}): Promise<File> {
  const options = preparationOptions(file, editor);
  if (!options) return file;
  try {
    const { onlyWhenLarger, ...compression } = options;
    let prepared = file;
    if (!onlyWhenLarger || Math.max(...Object.values(await dimensions(file))) > BIG_IMAGE_EDGE) {
      const redrawn = await imageCompression(file, { ...compression, useWebWorker: false, preserveExif: false });
      prepared = new File([redrawn], uploadName(file.name, redrawn.type), { type: redrawn.type, lastModified: file.lastModified });
    } else if (uploadName(file.name, file.type) !== file.name) {
      prepared = new File([file], uploadName(file.name, file.type), { type: file.type, lastModified: file.lastModified });
    }
    const thumbnail = await imageCompression(prepared, { maxWidthOrHeight: THUMBNAIL_EDGE, fileType: 'image/webp', initialQuality: 0.75, useWebWorker: false });
    thumbnails.set(prepared, new File([thumbnail], 'thumbnail.webp', { type: 'image/webp' }));
    return prepared;
  } catch {
    // A file the browser cannot decode is sent as it is: the server answers what is wrong with it.
    return file;
  }
}

export { thumbnailPart } from '@cms/worker/contract/api';
