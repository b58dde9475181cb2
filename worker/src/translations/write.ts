/**
 * Saving a record's translation into one language: its localized fields checked as the record's
 * own are (a published translation must fill what the default language requires), rich text
 * sanitised, a slug of its own that no other record holds in that language, and the fingerprint
 * of the default-language text it was written from. A refused save writes nothing.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Field, Fields, ListField, ResourceDefinition } from '../contract/fields.ts';
import { LOCALES, type Locale } from '../contract/locales.ts';
import { slugify, normalizeSlug } from '../contract/slug.ts';
import { localizedFields, localizedItemKeys, sourceHash } from '../contract/translation.ts';
import { fieldErrors, hasVisibleContent, inputSchema, itemText, LIST_ITEMS_MAX, type FieldError } from '../contract/validation.ts';
import * as z from '../contract/zod.ts';
import { sanitizeMetaTags, sanitizeRichText } from '../content/sanitize.ts';
import { now, type Database } from '../db/client.ts';
import { translations } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { keepSourceHash } from './hooks.ts';

type Row = Record<string, unknown>;

/** What a translation save sends: the localized values and whether this language's version is public. */
export interface TranslationInput {
  values: Row;
  isPublished: boolean;
}

/** A translation as staff read it. */
export interface StoredTranslationRow {
  slug: string | null;
  values: Row;
  isPublished: boolean;
  sourceHash: string;
  updatedAt: string;
}

const refusal = (errors: FieldError[]) => new ApiError(400, 'VALIDATION_ERROR', errors.map((error) => error.message).join(' '), errors);

/** The translated fields but lists (checked by position below), required only when the translation is published. */
function textFields(resource: ResourceDefinition, publishing: boolean): ResourceDefinition {
  const fields: Fields = {};
  for (const [name, field] of localizedFields(resource)) {
    if (field.kind === 'list') continue;
    fields[name] = { ...field, required: publishing && field.required === true && field.kind !== 'slug', unique: false } as Field;
  }
  return { ...resource, fields };
}

/** A list's translated keys, item by item at the record's positions: no blank row is dropped, or the items would shift. */
const listInput = (field: ListField) =>
  z.array(z.object(Object.fromEntries(localizedItemKeys(field).map((key) => [key, itemText]))), { error: `${field.label} tidak valid.` }).max(LIST_ITEMS_MAX, `${field.label} maksimal ${LIST_ITEMS_MAX} item.`);

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

export async function prepareTranslation(db: Database, resource: ResourceDefinition, record: Row, locale: Locale, input: TranslationInput) {
  const language = LOCALES[locale].label;
  const parsed = inputSchema(textFields(resource, input.isPublished), 'create').safeParse(input.values);
  if (!parsed.success) throw refusal(fieldErrors(parsed.error));
  const values: Row = { ...parsed.data };
  const errors: FieldError[] = [];
  let slug: string | null = null;

  for (const [name, field] of localizedFields(resource)) {
    if (field.kind === 'slug') {
      const given = typeof values[name] === 'string' ? values[name] : '';
      slug = given ? normalizeSlug(given) : slugify(String(values[field.from] ?? ''), field.style);
      if (slug === '') errors.push({ field: name, message: `${field.label} wajib diisi.` });
      delete values[name];
    } else if (field.kind === 'richText' && typeof values[name] === 'string') {
      values[name] = sanitizeRichText(values[name]);
      if (input.isPublished && field.required && !hasVisibleContent(values[name] as string)) errors.push({ field: name, message: `${field.label} wajib diisi.` });
    } else if (field.kind === 'text' && field.format === 'meta-tags' && typeof values[name] === 'string') {
      values[name] = sanitizeMetaTags(values[name]);
    } else if (field.kind === 'list') {
      const items = listInput(field).safeParse(input.values[name] ?? []);
      if (!items.success) {
        errors.push({ field: name, message: `${field.label} tidak valid.` });
        continue;
      }
      values[name] = items.data;
      // A published version shows every item: each text the record's item has needs its translation.
      const own = Array.isArray(record[name]) ? (record[name] as Row[]) : [];
      const keys = localizedItemKeys(field);
      const incomplete = own.some((item, position) => keys.some((key) => filled(item[key]) && !filled(items.data[position]?.[key])));
      if (input.isPublished && incomplete) errors.push({ field: name, message: `${field.label}: terjemahkan setiap item sebelum versi ${language} diterbitkan.` });
    }
  }
  if (errors.length) throw refusal(errors);

  if (slug !== null) {
    const [other] = await db
      .select({ recordId: translations.recordId })
      .from(translations)
      .where(and(eq(translations.collection, resource.path), eq(translations.locale, locale), eq(translations.slug, slug), ne(translations.recordId, String(record.id))))
      .limit(1);
    if (other) throw new ApiError(409, 'CONFLICT', `Slug "${slug}" sudah digunakan dalam ${language}. Gunakan slug lain.`, { field: localizedFields(resource).find(([, f]) => f.kind === 'slug')![0] });
  }

  const hash = sourceHash(resource, record);
  const time = now();
  const row = { collection: resource.path, recordId: String(record.id), locale, slug, values, isPublished: input.isPublished, sourceHash: hash };
  const statements: BatchItem<'sqlite'>[] = [
    keepSourceHash(db, resource.path, String(record.id), hash),
    db
      .insert(translations)
      .values({ ...row, createdAt: time, updatedAt: time })
      .onConflictDoUpdate({ target: [translations.collection, translations.recordId, translations.locale], set: { slug, values, isPublished: input.isPublished, sourceHash: hash, updatedAt: time } }),
  ];
  return { statements, slug, values };
}

/** The stored translation of a record into `locale`, if any. */
export async function readTranslation(db: Database, collection: string, recordId: string, locale: Locale): Promise<StoredTranslationRow | undefined> {
  const [row] = await db
    .select({ slug: translations.slug, values: translations.values, isPublished: translations.isPublished, sourceHash: translations.sourceHash, updatedAt: translations.updatedAt })
    .from(translations)
    .where(and(eq(translations.collection, collection), eq(translations.recordId, recordId), eq(translations.locale, locale)))
    .limit(1);
  return row;
}
