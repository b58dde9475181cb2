/**
 * Where a photo was taken never reaches storage. The admin redraws photos before sending them,
 * but any client can post straight to the API, so the worker keeps only the blocks of a JPEG,
 * PNG, WebP or GIF file that the picture needs to look right (image data, tables, a JPEG's
 * orientation rewritten as its only EXIF tag, the colour profile) and drops every other block:
 * EXIF, XMP, IPTC, text chunks, comments, unknown chunks, and the extra images phones append
 * after a JPEG's end. HEIC/AVIF files are kept only when they carry no EXIF or XMP item.
 * The image data itself is never decoded or re-encoded.
 *
 * It fails closed: a file that cannot be read to its end as its format is not cleaned but
 * refused (null), since what it hides cannot be known.
 *
 * The bytes stay in the chunks they arrived in; the result is a list of pieces to keep.
 */

/** A byte range of the original to keep, or new bytes to put in its place. */
type Piece = { from: number; to: number } | Uint8Array;

/** Adds a range to keep, joined to the previous one when they touch (a normal file is a few pieces). */
function keep(pieces: Piece[], from: number, to: number) {
  const last = pieces.at(-1);
  if (last && !(last instanceof Uint8Array) && last.to === from) last.to = to;
  else pieces.push({ from, to });
}

/** Random access over the chunks an upload arrived in, without joining them. */
class Chunks {
  private readonly chunks: readonly Uint8Array[];
  private readonly starts: number[] = [];
  readonly length: number;

  constructor(chunks: readonly Uint8Array[]) {
    this.chunks = chunks;
    let offset = 0;
    for (const chunk of chunks) {
      this.starts.push(offset);
      offset += chunk.byteLength;
    }
    this.length = offset;
  }

