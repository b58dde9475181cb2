/**
 * Saving a record's translation into one language: its localized fields checked as the record's
 * own are (a published or scheduled translation must fill what the default language requires),
 * rich text sanitised, a slug of its own that no other record holds in that language, and the
 * fingerprint of the default-language text it was written from. A refused save writes nothing.
 * A publish time still ahead keeps the translation unpublished until the minute's job publishes
 * it (schedule.ts); one already past publishes it now.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { timestamp, type Field, type Fields, type ListField, type ResourceDefinition } from '../contract/fields.ts';
import { LOCALES, type Locale } from '../contract/locales.ts';
import { slugify, normalizeSlug } from '../contract/slug.ts';
import { localizedFields, localizedItemKeys, sourceHash } from '../contract/translation.ts';
import { required } from '../contract/kinds/normalize.ts';
import { fieldErrors, hasVisibleContent, inputSchema, itemText, LIST_ITEMS_MAX, type FieldError } from '../contract/validation.ts';
import * as z from '../contract/zod.ts';
import { sanitizeMetaTags, sanitizeRichText } from '../content/sanitize.ts';
import { now, type Database } from '../db/client.ts';
import { translations } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { keepSourceHash } from './hooks.ts';
import { stillAhead } from './schedule.ts';

type Row = Record<string, unknown>;

/** What a translation save sends: the localized values, whether this language's version is public, and when it goes public if not now. */
export interface TranslationInput {
  values: Row;
  isPublished: boolean;
  /** When the version goes public (UTC ISO, or as an editor typed it); blank or null: not scheduled. */
  publishAt?: unknown;
}

/** A translation as staff read it. */
export interface StoredTranslationRow {
  slug: string | null;
  values: Row;
  isPublished: boolean;
  publishAt: string | null;
  sourceHash: string;
  updatedAt: string;
}

const refusal = (errors: FieldError[]) => new ApiError(400, 'VALIDATION_ERROR', errors.map((error) => error.message).join(' '), errors);

/** The translated fields but lists (checked by position below), required only when the translation is published or scheduled; its publish time. */
function textFields(resource: ResourceDefinition, publishing: boolean, language: string): ResourceDefinition {
  const fields: Fields = { publishAt: timestamp(`Jadwal terbit versi ${language}`, { schedule: 'publish' }) };
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
  // Published now or at a time set: either way the version must be complete.
  const goingPublic = input.isPublished || (typeof input.publishAt === 'string' && input.publishAt.trim() !== '');
  const parsed = inputSchema(textFields(resource, goingPublic, language), 'create').safeParse({ ...input.values, publishAt: input.publishAt });
  if (!parsed.success) throw refusal(fieldErrors(parsed.error));
  const { publishAt: time, ...values }: Row = { ...parsed.data };
  // A time still ahead holds the version back until then; one already past publishes it now.
  const publishAt = typeof time === 'string' ? stillAhead(time) : null;
  const isPublished = publishAt === null && goingPublic;
  const errors: FieldError[] = [];
  let slug: string | null = null;

  for (const [name, field] of localizedFields(resource)) {
    if (field.kind === 'slug') {
      const given = typeof values[name] === 'string' ? values[name] : '';
      slug = given ? normalizeSlug(given) : slugify(String(values[field.from] ?? ''), field.style);
      if (slug === '') errors.push({ field: name, message: required(field.label) });
      delete values[name];
    } else if (field.kind === 'richText' && typeof values[name] === 'string') {
      values[name] = sanitizeRichText(values[name]);
      if (goingPublic && field.required && !hasVisibleContent(values[name] as string)) errors.push({ field: name, message: required(field.label) });
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
      if (goingPublic && incomplete) errors.push({ field: name, message: `${field.label}: terjemahkan setiap item sebelum versi ${language} diterbitkan.` });
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
  const savedAt = now();
  const row = { collection: resource.path, recordId: String(record.id), locale, slug, values, isPublished, publishAt, sourceHash: hash };
  const statements: BatchItem<'sqlite'>[] = [
    keepSourceHash(db, resource.path, String(record.id), hash),
    db
      .insert(translations)
      .values({ ...row, createdAt: savedAt, updatedAt: savedAt })
      .onConflictDoUpdate({ target: [translations.collection, translations.recordId, translations.locale], set: { slug, values, isPublished, publishAt, sourceHash: hash, updatedAt: savedAt } }),
  ];
  return { statements, slug, values, isPublished, publishAt };
}

/** The stored translation of a record into `locale`, if any. */
export async function readTranslation(db: Database, collection: string, recordId: string, locale: Locale): Promise<StoredTranslationRow | undefined> {
  const [row] = await db
    .select({ slug: translations.slug, values: translations.values, isPublished: translations.isPublished, publishAt: translations.publishAt, sourceHash: translations.sourceHash, updatedAt: translations.updatedAt })
    .from(translations)
    .where(and(eq(translations.collection, collection), eq(translations.recordId, recordId), eq(translations.locale, locale)))
    .limit(1);
  return row;
}
