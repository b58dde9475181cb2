import { describe, expect, it } from 'vitest';
import { compressForEditor, compressionOptions } from './compress.ts';

const MB = 1024 * 1024;
const file = (bytes: number, type: string) => new File([new Uint8Array(bytes)], 'x', { type });

describe('editor image compression rules', () => {
  it('leaves images up to 1.5 MB untouched', async () => {
    const small = file(1.5 * MB, 'image/jpeg');
    expect(await compressForEditor(small)).toBe(small);
  });

  it('fits larger ones in 1920 px at JPEG quality 0.82, 0.7 over 5 MB, keeping PNG as PNG', () => {
    expect(compressionOptions(file(2 * MB, 'image/jpeg'))).toMatchObject({ maxWidthOrHeight: 1920, initialQuality: 0.82, fileType: 'image/jpeg' });
    expect(compressionOptions(file(6 * MB, 'image/webp'))).toMatchObject({ initialQuality: 0.7, fileType: 'image/jpeg' });
    expect(compressionOptions(file(2 * MB, 'image/png')).fileType).toBe('image/png');
  });
});
