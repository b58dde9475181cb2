/**
 * Where images are shown and which variant widths each place gets. Pure rules, no I/O, so they
 * can be unit-tested: the build (lib/picture.ts) turns them into files with Astro's pipeline.
 *
 * A slot's `widths` cover the CSS widths it is shown at on a 390 px phone and a 1280 px screen,
 * at 1x and 2x density (measured in a browser: site/tests/image-sizes.e2e.ts); the browser picks
 * one through `sizes`. Screens denser than 2x (most
 * phones are 2.6x-3.5x) get 2x images (the banner's background 1.5x, on every phone denser than
 * that): past that the eye sees no difference on a phone, and a 3x photo weighs more than twice a
 * 2x one on mobile data.
 */
export type Slot = 'hero' | 'detail' | 'card' | 'wide-card' | 'featured' | 'feature' | 'gallery' | 'avatar' | 'logo' | 'icon';

/** A `sizes` entry: the CSS width the image is shown at, when the media condition holds (or always). */
type SizeRule = readonly [media: string | null, width: string];

export interface SlotRule {
  widths: readonly number[];
  sizes: readonly SizeRule[];
  /** The plain JPEG for browsers without WebP: one mid-size file, never the original. */
  fallbackWidth: number;
  /** The height of the box the image covers (object-fit: cover), when it is fixed. */
  coverHeight?: number;
  /** The density dense screens are sent, when less than MAX_DENSITY. */
  denseDensity?: number;
}

const phoneColumn = 'calc(100vw - 32px)';

export const SLOTS: Record<Slot, SlotRule> = {
  // Full-bleed banner, cropped to cover 100vw x 480 px. It is the background behind the banner's
  // text and the page's largest paint: phones denser than 1.5x get 1.5x (960 px for its 640 px
  // drawn width), a third fewer bytes than 2x before the first screen is complete on mobile data.
  // 1120 px is that width at 1.75x, for wider screens of that density. 2560 px: a 1280 px screen at 2x.
  hero: { widths: [480, 800, 960, 1120, 1280, 1600, 1920, 2560], sizes: [[null, '100vw']], fallbackWidth: 1280, coverHeight: 480, denseDensity: 1.5 },
  // The top image of an article or a work: the narrow column (760 px at most).
  detail: { widths: [400, 760, 1170, 1520], sizes: [['(min-width: 792px)', '760px'], [null, phoneColumn]], fallbackWidth: 760 },
  // Cards of three or two columns; one column on a phone.
  card: { widths: [360, 560, 720, 1080], sizes: [['(min-width: 1152px)', '360px'], ['(min-width: 640px)', '45vw'], [null, phoneColumn]], fallbackWidth: 560 },
  // Cards of two columns of at least 360 px (featured BioCore articles): 548 px in the 1120 px container.
  'wide-card': { widths: [360, 560, 720, 1120], sizes: [['(min-width: 1152px)', '548px'], ['(min-width: 776px)', 'calc(50vw - 28px)'], [null, phoneColumn]], fallbackWidth: 560 },
  // One card at most 640 px wide (the featured vision).
  featured: { widths: [360, 640, 720, 1280], sizes: [['(min-width: 672px)', '640px'], [null, phoneColumn]], fallbackWidth: 640 },
  // A picture filling a BioCore feature's card (columns of at least 220 px, 20 px padding): 197 px
  // in three columns of the 760 px column, the phone's width less 72 px in one.
  feature: { widths: [200, 400, 640], sizes: [['(min-width: 792px)', '200px'], [null, 'calc(100vw - 72px)']], fallbackWidth: 400 },
  // The impact photos: columns of at least 240 px (four in the 1120 px container).
  gallery: { widths: [320, 560, 800, 1080], sizes: [['(min-width: 1152px)', '270px'], ['(min-width: 640px)', '45vw'], [null, phoneColumn]], fallbackWidth: 560 },
  avatar: { widths: [240, 480, 720, 1080], sizes: [['(min-width: 1152px)', '250px'], ['(min-width: 520px)', '45vw'], [null, phoneColumn]], fallbackWidth: 480 },
  logo: { widths: [96, 192, 288], sizes: [[null, '96px']], fallbackWidth: 192 },
  icon: { widths: [48, 96, 192], sizes: [[null, '96px']], fallbackWidth: 192 },
};

