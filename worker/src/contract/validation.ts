/**
 * Input validation derived from a resource definition. Multipart forms send every value as
 * text, so each field first normalises what arrives (text booleans, numbers, comma lists, JSON
 * text) into its canonical value, then a declarative zod schema checks it. The same schemas
 * run in the admin before a request is sent and in the worker before anything is written.
 */
import * as z from './zod.ts';
import type { Field, Fields, ListField, ResourceDefinition } from './fields.ts';
import { completeLink, isSafeLink, stripControls } from './text.ts';

export type Mode = 'create' | 'update';

/** Longest one-line text (titles, names, short settings). */
export const TEXT_MAX = 5_000;
/** Longest multi-line text (descriptions, JSON-LD, meta tags). */
export const LONG_TEXT_MAX = 50_000;
/** Longest rich text, as HTML, not counting embedded data: pictures (stored as files on save). */
export const RICH_TEXT_MAX = 500_000;
const withoutEmbeddedPictures = (html: string) => html.replace(/data:[^"'\s>]*/gi, '');
/** Longest search term of a list. */
export const SEARCH_MAX = 200;
const TAG_MAX = 100;
const TAGS_MAX = 50;
export const LIST_ITEMS_MAX = 100;
/** Integers without their own maximum stay within SQLite's and JavaScript's exact range. */
const INTEGER_MAX = 2_147_483_647;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Text as typed: strings and numbers become trimmed text without control characters; any
 * other type (an object, an array, a boolean) is left as it is, so the schema refuses it
 * instead of storing "[object Object]".
 */
const asText =
  (multiline = false) =>
  (value: unknown) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string') return value;
    return stripControls(value, multiline).trim();
  };

const textOnly = (label: string) => z.string({ error: `${label} harus berupa teks.` });

/** Accepts true/false, "true"/"false", "1"/"0", "on"/"off". */
const asBoolean = (value: unknown) => {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const text = String(value).trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  if (['false', '0', 'off', 'no', ''].includes(text)) return false;
  return value;
};

/** Parses an integer; non-numeric text becomes the field's default. */
const asInteger = (fallback: number) => (value: unknown) => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const parsed = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(value.trim(), 10);
  if (typeof value === 'number' && !Number.isFinite(value)) return value;
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** A list may arrive as an array, as JSON text, or (tags) as comma-separated text. */
const asArray = (commaText: boolean) => (value: unknown) => {
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
const asIds = (value: unknown) => {
  const items = asArray(false)(value);
  if (!Array.isArray(items)) return items;
  const ids = items.map(idOf);
  if (ids.some((id) => id === undefined)) return value;
  return [...new Set(ids.filter((id) => id !== ''))];
};

const asId = (value: unknown) => (value === undefined || value === null ? undefined : (idOf(value) ?? value));

const COLOR_PATTERN = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

const required = (label: string) => `${label} wajib diisi.`;

const isMultiline = (field: Extract<Field, { kind: 'text' }>) =>
  field.format === 'multiline' || field.format === 'json' || field.format === 'meta-tags';

function textSchema(field: Extract<Field, { kind: 'text' }>) {
  const max = field.max ?? (isMultiline(field) ? LONG_TEXT_MAX : TEXT_MAX);
  let schema = textOnly(field.label).max(max, `${field.label} maksimal ${max} karakter.`);
  if (field.required) schema = schema.min(1, required(field.label));
  const checks: Array<[(v: string) => boolean, string]> = [];
  if (field.format === 'email') checks.push([(v) => z.email().safeParse(v).success, 'Format email tidak valid.']);
  if (field.format === 'url') checks.push([(v) => isSafeLink(v, 'absolute'), `${field.label} harus berupa URL lengkap yang valid (https://...).`]);
  if (field.format === 'link')
    checks.push([(v) => isSafeLink(v, 'site'), `${field.label} harus berupa URL (https://...) atau alamat di situs ini (/halaman atau #bagian).`]);
  if (field.format === 'color') checks.push([(v) => COLOR_PATTERN.test(v), `${field.label} harus berupa kode warna, contoh #ffffff.`]);
  if (field.format === 'json')
    checks.push([
      (v) => {
        try {
          JSON.parse(v);
          return true;
        } catch {
          return false;
        }
      },
      `${field.label} harus berupa JSON yang valid.`,
    ]);
  if (field.pattern) {
    const regex = new RegExp(field.pattern.regex);
    checks.push([(v) => regex.test(v), field.pattern.message]);
  }
  // Optional fields may stay empty; the format checks apply to what was typed.
  return checks.reduce((s, [test, message]) => s.refine((v) => v === '' || test(v), message), schema);
}

/** Link fields: a typed bare host (`www.example.org`) is completed with https://. */
const asLink = (value: unknown) => {
  const text = asText()(value);
  return typeof text === 'string' ? completeLink(text) : text;
};

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

/** A position in a list; anything else there becomes 0, as the list is renumbered anyway. */
const itemOrder = z.coerce.number().int().min(0).catch(0).default(0);

function listSchema(field: ListField) {
  const item = z.object({
    ...Object.fromEntries(Object.entries(field.items).map(([key, input]) => [key, input.kind === 'file' ? itemImage : itemText])),
    order: itemOrder,
  });
  return z
    .array(item, { error: `${field.label} tidak valid.` })
    .max(LIST_ITEMS_MAX, `${field.label} maksimal ${LIST_ITEMS_MAX} item.`)
    .transform((items) =>
      items
        // Blank rows of a repeatable form are dropped, then positions become the order.
        .filter((item) => {
          const keys = field.requiredKeys ?? Object.keys(item).filter((k) => k !== 'order');
          const filled = keys.map((k) => !isBlank((item as Record<string, unknown>)[k]));
          return field.requiredKeys ? filled.every(Boolean) : filled.some(Boolean);
        })
        .map((item, index) => ({ ...item, order: index })),
    )
    .refine((items) => !field.minItems || items.length >= field.minItems.count, field.minItems?.message ?? '');
}

/** The schema of one field's canonical value, without required/default handling. */
function fieldSchema(field: Field): z.ZodType | null {
  switch (field.kind) {
    case 'text':
      return z.preprocess(field.format === 'url' || field.format === 'link' ? asLink : asText(isMultiline(field)), textSchema(field));
    case 'richText':
      return z.preprocess(
        asText(true),
        textOnly(field.label)
          .refine((v) => withoutEmbeddedPictures(v).length <= RICH_TEXT_MAX, `${field.label} terlalu panjang.`)
          .refine((v) => !field.required || hasVisibleContent(v), required(field.label)),
      );
    case 'slug':
      // A longer slug is cut to SLUG_MAX when it is stored; this only refuses nonsense.
      return z.preprocess(asText(), textOnly(field.label).max(TEXT_MAX, `${field.label} terlalu panjang.`));
    case 'enum':
      return z.preprocess(
        asText(),
        z.enum(field.values as [string, ...string[]], { message: `${field.label} harus salah satu dari: ${field.values.join(', ')}.` }),
      );
    case 'boolean':
      return z.preprocess(asBoolean, z.boolean({ message: `${field.label} harus true atau false.` }));
    case 'integer': {
      const max = field.max ?? INTEGER_MAX;
      const schema = z
        .number({ error: `${field.label} harus berupa bilangan bulat.` })
        .int({ error: `${field.label} harus berupa bilangan bulat.`, abort: true })
        .min(field.min, `${field.label} minimal ${field.min}.`)
        .max(max, `${field.label} maksimal ${max}.`);
      return z.preprocess(asInteger(field.default), schema);
    }
    case 'tags':
      return z.preprocess(
        asArray(true),
        z
          .array(z.preprocess((tag) => (typeof tag === 'string' ? stripControls(tag, false).trim() : tag), z.string()), { error: `${field.label} tidak valid.` })
          .transform((tags) => [...new Set(tags.filter(Boolean))])
          .refine((tags) => tags.every((tag) => tag.length <= TAG_MAX), `Setiap tag maksimal ${TAG_MAX} karakter.`)
          .refine((tags) => tags.length <= TAGS_MAX, `${field.label} maksimal ${TAGS_MAX} tag.`),
      );
    case 'list':
      return z.preprocess(asArray(false), listSchema(field));
    case 'file':
      // Files arrive as parts and are checked by the worker; as text, a field may name a
      // file that is already stored (a chosen existing image) or be emptied.
      return z.preprocess(
        asText(),
        textOnly(field.label)
          .max(2_000, `${field.label} tidak valid.`)
          .refine((v) => v === '' || FILE_REFERENCE.test(v), `${field.label} tidak valid.`),
      );
    case 'reference':
      return z.preprocess(asId, z.string({ error: `${field.label} tidak valid.` }).max(200, `${field.label} tidak valid.`));
    case 'relation':
      return z.preprocess(
        asIds,
        z.array(z.string().max(200), { error: `${field.label} tidak valid.` }).max(1_000, `${field.label} tidak valid.`),
      );
    case 'password':
      // Passwords keep every character as typed but the surrounding spaces.
      return z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textOnly(field.label).max(200, 'Password maksimal 200 karakter.'));
    case 'timestamp':
      // Set by the server only, except the times staff choose (publishing schedule, an event's time).
      return field.schedule
        ? z.preprocess(
            (value) => asText()(value) || null, // blank: no schedule
            z.iso.datetime({ offset: true, message: `${field.label} harus berupa tanggal dan waktu yang valid.` }).transform((time) => new Date(time).toISOString()).nullable(),
          )
        : null;
  }
}

const defaultOf = (field: Field): unknown => {
  switch (field.kind) {
    case 'text':
      return field.default ?? '';
    case 'integer':
      // A reading time left empty is computed from the text (0 stands for "computed").
      return field.readingTimeOf ? 0 : field.default;
    case 'enum':
    case 'boolean':
      return field.default;
    case 'tags':
    case 'list':
    case 'relation':
      return [];
    case 'reference':
    case 'timestamp':
      return null;
    default:
      return '';
  }
};

/** Marks a field the request did not send (zod objects refuse a key that parses to undefined). */
const ABSENT = Symbol('absent');

/** Kinds whose blank input means "the default", not "an empty value". */
const blankMeansDefault = new Set<Field['kind']>(['enum', 'integer', 'reference']);

function fieldInput(field: Field, schema: z.ZodType, mode: Mode) {
  const needed =
    field.required === true &&
    field.kind !== 'slug' && // generated when missing
    field.kind !== 'file' && // may arrive as a file part, or already be on the record: checked by the worker
    !(field.kind === 'enum' && field.default !== undefined) &&
    (field.kind !== 'password' || mode === 'create');
  return z.unknown().transform((sent, ctx) => {
    const raw = sent === ABSENT ? undefined : sent;
    if (raw === undefined && mode === 'update') return undefined; // not sent: unchanged
    const blank = isBlank(raw) || (Array.isArray(raw) && raw.length === 0 && field.kind === 'list' && !!field.minItems);
    if (blank && needed) {
      ctx.addIssue({ code: 'custom', message: field.kind === 'list' && field.minItems ? field.minItems.message : required(field.label) });
      return z.NEVER;
    }
    if (field.kind === 'password' && blank) return undefined; // blank on edit keeps the password
    if (raw === undefined || raw === null || (blank && blankMeansDefault.has(field.kind))) return defaultOf(field);
    const result = schema.safeParse(raw);
    if (!result.success) {
      // Problems inside a list's items carry zod's generic wording: name the field instead, once.
      const messages = new Set(result.error.issues.map((issue) => (issue.path.length ? `${field.label} tidak valid.` : issue.message)));
      for (const message of messages) ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return result.data;
  });
}

/**
 * The input schema of a resource. On create, absent fields take their defaults and required
 * fields must be present; on update only the fields sent are checked and changed (so a toggle
 * can send `isActive` alone).
 */
export function inputSchema<F extends Fields>(resource: ResourceDefinition<F>, mode: Mode) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    let schema = fieldSchema(field);
    if (!schema) continue;
    if (field.kind === 'password') schema = schema.refine((v) => typeof v === 'string' && v.length >= 8, 'Password minimal 8 karakter.');
    shape[name] = fieldInput(field, schema, mode);
  }
  const absent = Object.fromEntries(Object.keys(shape).map((name) => [name, ABSENT]));
  return z.preprocess((input) => ({ ...absent, ...(input && typeof input === 'object' ? input : {}) }), z.object(shape));
}

export interface FieldError {
  field: string;
  message: string;
}

/** Zod issues as { field, message } pairs, in the order of the form. */
export const fieldErrors = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
