/**
 * History as collection hooks: every write of a content record adds a version, and a delete
 * keeps the record's last state with its translations, in the same batch as the change, so a version exists exactly
 * when the change it records does.
 */
import { resources, type ResourceKey } from '../contract/resources.ts';
import type { CollectionHooks, HookSet } from '../collections/hooks.ts';
import { currentSnapshot, hasVersions, keepsHistory, pruneOldVersions, snapshotBeforeDelete, versionOf, versionOfStoredRow } from './store.ts';

const historyHooks = (key: ResourceKey): CollectionHooks => ({
  async beforeChange({ db, who, id, existing, origin }) {
    const statements = [];
    // A record saved before history was kept gets its current state as its first version,
    // so its first change can be undone too.
    if (existing && !(await hasVersions(db, key, id))) {
      statements.push(versionOf(db, key, await currentSnapshot(db, key, existing), 'update', null, new Date(String(existing.updatedAt))));
    }
    statements.push(versionOfStoredRow(db, key, id, origin ?? (existing ? 'update' : 'create'), who), pruneOldVersions(db, key, id));
    return statements;
  },
  async beforeDelete({ db, who, existing }) {
    return [versionOf(db, key, await snapshotBeforeDelete(db, key, existing), 'delete', who)];
  },
});

export const revisionHooks: HookSet = Object.fromEntries(
  (Object.keys(resources) as ResourceKey[]).filter((key) => keepsHistory(resources[key])).map((key) => [key, historyHooks(key)]),
);
