import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cropAnchor, denseSources, DENSITY_BANDS, fallbackWidth, focalPoint, heightFor, isResizable, MAX_DENSITY, SLOTS, sizesFor, variantWidths, type Slot } from './image-slots.ts';

const PHONE = { width: 390, dpr: 3 };
const TWO_X_PHONE = { width: 390, dpr: 2 };
const DESKTOP = { width: 1280, dpr: 1 };
const TWO_X_DESKTOP = { width: 1280, dpr: 2 };

/** The CSS width a browser reads from a slot's `sizes` on a screen (the forms the slots use). */
function sizesWidth(slot: Slot, screen: { width: number }) {
  for (const [media, value] of SLOTS[slot].sizes) {
    if (media && screen.width < Number(/\(min-width: (\d+)px\)/.exec(media)![1])) continue;
    if (value.endsWith('vw')) return (screen.width * Number.parseFloat(value)) / 100;
    const calc = /^calc\((\d+)vw - (\d+)px\)$/.exec(value);
    if (calc) return (screen.width * Number(calc[1])) / 100 - Number(calc[2]);
    return Number.parseFloat(value);
  }
  throw new Error(`no size for ${slot}`);
}

/** The CSS width a 4:3 photo is drawn at: a cover-fit banner is wider than the screen on a phone. */
const cssWidth = (slot: Slot, screen: { width: number }) => Math.max(sizesWidth(slot, screen), ((SLOTS[slot].coverHeight ?? 0) * 4) / 3);

/** The width a browser takes: the first at or above what it needs, or the largest. */
const chosenWidth = (widths: number[], needed: number) => widths.find((w) => w >= needed) ?? widths[widths.length - 1]!;

describe('variant widths', () => {
  it('make every slot sharp at 1x and 2x without sending over 2x what it needs', () => {
    for (const slot of Object.keys(SLOTS) as Slot[]) {
      for (const screen of [TWO_X_PHONE, DESKTOP, TWO_X_DESKTOP]) {
        const needed = cssWidth(slot, screen) * screen.dpr;
        const widths = variantWidths(slot, 4032);
        const chosen = chosenWidth(widths, needed);
        expect(chosen, `${slot} at ${screen.width}px`).toBeLessThanOrEqual(Math.max(2 * needed, widths[0]!));
        expect(chosen, `${slot} at ${screen.width}px`).toBeGreaterThanOrEqual(Math.min(needed, widths[widths.length - 1]!) * 0.9);
      }
    }
  });

  /** The divisor a band's <source> tells its screens, or 1 when the slot has no source for it. */
  const divisorOf = (slot: Slot, media: string) => {
    const source = denseSources(slot, { width: 4032, height: 3024 }).find((each) => each.media === media);
    return source ? Number(/\/ ([\d.]+)\)$/.exec(source.sizes)![1]) : 1;
  };

  it('send a 3x phone 2x images (the banner 1.5x), through sizes scaled for dense screens', () => {
    for (const slot of Object.keys(SLOTS) as Slot[]) {
      const box = cssWidth(slot, PHONE);
      const density = SLOTS[slot].denseDensity ?? MAX_DENSITY;
      const chosen = chosenWidth(variantWidths(slot, 4032), (box / divisorOf(slot, DENSITY_BANDS[0].media)) * PHONE.dpr);
      expect(chosen, slot).toBeLessThanOrEqual(Math.max(density * box * 1.3, SLOTS[slot].widths[0]!));
      expect(chosen, slot).toBeGreaterThanOrEqual(density * box * 0.95);
    }
    // A 412 px phone at 2.625x gets the 960 px banner, not the 1280 px one.
    expect(chosenWidth(variantWidths('hero', 4032), (640 / 2) * 2.625)).toBe(960);
  });

  it('send a 1.75x or 2x phone (Lighthouse\'s, many Androids) the banner at 1.5x too, and every other picture at its own density', () => {
    const phoneBand = DENSITY_BANDS[1].media;
    for (const dpr of [1.75, 2]) {
      expect(chosenWidth(variantWidths('hero', 4032), (cssWidth('hero', { width: 412 }) / divisorOf('hero', phoneBand)) * dpr), `${dpr}x`).toBe(960);
    }
    // The other slots are made for 2x: such a phone needs no source of its own.
    for (const slot of (Object.keys(SLOTS) as Slot[]).filter((each) => each !== 'hero')) expect(divisorOf(slot, phoneBand), slot).toBe(1);
    // Wide 2x screens are outside the band: their banner stays 2x (2560 px at 1280 px).
    expect(phoneBand).toContain('max-width: 767px');
  });

  it('never enlarge a small original', () => {
    expect(variantWidths('card', 700)).toEqual([360, 560, 700]);
    expect(variantWidths('hero', 300)).toEqual([300]);
    expect(variantWidths('card', 1080)).toEqual([360, 560, 720, 1080]);
    expect(fallbackWidth('hero', 900)).toBe(900);
    expect(fallbackWidth('card', 4032)).toBe(560);
  });

  it('keep the original proportions', () => {
    expect(heightFor(1080, { width: 4032, height: 3024 })).toBe(810);
    expect(heightFor(360, { width: 3024, height: 4032 })).toBe(480);
  });

  it('size a cover banner by the height it must fill', () => {
    expect(sizesFor('hero', { width: 4032, height: 3024 })).toBe('max(100vw, 640px)');
    expect(denseSources('hero', { width: 4032, height: 3024 }).map((source) => source.sizes)).toEqual(['calc(max(100vw, 640px) / 2)', 'calc(max(100vw, 640px) / 1.334)']);
    expect(sizesFor('card', { width: 4032, height: 3024 })).toBe('(min-width: 1152px) 360px, (min-width: 640px) 45vw, calc(100vw - 32px)');
  });
});

describe('what is resized', () => {
  it('resizes photos and passes SVG and animated GIF through', () => {
    expect(isResizable('jpeg')).toBe(true);
    expect(isResizable('png')).toBe(true);
    expect(isResizable('gif', 1)).toBe(true);
    expect(isResizable('gif', 12)).toBe(false);
    expect(isResizable('svg')).toBe(false);
    expect(isResizable(undefined)).toBe(false);
  });
});

describe('focal point', () => {
  it('picks the crop anchor nearest to it for fixed crops', () => {
    expect(cropAnchor('20% 80%')).toBe('left bottom');
    expect(cropAnchor('50% 50%')).toBe('centre');
    expect(cropAnchor('90% 10%')).toBe('right top');
    expect(cropAnchor('50% 5%')).toBe('top');
    expect(cropAnchor(null)).toBe('centre');
    for (const focus of ['20% 80%', '90% 10%', '50% 5%', '5% 50%', '50% 50%']) expect(() => sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).resize(4, 2, { fit: 'cover', position: cropAnchor(focus) })).not.toThrow();
  });

  it('keeps a stored point and falls back to the centre', () => {
    expect(focalPoint('20% 75%')).toBe('20% 75%');
    expect(focalPoint('')).toBe('50% 50%');
    expect(focalPoint('left top')).toBe('50% 50%');
    expect(focalPoint('150% 10%')).toBe('100% 10%');
  });
});
