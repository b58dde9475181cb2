/**
 * The site's own pictures, drawn at build time with sharp from the site's name and mark: the
 * link-preview card shared by pages without a picture of their own, and the organisation's
 * logo as a PNG (search engines and social sites do not read SVG).
 */
import sharp from 'sharp';
import MARK from '../../public/favicon.svg?raw';
import { SHARE_SIZE } from './picture.ts';

export const SHARE_CARD_PATH = '/share-card.jpg';
export const LOGO_PATH = '/logo.png';
const LOGO_SIZE = 512;

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** 1200x630 JPEG: the mark and the site's name in white on the brand's dark green. */
export async function shareCard(siteName: string): Promise<Buffer> {
  const { width, height } = SHARE_SIZE;
  const mark = MARK.replace('<svg ', '<svg x="120" y="195" width="240" height="240" ');
  // Long names get a smaller font so they stay inside the card.
  const fontSize = siteName.length > 24 ? 48 : 72;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="#0f5132"/>${mark}
<text x="410" y="${height / 2}" dominant-baseline="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff">${xmlText(siteName)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The mark as a square PNG. */
export async function logoPng(): Promise<Buffer> {
  return sharp(Buffer.from(MARK), { density: 72 * (LOGO_SIZE / 32) }).resize(LOGO_SIZE, LOGO_SIZE).png().toBuffer();
}
