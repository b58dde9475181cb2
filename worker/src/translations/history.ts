/**
 * The saved versions of a record's translation into one language: written in the batch of the
 * save they record, read back, compared and pruned. A record's deletion leaves them in place, so
 * the record brought back has its translations' history too.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '../contract/api.ts';
import { timestamp, type Field, type ResourceDefinition } from '../contract/fields.ts';
import type { Locale } from '../contract/locales.ts';
import { localizedFields, localizedSlugField } from '../contract/translation.ts';
import { newId, type Database } from '../db/client.ts';
import { translationRevisions } from '../db/schema.ts';
import type { FieldDifference } from '../contract/differences.ts';
import { differences, KEPT_VERSIONS } from '../revisions/store.ts';

export type TranslationRevisionAction = 'update' | 'restore' | 'delete' | 'schedule';

/** A translation as one version holds it. */
export interface TranslationSnapshot {
  slug: string | null;
  values: Record<string, unknown>;
  isPublished: boolean;
  /** When an unpublished version was to go public. */
  publishAt: string | null;
}

export interface TranslationVersion {
  version: number;
  action: TranslationRevisionAction;
  snapshot: TranslationSnapshot;
  username: string;
  createdAt: string;
}

interface VersionOwner {
  collection: string;
  recordId: string;
  locale: Locale;
}

const ofTranslation = ({ collection, recordId, locale }: VersionOwner) =>
  and(eq(translationRevisions.collection, collection), eq(translationRevisions.recordId, recordId), eq(translationRevisions.locale, locale));

/** The number after the translation's last version, computed inside the statement that uses it. */
const nextVersion = (owner: VersionOwner) =>
  sql<number>`(select coalesce(max(${translationRevisions.version}), 0) + 1 from ${translationRevisions} where ${ofTranslation(owner)})`;

/** A new version holding `snapshot`, then the versions beyond the last KEPT_VERSIONS dropped. */
export function translationVersion(db: Database, owner: VersionOwner, snapshot: TranslationSnapshot, action: TranslationRevisionAction, who: SessionUser | null, at = new Date()): BatchItem<'sqlite'>[] {
  return [
    db.insert(translationRevisions).values({
      id: newId(),
      ...owner,
      version: nextVersion(owner),
      action,
      snapshot,
      userId: who?.id ?? null,
      username: who?.username ?? '',
      createdAt: at.toISOString(),
    }),
    db.delete(translationRevisions).where(and(ofTranslation(owner), sql`${translationRevisions.version} <= ${nextVersion(owner)} - 1 - ${KEPT_VERSIONS}`)),
  ];
}

export async function hasTranslationVersions(db: Database, owner: VersionOwner) {
  const [row] = await db.select({ id: translationRevisions.id }).from(translationRevisions).where(ofTranslation(owner)).limit(1);
  return row !== undefined;
}

/** The translation's versions, newest first. */
export async function translationVersions(db: Database, owner: VersionOwner): Promise<TranslationVersion[]> {
  const rows = await db.select().from(translationRevisions).where(ofTranslation(owner)).orderBy(desc(translationRevisions.version));
  return rows.map((row) => ({
    version: row.version,
    action: row.action as TranslationRevisionAction,
    snapshot: { slug: row.snapshot.slug ?? null, values: row.snapshot.values ?? {}, isPublished: row.snapshot.isPublished === true, publishAt: row.snapshot.publishAt ?? null },
    username: row.username,
    createdAt: row.createdAt,
  }));
}

const PUBLISHED_FIELD = 'isPublished';
const PUBLISH_TIME_FIELD = 'publishAt';

/** What a translation's difference compares: its localized fields, its own publish flag and publish time. */
const comparedResource = (resource: ResourceDefinition, label: string): ResourceDefinition => ({
  ...resource,
  fields: {
    ...Object.fromEntries(localizedFields(resource)),
    [PUBLISHED_FIELD]: { kind: 'boolean', label: `Publikasikan versi ${label}`, default: false } satisfies Field,
    [PUBLISH_TIME_FIELD]: timestamp(`Jadwal terbit versi ${label}`, { schedule: 'publish' }),
  },
});

/** A translation in the shape of a record, its slug under the slug field's name. */
const asRecord = (resource: ResourceDefinition, snapshot: TranslationSnapshot | undefined) => {
  if (!snapshot) return undefined;
  const slugField = localizedSlugField(resource);
  return { ...snapshot.values, ...(slugField ? { [slugField]: snapshot.slug ?? '' } : {}), [PUBLISHED_FIELD]: snapshot.isPublished, [PUBLISH_TIME_FIELD]: snapshot.publishAt };
};

/** The fields whose shown value differs between two versions of a translation (none before: every filled field). */
export const translationDifferences = (resource: ResourceDefinition, language: string, before: TranslationSnapshot | undefined, after: TranslationSnapshot): FieldDifference[] =>
  differences(comparedResource(resource, language), asRecord(resource, before), asRecord(resource, after)!);
