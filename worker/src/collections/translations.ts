/**
 * The SQL of reads in another language: which records have a published translation, the
 * translation's values beside each row, a slug looked up among a language's slugs, and the state
 * of each record's translations for staff lists. Every collection shares the `translation` table.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { DEFAULT_LOCALE, type Locale } from '../contract/locales.ts';
import type { TranslationStatus } from '../contract/translation.ts';
import { translations } from '../db/schema.ts';

/** A second name for the table, for a statement that reads the translations of two collections. */
export const linkedTranslations = alias(translations, 'linked_translation');
const sources = alias(translations, 'source_translation');
/** The table under its second name, as a statement's FROM or JOIN names it. */
const named = (name: 'linked_translation' | 'source_translation') => sql`${translations} as ${sql.identifier(name)}`;
export const linkedTranslationsTable = named('linked_translation');
/** A column of the table, named with its table (a subquery inside a collection's read must not take the collection's own column). */
const of = (column: SQLiteColumn) => sql`${sql.identifier('translation')}.${sql.identifier(column.name)}`;
/** The columns a condition on a translation row reads, under any of the table's names. */
type TranslationColumns = Record<'collection' | 'recordId' | 'locale' | 'isPublished', SQLiteColumn>;

/** The translation of the record whose id is `id` into `locale`, published or not. */
const translationRow = (collection: string, id: SQLiteColumn | SQL, locale: Locale, table: TranslationColumns = translations) =>
  and(eq(table.collection, collection), eq(table.recordId, id), eq(table.locale, locale));

const publishedRow = (collection: string, id: SQLiteColumn | SQL, locale: Locale, table: TranslationColumns = translations) =>
  and(translationRow(collection, id, locale, table), eq(table.isPublished, true));

/** The record has a published translation into `locale`. */
export const hasPublishedTranslation = (collection: string, id: SQLiteColumn, locale: Locale, also?: SQL) =>
  sql`exists (select 1 from ${translations} where ${and(publishedRow(collection, id, locale), also)})`;

/** The published translation's slug and values as one JSON column (null without one). */
export const publishedTranslationJson = (collection: string, id: SQLiteColumn, locale: Locale) =>
  sql`(select json_object('slug', ${of(translations.slug)}, 'values', json(${of(translations.values)})) from ${translations} where ${publishedRow(collection, id, locale)})`;

/** One localized value of the record's published translation into `locale` (null without one): what a list in that language is ordered by. */
export const publishedTranslatedText = (collection: string, id: SQLiteColumn, locale: Locale, name: string, isSlug: boolean) =>
  sql`(select ${translatedText(name, isSlug)} from ${translations} where ${publishedRow(collection, id, locale)})`;

/**
 * When the record last changed for a reader of `locale`: its own last save or its published
 * translation's, whichever is later, so a translation's save is a change of its record there.
 */
export const changedInLocale = (collection: string, id: SQLiteColumn, updatedAt: SQLiteColumn, locale: Locale) =>
  sql<string>`max(${updatedAt}, coalesce((select ${of(translations.updatedAt)} from ${translations} where ${publishedRow(collection, id, locale)}), ''))`;

/** The published translation of a linked record, joined beside it (an inner join: untranslated links drop out). */
export const joinPublished = (collection: string, id: SQLiteColumn, locale: Locale) => publishedRow(collection, id, locale, linkedTranslations);

/** Matches `value` among the slugs of the collection's published translations into `locale`. */
export const translatedSlugIs = (value: unknown) => sql`${of(translations.slug)} = ${value}`;

/** One localized value of the translation, for a search: text fields by name, the slug by its column. */
export const translatedText = (name: string, isSlug: boolean) => (isSlug ? of(translations.slug) : sql`json_extract(${of(translations.values)}, ${`$.${name}`})`);

/**
 * The state of the record's translation into `locale`: missing (no row), outdated (written
 * from default-language text that has changed since), published, scheduled (to be published at
 * its time) or draft.
 */
export function translationStatus(collection: string, id: SQLiteColumn, locale: Locale): SQL<TranslationStatus> {
  const current = sql`(select ${sources.sourceHash} from ${named('source_translation')} where ${translationRow(collection, of(translations.recordId), DEFAULT_LOCALE, sources)})`;
  const hash = of(translations.sourceHash);
  return sql<TranslationStatus>`coalesce((select case when ${hash} <> coalesce(${current}, ${hash}) then 'outdated' when ${of(translations.isPublished)} then 'published' when ${of(translations.publishAt)} is not null then 'scheduled' else 'draft' end from ${translations} where ${translationRow(collection, id, locale)}), 'missing')`;
}
