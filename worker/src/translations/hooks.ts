/**
 * What every save of a translatable record does to its translations, in the save's own batch:
 * the record's current fingerprint of its default-language text is kept (so a translation
 * written from older text reads as outdated), a deleted record's translations leave the table
 * (its last version keeps them, and their slugs are free again), and a deleted record brought
 * back gets them back, unless another record took one of their slugs meanwhile.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { hooksFor, type HookSet } from '../collections/hooks.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../contract/locales.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { isTranslatable, sourceHash } from '../contract/translation.ts';
import { now, type Database } from '../db/client.ts';
import { translations } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { translationsKeptByDeletion, type KeptTranslation } from '../revisions/store.ts';
import { stillAhead } from './schedule.ts';

const translatable = (Object.keys(resources) as ResourceKey[]).filter((key) => isTranslatable(resources[key]));

/** Records the fingerprint of the record's default-language text as it is now. */
export const keepSourceHash = (db: Database, collection: string, recordId: string, hash: string) =>
  db
    .insert(translations)
    .values({ collection, recordId, locale: DEFAULT_LOCALE, sourceHash: hash })
    .onConflictDoUpdate({ target: [translations.collection, translations.recordId, translations.locale], set: { sourceHash: hash, updatedAt: now() } });

/** The deleted record's translations as statements of its restore, or a refusal naming a slug another record took meanwhile. */
async function bringBack(db: Database, collection: string, recordId: string, kept: KeptTranslation[]) {
  const own = kept.filter((translation): translation is KeptTranslation & { locale: Locale } => isLocale(translation.locale) && translation.locale !== DEFAULT_LOCALE);
  for (const translation of own) {
    if (!translation.slug) continue;
    const [other] = await db
      .select({ recordId: translations.recordId })
      .from(translations)
      .where(and(eq(translations.collection, collection), eq(translations.locale, translation.locale), eq(translations.slug, translation.slug), ne(translations.recordId, recordId)))
      .limit(1);
    const language = LOCALES[translation.locale].label;
    if (other) throw new ApiError(409, 'CONFLICT', `Slug "${translation.slug}" sudah digunakan dalam ${language} oleh data lain. Ubah slug data itu dulu, lalu pulihkan lagi.`);
  }
  if (own.length === 0) return [];
  const time = now();
  return [
    db.delete(translations).where(and(eq(translations.collection, collection), eq(translations.recordId, recordId), inArray(translations.locale, own.map((t) => t.locale)))),
    ...own.map((translation) =>
      db.insert(translations).values({
        collection,
        recordId,
        locale: translation.locale,
        slug: translation.slug,
        values: translation.values,
        isPublished: translation.isPublished,
        // A scheduled version waits for its time again, unless that time passed while the record was deleted.
        publishAt: stillAhead(translation.publishAt),
        sourceHash: translation.sourceHash,
        createdAt: time,
        updatedAt: time,
      }),
    ),
  ];
}

export const translationHooks: HookSet = hooksFor(translatable, (key) => ({
  beforeChange: async ({ db, id, existing, origin }) => {
    if (existing || origin !== 'restore') return [];
    return bringBack(db, resources[key].path, id, await translationsKeptByDeletion(db, key, id));
  },
  inBatch: ({ db, action, id, existing, values }) => {
    const collection = resources[key].path;
    if (action === 'delete') return [db.delete(translations).where(and(eq(translations.collection, collection), eq(translations.recordId, id)))];
    return [keepSourceHash(db, collection, id, sourceHash(resources[key], { ...existing, ...values }))];
  },
}));