  private locate(position: number) {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** The byte at `position`, or -1 past the end. */
  at(position: number) {
    if (position < 0 || position >= this.length) return -1;
    const index = this.locate(position);
    return this.chunks[index]![position - this.starts[index]!]!;
  }

  /** The first position at or after `from` holding `byte`, or -1; searched chunk by chunk. */
  indexOf(byte: number, from: number) {
    if (from >= this.length) return -1;
    for (let index = this.locate(from); index < this.chunks.length; index++) {
      const start = this.starts[index]!;
      const found = this.chunks[index]!.indexOf(byte, Math.max(0, from - start));
      if (found !== -1) return start + found;
    }
    return -1;
  }

  /** A copy of a short range (headers, small segments). */
  copy(from: number, to: number) {
    const out = new Uint8Array(Math.max(0, Math.min(to, this.length) - from));
    for (let i = 0; i < out.length; i++) out[i] = this.at(from + i);
    return out;
  }

  /** The views of the original chunks covering a range, for streaming without copies. */
  *views(from: number, to: number): Generator<Uint8Array> {
    for (let index = this.locate(from); index < this.chunks.length && this.starts[index]! < to; index++) {
      const chunk = this.chunks[index]!;
      const start = this.starts[index]!;
      yield chunk.subarray(Math.max(0, from - start), Math.min(chunk.byteLength, to - start));
    }
  }
}

const ascii = (bytes: Uint8Array) => {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
};
const u16be = (data: Chunks, at: number) => (data.at(at) << 8) | data.at(at + 1);

/** The EXIF orientation (1-8) in an APP1 segment's payload, if it carries one. */
function exifOrientation(payload: Uint8Array): number | null {
  if (ascii(payload.subarray(0, 6)) !== 'Exif\0\0') return null;
  const tiff = payload.subarray(6);
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  if (tiff.byteLength < 8) return null;
  const little = ascii(tiff.subarray(0, 2)) === 'II';
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.byteLength) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.byteLength) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment whose EXIF holds one tag: the orientation. */
function orientationSegment(orientation: number) {
  // Exif header, big-endian TIFF header, one IFD entry (0x0112, SHORT, 1 value), no next IFD.
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
/** Start-of-frame markers: SOF0-SOF15 without DHT (C4), JPG (C8) and DAC (CC). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * A JPEG segment kept: the frame, tables and scans, and of the application segments only
 * JFIF's header (not its JFXX thumbnail, a JPEG of its own), the ICC profile and Adobe's marker.
 */
function keepsJpegSegment(marker: number, data: Chunks, at: number) {
  if (marker === COM) return false;
  if (marker < APP0 || marker > 0xef) return true;
  const identifier = ascii(data.copy(at + 4, at + 16));
  if (marker === APP0) return identifier.startsWith('JFIF\0');
  if (marker === APP14) return identifier.startsWith('Adobe');
  return marker === APP2 && identifier === 'ICC_PROFILE\0';
}

/** The index after a scan's entropy-coded data: the next marker that is not a restart. */
function endOfScan(data: Chunks, from: number) {
  for (let i = data.indexOf(0xff, from); i !== -1; i = data.indexOf(0xff, i + 1)) {
    const next = data.at(i + 1);
    if (next !== 0 && next !== 0xff && !isRestart(next)) return i;
  }
  return data.length;
}

/**
 * Where the next marker starts at or after `from`, skipping stray bytes as decoders do
 * (libjpeg skips anything up to the next 0xFF and warns): -1 when none is left.
 */
function nextMarker(data: Chunks, from: number) {
  for (let i = data.indexOf(0xff, from); i !== -1; i = data.indexOf(0xff, i + 2)) {
    // Markers may be padded with fill bytes (0xFF).
    while (data.at(i + 1) === 0xff) i++;
    const marker = data.at(i + 1);
    if (marker === -1) return -1;
    if (marker !== 0) return i;
  }
  return -1;
}

/** Puts `bytes` at byte `offset` of the original, splitting the range that spans it. */
function insertAt(pieces: Piece[], offset: number, bytes: Uint8Array) {
  const index = pieces.findIndex((piece) => !(piece instanceof Uint8Array) && piece.to >= offset);
  const range = pieces[index] as { from: number; to: number };
  const parts: Piece[] = [{ from: range.from, to: offset }, bytes, ...(range.to > offset ? [{ from: offset, to: range.to }] : [])];
  pieces.splice(index, 1, ...parts);
}

/** A JPEG's pieces: read from SOI to EOI, with a frame and a scan, or null. */
function jpegPieces(data: Chunks): Piece[] | null {
  if (data.at(0) !== 0xff || data.at(1) !== SOI) return null;
  const pieces: Piece[] = [{ from: 0, to: 2 }];
  let orientation: number | null = null;
  // Where the orientation segment goes: after SOI, or after JFIF's APP0, which must stay first.
  let afterHeader = 2;
  let hasFrame = false;
  let hasScan = false;
  for (let position = nextMarker(data, 2); ; position = nextMarker(data, position)) {
    // A file that ends before its EOI marker is cut short.
    if (position === -1) return null;
    const marker = data.at(position + 1);
    if (marker === EOI) {
      // Anything after the end (phones append depth maps and previews with their own EXIF) goes.
      keep(pieces, position, position + 2);
      break;
    }
    if (isRestart(marker) || marker === 0x01) {
      keep(pieces, position, position + 2);
      position += 2;
      continue;
    }
    const end = position + 2 + u16be(data, position + 2);
    if (end > data.length || end < position + 4) return null;
    if (marker === APP1 && orientation === null) orientation = exifOrientation(data.copy(position + 4, Math.min(end, position + 4 + 64 * 1024)));
    if (keepsJpegSegment(marker, data, position)) {
      keep(pieces, position, end);
      if (marker === APP0 && position === 2) afterHeader = end;
    }
    hasFrame ||= isFrame(marker);
    position = end;
    if (marker === SOS) {
      hasScan = true;
      const scanEnd = endOfScan(data, position);
      keep(pieces, position, scanEnd);
      position = scanEnd;
    }
  }
  if (!hasFrame || !hasScan) return null;
  if (orientation !== null && orientation !== 1) insertAt(pieces, afterHeader, orientationSegment(orientation));
  return pieces;
}

/** PNG chunks a picture needs to look right (APNG's frames included); every other chunk goes. */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'cICP', 'sBIT', 'bKGD', 'pHYs', 'acTL', 'fcTL', 'fdAT']);
/** Chunk names are four letters; anything else means the file is not a readable PNG. */
const PNG_CHUNK_NAME = /^[A-Za-z]{4}$/;

