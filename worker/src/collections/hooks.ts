/**
 * Collection hooks: the rules and side effects of one collection, kept beside the others in a
 * map keyed by collection, so the generic routes only say "run the collection's hooks".
 * A hook refuses by throwing an ApiError; the statements it returns are committed in the same
 * atomic batch as the write or delete they belong to.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '../contract/api.ts';
import type { ResourceKey } from '../contract/resources.ts';
import type { Database } from '../db/client.ts';
import { accessRules } from '../auth/access-rules.ts';
import { revisionHooks } from '../revisions/hooks.ts';
import { resolvedMissing, slugRedirects } from '../redirects/hooks.ts';
import type { Row } from './store.ts';

interface HookEvent {
  db: Database;
  /** Who acts (already holding the collection's permission for the action). */
  who: SessionUser;
  /** The hash of the session making the request. */
  session: string | null;
  id: string;
}

export interface WriteEvent extends HookEvent {
  /** The record as stored before an update; undefined for a create. */
  existing: Row | undefined;
  /** The validated change: only the fields sent, passwords already hashed. */
  values: Row;
  /** Relation fields sent, as the target ids they will link. */
  relations: Record<string, string[]>;
  /** Why the write happens when not an editor's save: a version brought back, a scheduled publication. */
  origin?: 'restore' | 'schedule';
}

export interface DeleteEvent extends HookEvent {
  existing: Row;
}

type Statements = BatchItem<'sqlite'>[];

export interface CollectionHooks {
  /** Runs after validation, before any file is stored or anything written. */
  beforeWrite?: (event: WriteEvent) => Promise<Statements | void> | Statements | void;
  beforeDelete?: (event: DeleteEvent) => Promise<Statements | void> | Statements | void;
}

export type HookSet = Partial<Record<ResourceKey, CollectionHooks>>;

/** Every set of hooks, run in this order. */
const hookSets: HookSet[] = [accessRules, slugRedirects, resolvedMissing, revisionHooks];

export async function beforeWrite(key: ResourceKey, event: WriteEvent): Promise<Statements> {
  const statements: Statements = [];
  for (const set of hookSets) statements.push(...((await set[key]?.beforeWrite?.(event)) ?? []));
  return statements;
}

export async function beforeDelete(key: ResourceKey, event: DeleteEvent): Promise<Statements> {
  const statements: Statements = [];
  for (const set of hookSets) statements.push(...((await set[key]?.beforeDelete?.(event)) ?? []));
  return statements;
}
