/** Slug rules, used by the worker for missing slugs and by the admin as you type. */

/**
 * The longest slug: it becomes a folder name of the built site (a 300-character one stopped
 * every build with ENAMETOOLONG) and part of shared links, so it stays short.
 */
export const SLUG_MAX = 80;

const ascii = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * Cuts a slug to SLUG_MAX at the last hyphen that fits; mid-word when that would drop more than
 * half of it (one very long word after a short one would otherwise leave just the short one).
 */
const capped = (slug: string) => {
  if (slug.length <= SLUG_MAX) return slug;
  const cut = slug.slice(0, SLUG_MAX + 1);
  const boundary = cut.lastIndexOf('-');
  return (boundary >= SLUG_MAX / 2 ? cut.slice(0, boundary) : slug.slice(0, SLUG_MAX)).replace(/-+$/, '');
};

/** Lowercase; letters, digits, spaces and hyphens kept; spaces to hyphens; hyphens merged and trimmed. */
export const slugifyWords = (text: string) =>
  capped(
    ascii(text)
      .replace(/[^a-z0-9\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, ''),
  );

/** BioCore's rule: every non-alphanumeric removed, spaces to hyphens. */
export const slugifyAlnum = (text: string) =>
  capped(
    ascii(text)
      .replace(/[^a-z0-9\s]/g, '')
      .trim()
      .replace(/\s+/g, '-'),
  );

export const slugify = (text: string, style: 'words' | 'alnum') => (style === 'alnum' ? slugifyAlnum(text) : slugifyWords(text));

/**
 * A slug typed by hand is an address already: kept as words joined by hyphens, whichever rule
 * made it from the title, so a slug normalised twice stays the same (what the form shows is
 * what is stored).
 */
export const normalizeSlug = (slug: string) => slugifyWords(slug);
