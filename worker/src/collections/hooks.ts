/**
 * Collection hooks: what features (access rules, history, redirects, audit, files, rebuild)
 * add to the writes of a collection. The composition root hands the routes every feature's
 * hooks, in running order; the core names no feature. A `before*` hook refuses by throwing an
 * ApiError; the statements a hook returns are committed in the same atomic batch as the write
 * or delete they belong to; `afterChange` runs once the change is stored.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '../contract/api.ts';
import type { ResourceKey } from '../contract/resources.ts';
import type { Database } from '../db/client.ts';
import type { Bindings } from '../env.ts';
import type { Row } from './store.ts';

interface HookEvent {
  db: Database;
  /** Who acts (already holding the collection's permission for the action). */
  who: SessionUser;
  /** The hash of the session making the request. */
  session: string | null;
  id: string;
}

/** Why a write happens when not an editor's save: a version brought back, a scheduled publication. */
export type WriteOrigin = 'restore' | 'schedule';

export interface WriteEvent extends HookEvent {
  /** Where the files the write names are stored. */
  bucket: R2Bucket;
  /** The record as stored before an update; undefined for a create. */
  existing: Row | undefined;
  /** The validated change: only the fields sent, passwords already hashed. */
  values: Row;
  /** Relation fields sent, as the target ids they will link. */
  relations: Record<string, string[]>;
  origin?: WriteOrigin;
}

export interface DeleteEvent extends HookEvent {
  existing: Row;
}

/** A change ready to be stored (in `inBatch`) or stored (in `afterChange`). */
export interface ChangeEvent {
  db: Database;
  env: Bindings;
  waitUntil: (promise: Promise<unknown>) => void;
  who: SessionUser;
  key: ResourceKey;
  action: 'create' | 'update' | 'delete';
  id: string;
  /** The row before the change; undefined for a create. */
  existing: Row | undefined;
  /** The stored values the change writes (files already stored); null for a delete. */
  values: Row | null;
  /** The record's name after the change, and what the writer adds to it (" (dipulihkan)"). */
  summary: string;
}

type Statements = BatchItem<'sqlite'>[];

export interface CollectionHooks {
  /** Runs after validation, before any file is stored or anything written. */
  beforeChange?: (event: WriteEvent) => Promise<Statements | void> | Statements | void;
  beforeDelete?: (event: DeleteEvent) => Promise<Statements | void> | Statements | void;
  /** Statements stored with the change, once what it stores is final. */
  inBatch?: (event: ChangeEvent) => Statements;
  /** Runs after the change is stored. */
  afterChange?: (event: ChangeEvent) => Promise<void>;
}

/** One feature's hooks, by collection. */
export type HookSet = Partial<Record<ResourceKey, CollectionHooks>>;

/** A feature's hooks for each of these collections. */
export const hooksFor = (keys: readonly ResourceKey[], hooks: (key: ResourceKey) => CollectionHooks): HookSet => Object.fromEntries(keys.map((key) => [key, hooks(key)]));

/** Runs every set's hooks of a collection, in the sets' order. */
export function hookRunner(sets: readonly HookSet[]) {
  const of = (key: ResourceKey) => sets.flatMap((set) => (set[key] ? [set[key]] : []));
  return {
    async beforeChange(key: ResourceKey, event: WriteEvent): Promise<Statements> {
      const statements: Statements = [];
      for (const hooks of of(key)) statements.push(...((await hooks.beforeChange?.(event)) ?? []));
      return statements;
    },
    async beforeDelete(key: ResourceKey, event: DeleteEvent): Promise<Statements> {
      const statements: Statements = [];
      for (const hooks of of(key)) statements.push(...((await hooks.beforeDelete?.(event)) ?? []));
      return statements;
    },
    inBatch: (event: ChangeEvent): Statements => of(event.key).flatMap((hooks) => hooks.inBatch?.(event) ?? []),
    async afterChange(event: ChangeEvent) {
      for (const hooks of of(event.key)) await hooks.afterChange?.(event);
    },
  };
}

export type HookRunner = ReturnType<typeof hookRunner>;
