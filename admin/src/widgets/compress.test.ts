import { describe, expect, it } from 'vitest';
import { BIG_IMAGE_EDGE, preparationOptions, uploadName } from './compress.ts';

const MB = 1024 * 1024;
const file = (bytes: number, type: string, name = 'x') => new File([new Uint8Array(bytes)], name, { type });

describe('upload preparation rules', () => {
  it('redraws every JPEG and WebP (dropping EXIF) within 2560 px', () => {
    expect(preparationOptions(file(200_000, 'image/jpeg'))).toMatchObject({ maxWidthOrHeight: BIG_IMAGE_EDGE, fileType: 'image/jpeg' });
    expect(preparationOptions(file(6 * MB, 'image/webp'))).toMatchObject({ maxWidthOrHeight: BIG_IMAGE_EDGE, fileType: 'image/webp' });
  });

  it('scales a PNG only when it is too big, and sends GIF, SVG and videos as they are', () => {
    expect(preparationOptions(file(200_000, 'image/png'))).toMatchObject({ onlyWhenLarger: true, fileType: 'image/png' });
    expect(preparationOptions(file(1000, 'image/gif'))).toBeNull();
    expect(preparationOptions(file(1000, 'image/svg+xml'))).toBeNull();
    expect(preparationOptions(file(1000, 'video/mp4'))).toBeNull();
  });

  it("keeps the editor's rule for pasted images over 1.5 MB: 1920 px, JPEG 0.82 (0.7 over 5 MB), PNG as PNG", () => {
    expect(preparationOptions(file(2 * MB, 'image/jpeg'), true)).toMatchObject({ maxWidthOrHeight: 1920, initialQuality: 0.82, fileType: 'image/jpeg' });
    expect(preparationOptions(file(6 * MB, 'image/webp'), true)).toMatchObject({ initialQuality: 0.7, fileType: 'image/jpeg' });
    expect(preparationOptions(file(2 * MB, 'image/png'), true)?.fileType).toBe('image/png');
  });
});

describe('upload names', () => {
  it('names pasted images with a date and the extension of their type', () => {
    const now = new Date('2026-11-23T10:05:09Z');
    expect(uploadName('blob', 'image/png', now)).toBe('gambar-tempel-20261123-100509.png');
    expect(uploadName('image.png', 'image/jpeg', now)).toBe('gambar-tempel-20261123-100509.jpg');
  });

  it('keeps a picked file name, with the extension of what is sent', () => {
    expect(uploadName('IMG_2041.JPG', 'image/jpeg')).toBe('IMG_2041.jpg');
    expect(uploadName('scan.png', 'image/jpeg')).toBe('scan.jpg');
    expect(uploadName('laporan.pdf', 'application/pdf')).toBe('laporan.pdf');
  });
});
