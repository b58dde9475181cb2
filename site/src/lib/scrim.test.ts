import { describe, expect, it } from 'vitest';
import { underScrim } from './scrim.ts';

/** WCAG contrast of white text on a #rrggbb background. */
function contrastWithWhite(hex: string) {
  const linear = (channel: number) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((at) => linear(Number.parseInt(hex.slice(at, at + 2), 16) / 255)) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

describe('the hero scrim', () => {
  it('gives white text at least 4.5:1 over any chosen background, white and yellow included', () => {
    for (const color of ['#ffffff', '#fff', '#ffff00', '#7fdbff', '#000000', 'not a colour', '']) {
      expect(contrastWithWhite(underScrim(color)), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the hue of the chosen colour', () => {
    const red = underScrim('#ff0000');
    expect(Number.parseInt(red.slice(1, 3), 16)).toBeGreaterThan(Number.parseInt(red.slice(3, 5), 16));
  });
});
