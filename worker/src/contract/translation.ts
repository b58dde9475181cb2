/**
 * Translations of a record, derived from the fields a collection marks `localized`: which values
 * a translation holds, how they replace the record's own, and how a translation tells that the
 * default-language text it was written from has changed since. Shared by the worker and admin.
 */
import type { Field, ListField, ResourceDefinition } from './fields.ts';
import type { Locale } from './locales.ts';

/** Where a record's translation into one language stands, as staff lists show it: scheduled waits for its publish time. */
export type TranslationStatus = 'missing' | 'draft' | 'outdated' | 'scheduled' | 'published';
export const TRANSLATION_STATUSES: readonly TranslationStatus[] = ['missing', 'draft', 'outdated', 'scheduled', 'published'];
/** The states that are finished work: published, or written and waiting for its time. */
export const TRANSLATION_DONE: readonly TranslationStatus[] = ['scheduled', 'published'];

/** A record's translations by language, as staff lists carry them (`_translations`). */
export type TranslationStatuses = Partial<Record<Locale, TranslationStatus>>;

/** The keys of a list's items that are translated. */
export const localizedItemKeys = (field: ListField) => Object.entries(field.items).flatMap(([key, input]) => (input.localized ? [key] : []));

const isLocalized = (field: Field) => field.localized === true || (field.kind === 'list' && localizedItemKeys(field).length > 0);

/** The fields a translation of this collection holds, in the form's order. */
export const localizedFields = (resource: ResourceDefinition): Array<[string, Field]> => Object.entries(resource.fields).filter(([, field]) => isLocalized(field));

/** Whether records of this collection can be translated at all (a collection of names and numbers cannot). */
export const isTranslatable = (resource: ResourceDefinition) => localizedFields(resource).length > 0;

/** The name of a collection's slug field, when its slug is translated (each language has its own address). */
export const localizedSlugField = (resource: ResourceDefinition) => localizedFields(resource).find(([, field]) => field.kind === 'slug')?.[0];

type Row = Record<string, unknown>;

const listItems = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((item): item is Row => typeof item === 'object' && item !== null) : []);

/**
 * The translatable text of a record in its own language: what a translation is written from. A
 * list keeps only its items' translated keys; the slug is an address, not text, and is left out.
 */
export function sourceValues(resource: ResourceDefinition, record: Row): Row {
  const values: Row = {};
  for (const [name, field] of localizedFields(resource)) {
    if (field.kind === 'slug') continue;
    if (field.kind === 'list') {
      const keys = localizedItemKeys(field);
      values[name] = listItems(record[name]).map((item) => Object.fromEntries(keys.map((key) => [key, item[key] ?? ''])));
    } else values[name] = record[name] ?? '';
  }
  return values;
}

/**
 * A short fingerprint of a record's translatable text (cyrb53: synchronous, so it is computed in
 * the save's batch). A translation keeps the one it was written from; a different current one
 * means the default-language text changed since. Not a security measure.
 */
export function sourceHash(resource: ResourceDefinition, record: Row): string {
  const text = JSON.stringify(sourceValues(resource, record));
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A translation as stored: its own slug and its localized values. */
export interface StoredTranslation {
  slug: string | null;
  values: Row;
}

const emptyOf = (field: Field): unknown => (field.kind === 'tags' || field.kind === 'list' ? [] : '');

/**
 * The record in a translation's language: every localized field takes the translation's value
 * (empty where the translation has none, never the default language's text); a list keeps its
 * items' pictures and numbers and takes their translated keys by position.
 */
export function translated(resource: ResourceDefinition, record: Row, translation: StoredTranslation): Row {
  const result: Row = { ...record };
  for (const [name, field] of localizedFields(resource)) {
    if (field.kind === 'slug') {
      result[name] = translation.slug ?? '';
    } else if (field.kind === 'list') {
      const keys = localizedItemKeys(field);
      const items = listItems(translation.values[name]);
      result[name] = listItems(record[name]).map((item, position) => ({ ...item, ...Object.fromEntries(keys.map((key) => [key, items[position]?.[key] ?? ''])) }));
    } else {
      result[name] = translation.values[name] ?? emptyOf(field);
    }
  }
  return result;
}