/** The highest pixel density images are made for. */
export const MAX_DENSITY = 2;
/**
 * Screens denser than a slot's images, each band with the density its screens are counted at: a
 * <source> of its own tells them a smaller box, so that they ask for the slot's density (a 3x
 * screen told a box is 2/3 its width asks for a 2x image). Screens of 1.6x-2.5x count only
 * for the banner (1.5x), and only on phones: a wide 2x screen keeps its 2x banner.
 */
export const DENSITY_BANDS = [
  { media: '(min-resolution: 2.5dppx)', counted: 3 },
  { media: '(min-resolution: 1.6dppx) and (max-width: 767px)', counted: 2 },
] as const;

const densityOf = (slot: Slot) => SLOTS[slot].denseDensity ?? MAX_DENSITY;

/** The extra <source>s of a slot, densest band first (the first whose media holds is used). */
export function denseSources(slot: Slot, original: { width: number; height: number }) {
  return DENSITY_BANDS.filter((band) => band.counted > densityOf(slot)).map((band) => ({
    media: band.media,
    sizes: sizesFor(slot, original, { divisor: band.counted / densityOf(slot) }),
  }));
}

/**
 * The widths made for an original `originalWidth` px wide: the slot's widths it can fill without
 * enlarging, then the original's own width when a slot width is larger than it (so a screen that
 * needs more gets the most there is, never a smaller variant).
 */
export function variantWidths(slot: Slot, originalWidth: number): number[] {
  const fitting = SLOTS[slot].widths.filter((w) => w <= originalWidth);
  return fitting.length < SLOTS[slot].widths.length && !fitting.includes(originalWidth) ? [...fitting, originalWidth] : [...fitting];
}

/**
 * The `sizes` of an image in a slot. A cover-fit image in a box of fixed height is drawn wider
 * than the viewport when the viewport is narrower than the box's height times its proportions
 * (a 4:3 photo behind a 390x480 banner is drawn 640 px wide). A `divisor` tells a dense screen
 * a smaller box (denseSources).
 */
export function sizesFor(slot: Slot, original: { width: number; height: number }, { divisor = 1 } = {}) {
  const { sizes, coverHeight } = SLOTS[slot];
  const drawnWidth = (width: string) => (coverHeight ? `max(${width}, ${Math.ceil((coverHeight * original.width) / original.height)}px)` : width);
  // Rounded up: a box told a hair too wide would tip an exact fit (960 px) to the next width.
  const scaled = (width: string) => (divisor === 1 ? width : `calc(${width} / ${Math.ceil(divisor * 1000) / 1000})`);
  return sizes.map(([media, width]) => (media ? `${media} ` : '') + scaled(drawnWidth(width))).join(', ');
}

/** The fallback JPEG's width: the slot's, never wider than the original. */
export const fallbackWidth = (slot: Slot, originalWidth: number) => Math.min(SLOTS[slot].fallbackWidth, originalWidth);

/** Height of a variant `width` px wide that keeps the original's proportions. */
export const heightFor = (width: number, original: { width: number; height: number }) => Math.max(1, Math.round((width * original.height) / original.width));

/** Raster formats worth resizing; SVG (and animated GIF) are passed through as they are. */
export const isResizable = (format: string | undefined, pages = 1) => !!format && ['jpeg', 'png', 'webp', 'avif', 'tiff', 'heif'].includes(format) || (format === 'gif' && pages <= 1);

/** A focal point as stored ("50% 30%"), or the centre when it is missing or malformed. */
export function focalPoint(value: string | null | undefined): string {
  const match = /^(\d{1,3})% (\d{1,3})%$/.exec((value ?? '').trim());
  if (!match) return '50% 50%';
  const clamp = (n: string) => Math.min(100, Number(n));
  return `${clamp(match[1]!)}% ${clamp(match[2]!)}%`;
}

/**
 * The nearest of the nine crop anchors sharp knows ("left top", "centre", ...) to a focal
 * point: a fixed crop (a link preview) keeps that part of the photo.
 */
export function cropAnchor(focus: string | null | undefined): string {
  const [x, y] = focalPoint(focus).split(' ').map((part) => Number.parseFloat(part)) as [number, number];
  const third = (value: number, low: string, high: string) => (value < 100 / 3 ? low : value > 200 / 3 ? high : '');
  return [third(x, 'left', 'right'), third(y, 'top', 'bottom')].filter(Boolean).join(' ') || 'centre';
}
