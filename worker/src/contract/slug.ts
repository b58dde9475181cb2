/** The spec's slug rules, used by the worker for missing slugs and by the admin as you type. */

const ascii = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Lowercase; letters, digits, spaces and hyphens kept; spaces to hyphens; hyphens merged and trimmed. */
export const slugifyWords = (text: string) =>
  ascii(text)
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** BioCore's rule: every non-alphanumeric removed, spaces to hyphens. */
export const slugifyAlnum = (text: string) =>
  ascii(text)
    .replace(/[^a-z0-9\s]/g, '')
    .trim()
    .replace(/\s+/g, '-');

export const slugify = (text: string, style: 'words' | 'alnum') => (style === 'alnum' ? slugifyAlnum(text) : slugifyWords(text));

/**
 * A slug typed by hand is an address already: kept as words joined by hyphens, whichever rule
 * made it from the title, so a slug normalised twice stays the same (what the form shows is
 * what is stored).
 */
export const normalizeSlug = (slug: string) => slugifyWords(slug);
