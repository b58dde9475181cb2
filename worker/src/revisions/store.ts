/**
 * The saved versions of content records: how a version is written (as statements for the
 * batch of the change it records), read back, compared, and pruned.
 */
import { and, desc, eq, getTableColumns, getTableName, ne, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import sanitizeHtml from 'sanitize-html';
import type { SessionUser } from '../contract/api.ts';
import { fieldDifferences } from '../contract/differences.ts';
import type { Field, ResourceDefinition } from '../contract/fields.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { newId, type Database } from '../db/client.ts';
import { DEFAULT_LOCALE } from '../contract/locales.ts';
import type { RevisionAction } from '../contract/staff-answers.ts';
import { collections, links, revisions, translationRevisions, translations, type AnyTable } from '../db/schema.ts';
import type { Row } from '../collections/store.ts';

/** Versions kept per record; older ones are pruned in the batch that adds a new one. */
export const KEPT_VERSIONS = 50;
/** How long the history of a deleted record is kept, so it can be brought back. */
export const DELETED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export type Snapshot = Record<string, unknown>;

/** Content collections keep history; accounts, roles and permissions do not. */
export const keepsHistory = (resource: ResourceDefinition) => resource.public;

const table = (key: ResourceKey) => collections[key] as unknown as AnyTable;

const isJson = (field: Field | undefined) => field?.kind === 'tags' || field?.kind === 'list';

/** The version number after the record's last one, computed inside the statement that inserts it. */
const nextVersion = (collection: string, recordId: string) =>
  sql`(select coalesce(max(${revisions.version}), 0) + 1 from ${revisions} where ${revisions.collection} = ${collection} and ${revisions.recordId} = ${recordId})`;

/**
 * A new version holding the record as stored when the statement runs: placed after the write in
 * a batch, it records exactly what was written (new file paths, server-set timestamps included).
 */
export function versionOfStoredRow(db: Database, key: ResourceKey, recordId: string, action: RevisionAction, who: SessionUser | null): BatchItem<'sqlite'> {
  const resource = resources[key] as ResourceDefinition;
  const parts: SQL[] = [];
  for (const [name, column] of Object.entries(getTableColumns(table(key)))) {
    if (name === 'passwordHash') continue;
    const value = isJson(resource.fields[name]) ? sql`json(${sql.identifier(column.name)})` : sql`${sql.identifier(column.name)}`;
    parts.push(sql`${name}, ${value}`);
  }
  for (const [name, linkTable] of Object.entries(links[key] ?? {})) {
    const ordered = sql`select ${sql.identifier('targetId')} from ${linkTable} where ${sql.identifier('ownerId')} = ${recordId} order by ${sql.identifier('position')}`;
    parts.push(sql`${name}, (select json_group_array(${sql.identifier('targetId')}) from (${ordered}))`);
  }
  const idColumn = getTableColumns(table(key)).id!;
  const stored = db
    .select({
      id: sql<string>`${newId()}`.as('id'),
      collection: sql<string>`${resource.path}`.as('collection'),
      recordId: sql<string>`${recordId}`.as('recordId'),
      version: sql<number>`${nextVersion(resource.path, recordId)}`.as('version'),
      action: sql<string>`${action}`.as('action'),
      snapshot: sql<Snapshot>`json_object(${sql.join(parts, sql`, `)})`.as('snapshot'),
      userId: sql<string | null>`${who?.id ?? null}`.as('userId'),
      username: sql<string>`${who?.username ?? ''}`.as('username'),
      createdAt: sql<string>`${new Date().toISOString()}`.as('createdAt'),
    })
    .from(table(key))
    .where(eq(idColumn, recordId));
  return db.insert(revisions).select(stored);
}

/** The record as it is now (row plus link ids), in the shape of a snapshot. */
export async function currentSnapshot(db: Database, key: ResourceKey, row: Row): Promise<Snapshot> {
  const snapshot: Snapshot = { ...row };
  delete snapshot.passwordHash;
  for (const [name, linkTable] of Object.entries(links[key] ?? {})) {
    const columns = getTableColumns(linkTable);
    const rows = await db.select({ id: columns.targetId }).from(linkTable).where(eq(columns.ownerId, String(row.id))).orderBy(columns.position);
    snapshot[name] = rows.map((r) => String(r.id));
  }
  return snapshot;
}

/** Where a deleted record's last version keeps its translations, so bringing the record back brings them back. */
export const KEPT_TRANSLATIONS = '_translations';

/** A record's translations as a deleted record's version keeps them. */
export interface KeptTranslation {
  locale: string;
  slug: string | null;
  values: Record<string, unknown>;
  isPublished: boolean;
  publishAt?: string | null;
  sourceHash: string;
}

/** The record as it is now with its translations: what its deletion keeps. */
export async function snapshotBeforeDelete(db: Database, key: ResourceKey, row: Row): Promise<Snapshot> {
  const kept: KeptTranslation[] = await db
    .select({ locale: translations.locale, slug: translations.slug, values: translations.values, isPublished: translations.isPublished, publishAt: translations.publishAt, sourceHash: translations.sourceHash })
    .from(translations)
    .where(and(eq(translations.collection, resources[key].path), eq(translations.recordId, String(row.id)), ne(translations.locale, DEFAULT_LOCALE)));
  return { ...(await currentSnapshot(db, key, row)), [KEPT_TRANSLATIONS]: kept };
}

/** The translations kept by the record's last version when that version is its deletion. */
export async function translationsKeptByDeletion(db: Database, key: ResourceKey, recordId: string): Promise<KeptTranslation[]> {
  const [last] = await db
    .select({ action: revisions.action, snapshot: revisions.snapshot })
    .from(revisions)
    .where(and(eq(revisions.collection, resources[key].path), eq(revisions.recordId, recordId)))
    .orderBy(desc(revisions.version))
    .limit(1);
  const kept = last?.action === 'delete' ? last.snapshot[KEPT_TRANSLATIONS] : undefined;
  return Array.isArray(kept) ? (kept as KeptTranslation[]) : [];
}

/** A version holding a snapshot taken before the batch (a deleted record, or a record's state before its first kept version). */
export const versionOf = (db: Database, key: ResourceKey, snapshot: Snapshot, action: RevisionAction, who: SessionUser | null, at = new Date()): BatchItem<'sqlite'> => {
  const { path } = resources[key];
  const recordId = String(snapshot.id);
  return db.insert(revisions).values({
    id: newId(),
    collection: path,
    recordId,
    version: nextVersion(path, recordId),
    action,
    snapshot,
    userId: who?.id ?? null,
    username: who?.username ?? '',
    createdAt: at.toISOString(),
  });
};

/** Drops the versions of a record beyond the last KEPT_VERSIONS; runs after the insert of a new one. */
export const pruneOldVersions = (db: Database, key: ResourceKey, recordId: string): BatchItem<'sqlite'> => {
  const { path } = resources[key];
  return db
    .delete(revisions)
    .where(and(eq(revisions.collection, path), eq(revisions.recordId, recordId), sql`${revisions.version} <= ${nextVersion(path, recordId)} - 1 - ${KEPT_VERSIONS}`));
};

export async function hasVersions(db: Database, key: ResourceKey, recordId: string) {
  const [row] = await db
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.collection, resources[key].path), eq(revisions.recordId, recordId)))
    .limit(1);
  return row !== undefined;
}

