/** Phone photos that say where they were taken, and the check that stored bytes no longer do. */
import sharp from 'sharp';

export const GPS = { GPSLatitudeRef: 'S', GPSLatitude: '6/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '107/1 36/1 0/1' };
export const CAMERA = { Make: 'TestPhone', Model: 'Kamera' };
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="6,54S"/></rdf:RDF></x:xmpmeta>';

export const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#6a8f4e', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();

/** A phone photo: GPS and camera EXIF, XMP with a position, a colour profile, turned by its orientation tag. */
export const phoneJpeg = async (orientation = 6, width = 64, height = 48) =>
  sharp(await noise(width, height))
    .jpeg({ quality: 80 })
    .withMetadata({ orientation })
    .withIccProfile('p3')
    .withExif({ IFD0: CAMERA, IFD3: GPS })
    .withXmp(XMP)
    .toBuffer();

/** The same photo information in a WebP (a thumbnail as a client could send it). */
export const phoneWebp = async () => sharp(await noise(32, 24)).withExif({ IFD0: CAMERA, IFD3: GPS }).withXmp(XMP).webp().toBuffer();

const contains = (bytes: Uint8Array, pattern: readonly number[]) => Buffer.from(bytes).indexOf(Buffer.from(pattern)) !== -1;

/**
 * What the bytes still say about the camera or the place: the EXIF GPS IFD (its GPSInfo
 * pointer 0x8825, either byte order), XMP's `exif:GPS` properties, the camera's make.
 */
export const leaks = (bytes: Uint8Array) => {
  const text = Buffer.from(bytes).toString('latin1');
  return [
    ...(contains(bytes, [0x88, 0x25, 0, 4]) || contains(bytes, [0x25, 0x88, 4, 0]) ? ['GPS IFD'] : []),
    ...['TestPhone', 'exif:GPS', 'xmpmeta'].filter((word) => text.includes(word)),
  ];
};

export const dataUrl = (bytes: Uint8Array, type = 'image/jpeg') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
