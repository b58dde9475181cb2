/**
 * Pictures in emails. Mail programs show neither SVG nor (Outlook) WebP, and readers pay for
 * every byte, so an email never embeds a stored original: the site build writes a raster copy of
 * every image an email may show (the articles' pictures, the logo) at an address both sides
 * compute from the stored one, at most EMAIL_IMAGE_WIDTH wide and under EMAIL_IMAGE_MAX_BYTES.
 * The worker uses a copy only once the build has written it; without one an email shows no picture.
 */

/** Where the site build writes the copies. */
export const EMAIL_IMAGE_DIR = '/email-images';
/** The email's 552 px column at 2x, within the 1200 px limit. */
export const EMAIL_IMAGE_WIDTH = 1104;
export const EMAIL_IMAGE_MAX_BYTES = 200 * 1024;
/** The site's mark, drawn 48 px high in the email's header. */
export const EMAIL_LOGO = { path: `${EMAIL_IMAGE_DIR}/logo.png`, size: 96, shown: 48 };

/**
 * The email copy of a stored image (`/uploads/a/b.svg`, `uploads/a/b.svg` or `a/b.svg`):
 * a PNG for drawings and PNGs (sharp edges, transparency), a JPEG for photos. Null for an
 * address outside the site's uploads.
 */
export function emailImagePath(stored: string | null | undefined): string | null {
  if (!stored || /^[a-z][a-z0-9+.-]*:/i.test(stored) || stored.startsWith('//')) return null;
  const key = stored.replace(/^\/+/, '').replace(/^uploads\//, '');
  if (!/^[A-Za-z0-9._/-]+$/.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) return null;
  return `${EMAIL_IMAGE_DIR}/${key}.${/\.(svg|png)$/i.test(key) ? 'png' : 'jpg'}`;
}