function pngPieces(data: Chunks): Piece[] | null {
  const pieces: Piece[] = [{ from: 0, to: 8 }];
  let position = 8;
  while (position + 12 <= data.length) {
    const length = (data.at(position) * 2 ** 24) + (data.at(position + 1) << 16) + (data.at(position + 2) << 8) + data.at(position + 3);
    const type = ascii(data.copy(position + 4, position + 8));
    const end = position + 12 + length;
    if (end > data.length || !PNG_CHUNK_NAME.test(type) || (position === 8 && type !== 'IHDR')) return null;
    if (PNG_KEPT.has(type)) keep(pieces, position, end);
    position = end;
    if (type === 'IEND') return pieces;
  }
  return null;
}

const u32le = (value: number) => new Uint8Array([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, (value >>> 24) & 0xff]);
/** WebP chunks a picture needs (animation and alpha included); EXIF, XMP and unknown chunks go. */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const WEBP_IMAGE = new Set(['VP8 ', 'VP8L', 'ANMF']);
/** VP8X flags announcing EXIF (0x08) and XMP (0x04) chunks. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

function webpPieces(data: Chunks): Piece[] | null {
  const pieces: Piece[] = [];
  let hasImage = false;
  let position = 12;
  while (position < data.length) {
    const type = ascii(data.copy(position, position + 4));
    const size = data.at(position + 4) + (data.at(position + 5) << 8) + (data.at(position + 6) << 16) + data.at(position + 7) * 2 ** 24;
    const end = position + 8 + size + (size % 2);
    if (position + 8 > data.length || end > data.length || !/^[\x20-\x7e]{4}$/.test(type)) return null;
    if (type === 'VP8X') {
      const chunk = data.copy(position, end);
      chunk[8] = chunk[8]! & ~VP8X_METADATA_FLAGS;
      pieces.push(chunk);
    } else if (WEBP_KEPT.has(type)) {
      keep(pieces, position, end);
    }
    hasImage ||= WEBP_IMAGE.has(type);
    position = end;
  }
  if (!hasImage) return null;
  const bodySize = pieces.reduce((total, piece) => total + pieceLength(piece), 0);
  return [new Uint8Array([...data.copy(0, 4), ...u32le(bodySize + 4), ...data.copy(8, 12)]), ...pieces];
}

/** The index after a GIF's data sub-blocks starting at `from` (each a length byte, ended by 0), or -1. */
function endOfSubBlocks(data: Chunks, from: number) {
  let position = from;
  for (let size = data.at(position); size !== 0; size = data.at(position)) {
    if (size === -1) return -1;
    position += 1 + size;
  }
  return position + 1;
}

/** GIF application extensions that drive animation; any other (XMP, ICC, vendors') goes. */
const GIF_ANIMATION = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);
const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;
const GIF_APPLICATION = 0xff;
const GIF_COMMENT = 0xfe;

