import type { Slot } from './image-slots.ts';

/**
 * Image addresses: a full URL as is; `uploads/...` against the public media
 * base; any other relative path against the API host's /uploads/. Both bases default to this
 * site's own origin, where the worker serves /uploads.
 */
const trim = (base: string | undefined) => (base ?? '').replace(/\/$/, '');
const MEDIA_BASE = trim(import.meta.env.PUBLIC_MEDIA_URL);
const API_HOST = trim(import.meta.env.PUBLIC_SITE_API_HOST);

export function mediaUrl(value: string | null | undefined) {
  if (!value) return '';
  if (/^https?:\/\//i.test(value) || value.startsWith('data:')) return value;
  if (value.startsWith('uploads/')) return `${MEDIA_BASE}/${value}`;
  return `${API_HOST}/uploads/${value.replace(/^\/+(uploads\/)?/, '')}`;
}

/**
 * The branded placeholder shown when an image is missing or fails to load: the leaf on the brand's
 * green, without words, so it reads the same on the Indonesian and the English pages (the image's
 * alt text says what is missing).
 */
export const PLACEHOLDER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675"><rect width="1200" height="675" fill="#e8f3ec"/><g transform="translate(0 37)"><circle cx="600" cy="300" r="90" fill="#198754" opacity=".25"/><path d="M560 330c40-80 120-90 120-90s-10 80-90 120c-20 10-40 0-30-30z" fill="#198754"/></g></svg>',
  );

/** The placeholder as a slot's picture (lib/picture.ts's Picture, passed through). */
export const placeholderPicture = (slot: Slot): { src: string; width: number; height: number; position: string } => ({ src: PLACEHOLDER, width: 1200, height: slot === 'logo' || slot === 'icon' || slot === 'avatar' ? 1200 : 675, position: '50% 50%' });
