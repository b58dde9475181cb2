/**
 * What every field kind shares: the limits of stored values, and how a value that arrives (a
 * multipart form sends everything as text) is turned into its canonical form before the kind's
 * schema checks it.
 */
import * as z from '../zod.ts';
import { stripControls } from '../text.ts';

/** Longest one-line text (titles, names, short settings). */
export const TEXT_MAX = 5_000;
/** Longest multi-line text (descriptions, JSON-LD, meta tags). */
export const LONG_TEXT_MAX = 50_000;
/** Longest rich text, as HTML, not counting embedded data: pictures (stored as files on save). */
export const RICH_TEXT_MAX = 500_000;
export const withoutEmbeddedPictures = (html: string) => html.replace(/data:[^"'\s>]*/gi, '');
/** Longest search term of a list. */
export const SEARCH_MAX = 200;
export const TAG_MAX = 100;
export const TAGS_MAX = 50;
export const LIST_ITEMS_MAX = 100;
/** Integers without their own maximum stay within SQLite's and JavaScript's exact range. */
export const INTEGER_MAX = 2_147_483_647;

export const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Text as typed: strings and numbers become trimmed text without control characters; any
 * other type (an object, an array, a boolean) is left as it is, so the schema refuses it
 * instead of storing "[object Object]".
 */
export const asText =
  (multiline = false) =>
  (value: unknown) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string') return value;
    return stripControls(value, multiline).trim();
  };

export const textOnly = (label: string) => z.string({ error: `${label} harus berupa teks.` });

/** Accepts true/false, "true"/"false", "1"/"0", "on"/"off". */
export const asBoolean = (value: unknown) => {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const text = String(value).trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  if (['false', '0', 'off', 'no', ''].includes(text)) return false;
  return value;
};

/** Parses an integer; non-numeric text becomes the field's default. */
export const asInteger = (fallback: number) => (value: unknown) => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const parsed = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(value.trim(), 10);
  if (typeof value === 'number' && !Number.isFinite(value)) return value;
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** A list may arrive as an array, as JSON text, or (tags) as comma-separated text. */
export const asArray = (commaText: boolean) => (value: unknown) => {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return value;
    }
  }
  return commaText ? text.split(',') : [text];
};

/** An id as sent: text, or the `_id` of a linked record's object; anything else is refused. */
const idOf = (item: unknown) => {
  const id = item && typeof item === 'object' && '_id' in item ? item._id : item;
  return typeof id === 'string' || typeof id === 'number' ? String(id).trim() : undefined;
};

/** Ids of linked records, from ids or from objects carrying `_id`. */
export const asIds = (value: unknown) => {
  const items = asArray(false)(value);
  if (!Array.isArray(items)) return items;
  const ids = items.map(idOf);
  if (ids.some((id) => id === undefined)) return value;
  return [...new Set(ids.filter((id) => id !== ''))];
};

export const asId = (value: unknown) => (value === undefined || value === null ? undefined : (idOf(value) ?? value));

export const COLOR_PATTERN = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export const required = (label: string) => `${label} wajib diisi.`;

/** A stored file may be named by its path (uploads/...), its /uploads URL, or a full http(s) URL. */
export const FILE_REFERENCE = /^(?!.*\.\.)(https?:\/\/[^\s\\]+|\/?uploads\/[^\s\\]+)$/;

/** A text value inside a list item (a statistic's label, a feature's title). */
export const itemText = z.preprocess(asText(true), textOnly('Isi').max(TEXT_MAX, `Isi maksimal ${TEXT_MAX} karakter.`)).default('');

/** A list item's picture: empty, a stored file or an http(s) address. */
export const itemImage = itemText.refine((v) => v === '' || FILE_REFERENCE.test(v), 'Gambar tidak valid.');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text a reader sees: tags removed, character references decoded, spaces collapsed. */
export const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();

/** Whether rich text shows anything: visible text or a picture. */
export const hasVisibleContent = (html: string) => visibleText(html) !== '' || /<img\s/i.test(html);
