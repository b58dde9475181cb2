/**
 * Images pasted into the editor: at or under 1.5 MB they go as they are; larger ones are fitted
 * within 1920x1920 without enlarging, as JPEG quality 0.82 (0.7 over 5 MB); PNG stays PNG.
 */
import imageCompression from 'browser-image-compression';

const MB = 1024 * 1024;
export const COMPRESS_ABOVE = 1.5 * MB;

export function compressionOptions(file: File) {
  return {
    maxWidthOrHeight: 1920,
    initialQuality: file.size > 5 * MB ? 0.7 : 0.82,
    fileType: file.type === 'image/png' ? 'image/png' : 'image/jpeg',
    useWebWorker: false,
  };
}

export async function compressForEditor(file: File): Promise<File> {
  if (file.size <= COMPRESS_ABOVE) return file;
  return imageCompression(file, compressionOptions(file));
}