function gifPieces(data: Chunks): Piece[] | null {
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  // Header (6 bytes), logical screen descriptor (7), global colour table.
  let position = 13 + colourTable(data.at(10));
  const pieces: Piece[] = [{ from: 0, to: position }];
  let hasImage = false;
  while (position < data.length) {
    const introducer = data.at(position);
    if (introducer === GIF_TRAILER) {
      keep(pieces, position, position + 1);
      return hasImage ? pieces : null;
    }
    let end: number;
    if (introducer === GIF_EXTENSION) {
      const label = data.at(position + 1);
      end = endOfSubBlocks(data, position + 2);
      if (end === -1) return null;
      const application = ascii(data.copy(position + 3, position + 14));
      if (label !== GIF_COMMENT && (label !== GIF_APPLICATION || GIF_ANIMATION.has(application))) keep(pieces, position, end);
    } else if (introducer === GIF_IMAGE) {
      // Image descriptor (10 bytes), local colour table, LZW code size, data sub-blocks.
      end = endOfSubBlocks(data, position + 10 + colourTable(data.at(position + 9)) + 1);
      if (end === -1) return null;
      keep(pieces, position, end);
      hasImage = true;
    } else return null;
    if (end > data.length) return null;
    position = end;
  }
  return null;
}

/** The ISO media boxes (HEIC, AVIF) at the top level, as [type, start, end]; null if they do not add up. */
function topLevelBoxes(data: Chunks) {
  const boxes: Array<[string, number, number]> = [];
  for (let position = 0; position < data.length; ) {
    const size32 = (data.at(position) * 2 ** 24) + (data.at(position + 1) << 16) + (data.at(position + 2) << 8) + data.at(position + 3);
    const type = ascii(data.copy(position + 4, position + 8));
    let size = size32;
    if (size32 === 1) size = Number(new DataView(data.copy(position + 8, position + 16).buffer).getBigUint64(0));
    else if (size32 === 0) size = data.length - position;
    if (size < 8 || position + size > data.length || !/^[\x20-\x7e]{4}$/.test(type)) return null;
    boxes.push([type, position, position + size]);
    position += size;
  }
  return boxes;
}

/** Longest `meta` box read: item lists and locations, far smaller than this. */
const META_BOX_MAX = 1024 * 1024;

/**
 * HEIC and AVIF keep EXIF and XMP as items located by offset tables, which cannot be dropped
 * without rewriting the file: such a file is kept whole only when its `meta` box names no EXIF
 * item and no XMP (`application/rdf+xml`) item, and refused otherwise.
 */
function isoMediaPieces(data: Chunks): Piece[] | null {
  const boxes = topLevelBoxes(data);
  const meta = boxes?.find(([type]) => type === 'meta');
  if (!boxes || !meta || meta[2] - meta[1] > META_BOX_MAX) return null;
  const text = ascii(data.copy(meta[1], meta[2]));
  if (/infe[\s\S]{8,10}Exif|mime|rdf\+xml|xmpmeta/.test(text)) return null;
  return [{ from: 0, to: data.length }];
}

const pieceLength = (piece: Piece) => (piece instanceof Uint8Array ? piece.byteLength : piece.to - piece.from);

const PIECES_BY_TYPE: Record<string, (data: Chunks) => Piece[] | null> = {
  'image/jpeg': jpegPieces,
  'image/png': pngPieces,
  'image/webp': webpPieces,
  'image/gif': gifPieces,
  'image/avif': isoMediaPieces,
  'image/heic': isoMediaPieces,
};

/** Types whose metadata is dropped before storing: every raster type sniffed from bytes. */
export const carriesMetadata = (type: string) => type in PIECES_BY_TYPE;

export interface CleanedBytes {
  size: number;
  chunks: Uint8Array[];
}

/**
 * The file's bytes without metadata blocks, as views of the original chunks plus the few new
 * bytes; null when the file cannot be read to its end as `type` (damaged, cut short, or a
 * HEIC/AVIF carrying EXIF), which the caller refuses rather than storing it as it came.
 */
export function withoutMetadata(type: string, original: readonly Uint8Array[]): CleanedBytes | null {
  const data = new Chunks(original);
  const pieces = PIECES_BY_TYPE[type]?.(data) ?? null;
  if (!pieces) return null;
  const chunks = pieces.flatMap((piece) => (piece instanceof Uint8Array ? [piece] : [...data.views(piece.from, piece.to)]));
  return { size: chunks.reduce((total, chunk) => total + chunk.byteLength, 0), chunks };
}