export interface StoredVersion {
  version: number;
  action: RevisionAction;
  snapshot: Snapshot;
  userId: string | null;
  username: string;
  createdAt: string;
}

/** Values as the API and the write pipeline read them: flags stored as 0/1 become booleans again. */
function normalise(resource: ResourceDefinition, snapshot: Snapshot): Snapshot {
  const result: Snapshot = { ...snapshot };
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'boolean' && name in result) result[name] = result[name] === true || result[name] === 1;
  }
  return result;
}

export async function versionsOf(db: Database, key: ResourceKey, recordId: string): Promise<StoredVersion[]> {
  const resource = resources[key] as ResourceDefinition;
  const rows = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.collection, resource.path), eq(revisions.recordId, recordId)))
    .orderBy(desc(revisions.version));
  return rows.map((row) => ({
    version: row.version,
    action: row.action as RevisionAction,
    snapshot: normalise(resource, row.snapshot),
    userId: row.userId,
    username: row.username,
    createdAt: row.createdAt,
  }));
}

/** Rich text compared as the text a reader sees: tags dropped, spaces collapsed. */
export const plainText = (html: string) =>
  sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote|div)>|<br\s*\/?>/gi, '$&\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();

/** The fields whose shown value differs between two snapshots, in the definition's order. */
export const differences = (resource: ResourceDefinition, before: Snapshot | undefined, after: Snapshot) => fieldDifferences(resource, before, after, plainText);

