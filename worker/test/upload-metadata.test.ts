/**
 * Photos posted straight to the API (not through the admin, which redraws them) are stored
 * without the metadata that says where they were taken, and still look the same: same pixels,
 * same orientation, same colour profile.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withoutMetadata } from '../src/files/metadata.ts';
import { asAdmin, form } from './client.ts';

const GPS = { GPSLatitudeRef: 'S', GPSLatitude: '6/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '107/1 36/1 0/1' };
const CAMERA = { Make: 'TestPhone', Model: 'Kamera' };

const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#6a8f4e', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();

/** A phone photo: GPS and camera EXIF, XMP, a colour profile, turned by its orientation tag. */
const phoneJpeg = async (orientation = 6) =>
  sharp(await noise(64, 48))
    .jpeg({ quality: 80 })
    .withMetadata({ orientation })
    .withIccProfile('p3')
    .withExif({ IFD0: CAMERA, IFD3: GPS })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="6,54S"/></rdf:RDF></x:xmpmeta>')
    .toBuffer();

/** Whether the bytes still say anything about the camera or the place. */
const leaks = (bytes: Uint8Array) => {
  const text = Buffer.from(bytes).toString('latin1');
  return ['TestPhone', 'GPSLatitude', 'xmpmeta'].filter((word) => text.includes(word));
};

/** Cleans bytes as the worker does, split into uneven chunks as a multipart body arrives. */
const cleaned = (type: string, bytes: Buffer, chunkSize = 1000) => {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  const result = withoutMetadata(type, chunks);
  const joined = Buffer.concat(result.chunks);
  expect(joined.length).toBe(result.size);
  return joined;
};

const pixels = (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();

describe('metadata dropped from uploaded images', () => {
  it('a JPEG keeps its pixels, orientation and colour profile, and loses GPS, camera and XMP', async () => {
    const photo = await phoneJpeg(6);
    expect(leaks(photo)).toEqual(['TestPhone', 'GPSLatitude', 'xmpmeta']);
    const clean = cleaned('image/jpeg', photo, 777);
    expect(leaks(clean)).toEqual([]);
    const [before, after] = await Promise.all([sharp(photo).metadata(), sharp(clean).metadata()]);
    expect(after.orientation).toBe(6);
    expect(after.icc?.length).toBe(before.icc?.length);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    expect((await pixels(clean)).equals(await pixels(photo))).toBe(true);
  });

  it('a JPEG that is already upright gets no EXIF at all', async () => {
    const clean = cleaned('image/jpeg', await phoneJpeg(1));
    expect((await sharp(clean).metadata()).exif).toBeUndefined();
  });

  it('a progressive JPEG and the extra image a phone appends after it are handled', async () => {
    const progressive = await sharp(await noise(80, 60)).jpeg({ progressive: true }).withExif({ IFD0: CAMERA, IFD3: GPS }).toBuffer();
    const appended = Buffer.concat([progressive, await phoneJpeg(1)]);
    const clean = cleaned('image/jpeg', appended, 333);
    expect(leaks(clean)).toEqual([]);
    expect((await pixels(clean)).equals(await pixels(progressive))).toBe(true);
  });

  it('PNG and WebP lose their EXIF and XMP too', async () => {
    const source = sharp(await noise(40, 30)).withExif({ IFD0: CAMERA, IFD3: GPS }).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>');
    for (const [type, bytes] of [
      ['image/png', await source.clone().png().toBuffer()],
      ['image/webp', await source.clone().webp({ lossless: true }).toBuffer()],
    ] as const) {
      expect(leaks(bytes).length, type).toBeGreaterThan(0);
      const clean = cleaned(type, bytes);
      expect(leaks(clean), type).toEqual([]);
      expect((await pixels(clean)).equals(await pixels(bytes)), type).toBe(true);
    }
  });

  it('a damaged file is stored as it came rather than refused or cut', () => {
    const damaged = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1, 2, 3]);
    expect(cleaned('image/jpeg', damaged).equals(damaged)).toBe(true);
    // A signature followed by 10 MB of nothing is not read chunk by empty chunk.
    for (const [type, head] of [
      ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
      ['image/webp', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')]],
    ] as const) {
      const padded = Buffer.concat([Buffer.from(head), Buffer.alloc(10 * 1024 * 1024)]);
      const chunks = [padded.subarray(0, 65536), padded.subarray(65536)];
      const result = withoutMetadata(type, chunks).chunks;
      expect(result.length === 2 && result.every((chunk, i) => chunk === chunks[i]), type).toBe(true);
    }
  });

  it('a photo sent to the API comes back from storage without its position', async () => {
    const admin = await asAdmin();
    const photo = await phoneJpeg(6);
    const uploaded = await admin.post<{ url: string; size: number }>('/api/files/upload', form({ file: new File([photo], 'IMG_0042.jpg', { type: 'image/jpeg' }) }));
    expect(uploaded.status).toBe(201);
    const { url, size } = uploaded.body.success ? uploaded.body.data : ({} as never);
    const stored = Buffer.from(await (await fetch(admin.base + url)).arrayBuffer());
    expect(stored.length).toBe(size);
    expect(size).toBeLessThan(photo.length);
    expect(leaks(stored)).toEqual([]);
    expect((await sharp(stored).metadata()).orientation).toBe(6);
  });
});
