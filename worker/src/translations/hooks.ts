/**
 * What every save of a translatable record does to its translations, in the save's own batch:
 * the record's current fingerprint of its default-language text is kept (so a translation
 * written from older text reads as outdated), and a deleted record takes its translations along.
 */
import { and, eq } from 'drizzle-orm';
import { hooksFor, type HookSet } from '../collections/hooks.ts';
import { DEFAULT_LOCALE } from '../contract/locales.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { isTranslatable, sourceHash } from '../contract/translation.ts';
import { now, type Database } from '../db/client.ts';
import { translations } from '../db/schema.ts';

const translatable = (Object.keys(resources) as ResourceKey[]).filter((key) => isTranslatable(resources[key]));

/** Records the fingerprint of the record's default-language text as it is now. */
export const keepSourceHash = (db: Database, collection: string, recordId: string, hash: string) =>
  db
    .insert(translations)
    .values({ collection, recordId, locale: DEFAULT_LOCALE, sourceHash: hash })
    .onConflictDoUpdate({ target: [translations.collection, translations.recordId, translations.locale], set: { sourceHash: hash, updatedAt: now() } });

export const translationHooks: HookSet = hooksFor(translatable, (key) => ({
  inBatch: ({ db, action, id, existing, values }) => {
    const collection = resources[key].path;
    if (action === 'delete') return [db.delete(translations).where(and(eq(translations.collection, collection), eq(translations.recordId, id)))];
    return [keepSourceHash(db, collection, id, sourceHash(resources[key], { ...existing, ...values }))];
  },
}));
