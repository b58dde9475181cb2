/** One line or many of plain text, with an optional format (email, link, colour, JSON) or pattern. */
import * as z from '../zod.ts';
import type { TextField } from '../fields.ts';
import { completeLink, isSafeLink } from '../text.ts';
import { asText, COLOR_PATTERN, LONG_TEXT_MAX, required, TEXT_MAX, textOnly } from './normalize.ts';
import type { KindRule } from './types.ts';

const isMultiline = (field: TextField) =>
  field.format === 'multiline' || field.format === 'json' || field.format === 'meta-tags';

function textSchema(field: TextField) {
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

export const text: KindRule<TextField> = {
  schema: (field) => z.preprocess(field.format === 'url' || field.format === 'link' ? asLink : asText(isMultiline(field)), textSchema(field)),
  empty: (field) => field.default ?? '',
};
