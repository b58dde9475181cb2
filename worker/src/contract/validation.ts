/**
 * Input validation derived from a resource definition. Multipart forms send every value as
 * text, so each field first normalises what arrives (text booleans, numbers, comma lists, JSON
 * text) into its canonical value, then a declarative zod schema checks it. The same schemas
 * run in the admin before a request is sent and in the worker before anything is written.
 */
import { z } from 'zod';
import type { Field, Fields, ListField, ResourceDefinition } from './fields.ts';

export type Mode = 'create' | 'update';

const TEXT_MAX = 5_000;
const LONG_TEXT_MAX = 50_000;
const RICH_TEXT_MAX = 500_000;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const asText = (value: unknown) => {
  if (value === undefined || value === null) return undefined;
  return (typeof value === 'string' ? value : String(value)).trim();
};

/** Accepts true/false, "true"/"false", "1"/"0", "on"/"off". */
const asBoolean = (value: unknown) => {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  if (['false', '0', 'off', 'no', ''].includes(text)) return false;
  return value;
};

/** Parses an integer; non-numeric input becomes the field's default, as the spec's forms do. */
const asInteger = (fallback: number) => (value: unknown) => {
  if (value === undefined || value === null) return undefined;
  const parsed = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value).trim(), 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** A list may arrive as an array, as JSON text, or (tags) as comma-separated text. */
const asArray = (commaText: boolean) => (value: unknown) => {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value;
  const text = String(value).trim();
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

/** Ids of linked records, from ids or from objects carrying `_id`. */
const asIds = (value: unknown) => {
  const items = asArray(false)(value);
  if (!Array.isArray(items)) return items;
  const ids = items
    .map((item) => (item && typeof item === 'object' && '_id' in item ? String(item._id) : String(item ?? '').trim()))
    .filter((id) => id !== '');
  return [...new Set(ids)];
};

const asId = (value: unknown) => {
  if (value && typeof value === 'object' && '_id' in value) return String(value._id);
  return asText(value);
};

const URL_PATTERN = /^(https?:\/\/[^\s]+|\/[^\s]*|#[^\s]*|mailto:[^\s]+|tel:[^\s]+)$/i;
const COLOR_PATTERN = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

const required = (label: string) => `${label} wajib diisi.`;

function textSchema(field: Extract<Field, { kind: 'text' }>) {
  const max = field.format === 'multiline' || field.format === 'json' || field.format === 'meta-tags' ? LONG_TEXT_MAX : TEXT_MAX;
  let schema = z.string().max(field.max ?? max, `${field.label} maksimal ${field.max ?? max} karakter.`);
  if (field.required) schema = schema.min(1, required(field.label));
  const checks: Array<[(v: string) => boolean, string]> = [];
  if (field.format === 'email') checks.push([(v) => z.email().safeParse(v).success, 'Format email tidak valid.']);
  if (field.format === 'url') checks.push([(v) => URL_PATTERN.test(v), `${field.label} harus berupa URL yang valid (https://...).`]);
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

function listSchema(field: ListField) {
  return z
    .array(field.item)
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
      return z.preprocess(asText, textSchema(field));
    case 'richText':
      return z.preprocess(
        asText,
        z
          .string()
          .max(RICH_TEXT_MAX, `${field.label} terlalu panjang.`)
          .refine((v) => !field.required || visibleText(v) !== '' || /<img\s/i.test(v), required(field.label)),
      );
    case 'slug':
      return z.preprocess(asText, z.string().max(200, 'Slug maksimal 200 karakter.'));
    case 'enum':
      return z.preprocess(
        asText,
        z.enum(field.values as [string, ...string[]], { message: `${field.label} harus salah satu dari: ${field.values.join(', ')}.` }),
      );
    case 'boolean':
      return z.preprocess(asBoolean, z.boolean({ message: `${field.label} harus true atau false.` }));
    case 'integer': {
      let schema = z.number().int(`${field.label} harus berupa bilangan bulat.`).min(field.min, `${field.label} minimal ${field.min}.`);
      if (field.max !== undefined) schema = schema.max(field.max, `${field.label} maksimal ${field.max}.`);
      return z.preprocess(asInteger(field.default), schema);
    }
    case 'tags':
      return z.preprocess(
        asArray(true),
        z
          .array(z.string(), { message: `${field.label} tidak valid.` })
          .transform((tags) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))]),
      );
    case 'list':
      return z.preprocess(asArray(false), listSchema(field));
    case 'file':
      // Files arrive as parts and are checked by the worker; as text, a field may name a
      // file that is already stored (a chosen existing image) or be emptied.
      return z.preprocess(asText, z.string().max(2_000));
    case 'reference':
      return z.preprocess(asId, z.string());
    case 'relation':
      return z.preprocess(asIds, z.array(z.string(), { message: `${field.label} tidak valid.` }));
    case 'password':
      return z.preprocess(asText, z.string().max(200, 'Password maksimal 200 karakter.'));
    case 'timestamp':
      // Set by the server only, except the publishing schedule staff choose.
      return field.schedule
        ? z.preprocess(
            (value) => asText(value) || null, // blank: no schedule
            z.iso.datetime({ offset: true, message: `${field.label} harus berupa tanggal dan waktu yang valid.` }).transform((time) => new Date(time).toISOString()).nullable(),
          )
        : null;
  }
}

const defaultOf = (field: Field): unknown => {
  switch (field.kind) {
    case 'text':
      return field.default ?? '';
    case 'enum':
    case 'boolean':
    case 'integer':
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
