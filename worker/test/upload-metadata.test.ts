/**
 * Photos posted straight to the API (not through the admin, which redraws them) are stored
 * without the metadata that says where they were taken, and still look the same: same pixels,
 * same orientation, same colour profile. The bytes decide the type, thumbnails and pictures
 * inside SVGs are cleaned too, and a picture that cannot be cleaned is refused, never stored.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withoutMetadata } from '../src/files/metadata.ts';
import { asAdmin, form } from './client.ts';
import { CAMERA, GPS, leaks, noise, phoneJpeg, phoneWebp } from './photos.ts';

/** Cleans bytes as the worker does, split into uneven chunks as a multipart body arrives. */
const cleaned = (type: string, bytes: Buffer, chunkSize = 1000) => {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  const result = withoutMetadata(type, chunks);
  if (!result) throw new Error(`${type} could not be cleaned`);
  const joined = Buffer.concat(result.chunks);
  expect(joined.length).toBe(result.size);
  return joined;
};

const pixels = (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();

describe('metadata dropped from uploaded images', () => {
  it('a JPEG keeps its pixels, orientation and colour profile, and loses GPS, camera and XMP', async () => {
    const photo = await phoneJpeg(6);
    expect(leaks(photo)).toEqual(['GPS IFD', 'TestPhone', 'exif:GPS', 'xmpmeta']);
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

  it('a stray byte between segments, which browsers skip, is skipped too: the metadata after it still goes', async () => {
    const photo = await phoneJpeg(6);
    // A byte of nothing right after SOI, before the EXIF segment, as some phone apps write.
    const stray = Buffer.concat([photo.subarray(0, 2), Buffer.from([0x00, 0x0a]), photo.subarray(2)]);
    expect(leaks(stray).length).toBeGreaterThan(0);
    const clean = cleaned('image/jpeg', stray);
    expect(leaks(clean)).toEqual([]);
    expect((await pixels(clean)).equals(await pixels(photo))).toBe(true);
  });

  it('a GIF loses its XMP and comments, and keeps its animation loop', async () => {
    const gif = await sharp(await noise(16, 16)).gif({ loop: 0 }).toBuffer();
    const xmp = Buffer.from('XMP DataXMP<x:xmpmeta exif:GPSLatitude="6,54S"/>');
    const application = Buffer.concat([Buffer.from([0x21, 0xff, 11]), xmp.subarray(0, 11), Buffer.from([xmp.length - 11]), xmp.subarray(11), Buffer.from([0])]);
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 9]), Buffer.from('TestPhone'), Buffer.from([0])]);
    // After the header and its global colour table, where extensions may come.
    const blocksAt = 13 + (gif[10]! & 0x80 ? 3 * 2 ** ((gif[10]! & 7) + 1) : 0);
    const tagged = Buffer.concat([gif.subarray(0, blocksAt), application, comment, gif.subarray(blocksAt)]);
    expect(leaks(tagged)).toEqual(['TestPhone', 'exif:GPS', 'xmpmeta']);
    const clean = cleaned('image/gif', tagged, 50);
    expect(leaks(clean)).toEqual([]);
    expect(clean.includes('NETSCAPE2.0')).toBe(gif.includes('NETSCAPE2.0'));
    expect((await pixels(clean)).equals(await pixels(gif))).toBe(true);
  });

  it('a file that cannot be read to its end is not cleaned (and so is refused), cut short or garbled', async () => {
    const photo = await phoneJpeg(6);
    const webp = await phoneWebp();
    const png = await sharp(await noise(20, 20)).png().toBuffer();
    for (const [type, bytes] of [
      ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1, 2, 3])],
      ['image/jpeg', photo.subarray(0, 40)],
      ['image/jpeg', photo.subarray(0, photo.length - 300)],
      ['image/png', png.subarray(0, png.length - 20)],
      ['image/webp', webp.subarray(0, webp.length - 10)],
      ['image/png', Buffer.concat([png.subarray(0, 8), Buffer.alloc(10 * 1024 * 1024)])],
    ] as const) {
      expect(withoutMetadata(type, [bytes]), `${type} of ${bytes.length} bytes`).toBeNull();
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

  it('whatever type a client declares, the bytes decide: a JPEG sent as image/jpg, octet-stream or PNG is cleaned and stored as JPEG', async () => {
    const admin = await asAdmin();
    const photo = await phoneJpeg(6);
    for (const [route, declared] of [
      ['/api/files/upload', 'image/jpg'],
      ['/api/upload', 'image/jpg'],
      ['/api/files/upload', 'application/octet-stream'],
      ['/api/upload', 'image/png'],
    ] as const) {
      const uploaded = await admin.post<{ url: string; mimetype: string }>(route, form({ file: new File([photo], 'IMG_0043.jpg', { type: declared }) }));
      expect(uploaded.status, `${route} ${declared}`).toBe(201);
      const { url, mimetype } = uploaded.body.success ? uploaded.body.data : ({} as never);
      expect(mimetype).toBe('image/jpeg');
      const response = await fetch(admin.base + url);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(leaks(new Uint8Array(await response.arrayBuffer())), `${route} ${declared}`).toEqual([]);
    }
  });

  it('a thumbnail part is cleaned like its file, and one that cannot be cleaned is left out', async () => {
    const admin = await asAdmin();
    const body = form({ file: new File([await phoneJpeg(1)], 'IMG_0044.jpg', { type: 'image/jpeg' }) });
    body.append('file.thumb', new File([await phoneWebp()], 'thumbnail.webp', { type: 'image/webp' }));
    const uploaded = await admin.post<{ thumbnailUrl: string }>('/api/files/upload', body);
    const thumbnailUrl = uploaded.body.success ? uploaded.body.data.thumbnailUrl : '';
    const thumbnail = new Uint8Array(await (await fetch(admin.base + thumbnailUrl)).arrayBuffer());
    expect(leaks(thumbnail)).toEqual([]);
    expect((await sharp(thumbnail).metadata()).format).toBe('webp');

    const record = form({ file: new File([await phoneJpeg(1)], 'IMG_0045.jpg', { type: 'image/jpeg' }) });
    record.append('file.thumb', new File([(await phoneWebp()).subarray(0, 60)], 'thumbnail.webp', { type: 'image/webp' }));
    const cut = await admin.post<{ thumbnailUrl?: string }>('/api/files/upload', record);
    expect(cut.status).toBe(201);
    expect(cut.body.success && cut.body.data.thumbnailUrl).toBeUndefined();
  });

  it('a picture that cannot be cleaned is refused with a clear message, and nothing is stored', async () => {
    const admin = await asAdmin();
    const before = await admin.get<unknown[]>('/api/files/list');
    const cut = (await phoneJpeg(6)).subarray(0, 400);
    for (const route of ['/api/files/upload', '/api/upload']) {
      const answer = await admin.post(route, form({ file: new File([cut], 'IMG_0046.jpg', { type: 'image/jpeg' }) }));
      expect(answer.status, route).toBe(400);
      expect(answer.body, route).toMatchObject({
        success: false,
        code: 'INVALID_IMAGE',
        message: expect.stringContaining('Gambar IMG_0046.jpg rusak atau tidak dapat dibersihkan dari data kamera dan lokasi'),
      });
    }
    const after = await admin.get<Array<{ originalName?: string }>>('/api/files/list');
    const names = (answer: typeof after) => (answer.body.success ? answer.body.data.filter((file) => file.originalName === 'IMG_0046.jpg').length : -1);
    expect(names(after)).toBe(names(before as typeof after));
  });

  it('a photo embedded in an SVG (as drawing programs embed them) is cleaned too, or the SVG refused', async () => {
    const admin = await asAdmin();
    const wrapped = (photo: Buffer) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="48"><image width="64" height="48" xlink:href="data:image/jpeg;base64,${photo.toString('base64').replace(/(.{76})/g, '$1\n')}"/></svg>`;
    const uploaded = await admin.post<{ url: string }>('/api/files/upload', form({ file: new File([wrapped(await phoneJpeg(6))], 'poster.svg', { type: 'image/svg+xml' }) }));
    expect(uploaded.status).toBe(201);
    const stored = await (await fetch(admin.base + (uploaded.body.success ? uploaded.body.data.url : ''))).text();
    const embedded = Buffer.from(/base64,([^"]+)"/.exec(stored)![1]!, 'base64');
    expect(leaks(embedded)).toEqual([]);
    expect((await sharp(embedded).metadata()).format).toBe('jpeg');

    const refused = await admin.post('/api/files/upload', form({ file: new File([wrapped((await phoneJpeg(6)).subarray(0, 300))], 'rusak.svg', { type: 'image/svg+xml' }) }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'INVALID_IMAGE' });
  });
});
