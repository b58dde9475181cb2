/**
 * The colour behind a hero slide's white text: the slide's chosen background under the banner's
 * dark scrim, as one solid colour. Text then keeps its contrast before (or without) the photo,
 * and contrast checkers, which read only solid background colours, measure what a reader sees.
 */
const SCRIM = [8, 40, 25] as const;
/** How much of the scrim covers the chosen colour: white under it still gives white text 9:1. */
const SCRIM_OPACITY = 0.82;

const channels = (color: string): number[] | null => {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? hex.replace(/./g, '$&$&') : hex;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16));
};

/** `#rrggbb` of the chosen colour (hex; anything else counts as white) under the scrim. */
export function underScrim(color: string | null | undefined): string {
  const base = channels(color ?? '') ?? [255, 255, 255];
  return `#${base.map((channel, i) => Math.round(channel * (1 - SCRIM_OPACITY) + SCRIM[i]! * SCRIM_OPACITY).toString(16).padStart(2, '0')).join('')}`;
}