/**
 * The fields a restore writes back: stored values only, not id or server-set timestamps, and not
 * the publishing schedule (an old version's applied time would publish again at once); an
 * event's time is content and comes back.
 */
export function restorableFields(resource: ResourceDefinition, snapshot: Snapshot): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'password' || (field.kind === 'timestamp' && field.schedule !== 'event') || !(name in snapshot)) continue;
    fields[name] = snapshot[name] ?? '';
  }
  return fields;
}

/** Deleted records of a collection still within their kept window, newest deletion first. */
export async function deletedRecords(db: Database, key: ResourceKey, now: Date) {
  const resource = resources[key] as ResourceDefinition;
  const later = sql`select 1 from ${revisions} as ${sql.identifier('later')} where ${sql.identifier('later')}.${sql.identifier('collection')} = ${revisions.collection} and ${sql.identifier('later')}.${sql.identifier('recordId')} = ${revisions.recordId} and ${sql.identifier('later')}.${sql.identifier('version')} > ${revisions.version}`;
  const rows = await db
    .select()
    .from(revisions)
    .where(
      and(
        eq(revisions.collection, resource.path),
        eq(revisions.action, 'delete'),
        sql`${revisions.createdAt} >= ${new Date(now.getTime() - DELETED_KEPT_MS).toISOString()}`,
        sql`not exists (${later})`,
        sql`${revisions.recordId} not in (select ${sql.identifier('id')} from ${sql.identifier(resource.table)})`,
      ),
    )
    .orderBy(desc(revisions.createdAt));
  return rows.map((row) => ({ ...row, snapshot: normalise(resource, row.snapshot) }));
}

/** Forgets the history of records deleted, and not brought back, longer ago than the kept window. */
export async function forgetDeletedHistory(db: Database, now: Date) {
  const cutoff = new Date(now.getTime() - DELETED_KEPT_MS).toISOString();
  for (const [key, resource] of Object.entries(resources) as [ResourceKey, ResourceDefinition][]) {
    if (!keepsHistory(resource)) continue;
    const lastSavedBeforeCutoff = db
      .select({ id: revisions.recordId })
      .from(revisions)
      .where(eq(revisions.collection, resource.path))
      .groupBy(revisions.recordId)
      .having(sql`max(${revisions.createdAt}) < ${cutoff}`);
    await db
      .delete(revisions)
      .where(
        and(
          eq(revisions.collection, resource.path),
          sql`${revisions.recordId} in ${lastSavedBeforeCutoff}`,
          sql`${revisions.recordId} not in (select ${sql.identifier('id')} from ${sql.identifier(getTableName(table(key)))})`,
        ),
      );
    // The translations' history goes with the record's: nothing is left to bring it back to.
    await db
      .delete(translationRevisions)
      .where(
        and(
          eq(translationRevisions.collection, resource.path),
          sql`${translationRevisions.recordId} not in (select ${sql.identifier('id')} from ${sql.identifier(getTableName(table(key)))})`,
          sql`${translationRevisions.recordId} not in (select ${revisions.recordId} from ${revisions} where ${revisions.collection} = ${resource.path})`,
        ),
      );
  }
}

export const forgetDeletedHistoryJob = {
  name: 'forget-deleted-history',
  run: ({ db, now }: { db: Database; now: Date }) => forgetDeletedHistory(db, now),
};
