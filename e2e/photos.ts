/** Photos as phones make them, for browser tests: a JPEG with GPS and camera data in its EXIF. */
import sharp from 'sharp';

export async function gpsPhoto(width: number, height: number, colour = '#6a8f4e'): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: colour, noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
  return sharp(noise)
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><rect width="${width / 2}" height="${height / 2}" fill="${colour}"/></svg>`) }])
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'Kamera' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '107/1 36/1 0/1' } })
    .toBuffer();
}

/** Whether an image's EXIF points to a GPS block (tag 0x8825, in either byte order). */
export async function hasGps(bytes: Buffer) {
  const { exif } = await sharp(bytes).metadata();
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}
