/**
 * Scheduled publishing. Reads already hide a record before its publish time and after its
 * unpublish time (`publicState`), whatever its flag. Each minute, records whose publish (or
 * unpublish) time has come get their flag turned on (or off) and that time cleared, so the
 * stored record says what the public sees, with a version and an audit entry in the same batch;
 * then one site rebuild is asked for all of them, since the static pages change only by a build.
 */
import { and, isNotNull, lte } from 'drizzle-orm';
import { recordTitle, scheduleFields } from '../contract/fields.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { auditStatement } from '../audit/log.ts';
import { CollectionStore } from '../collections/store.ts';
import type { CronJob } from '../cron/scheduled.ts';
import { requestRebuild } from '../rebuild/rebuild.ts';
import { currentSnapshot, hasVersions, pruneOldVersions, versionOf, versionOfStoredRow } from '../revisions/store.ts';

const SCHEDULED = (Object.keys(resources) as ResourceKey[]).filter((key) => scheduleFields(resources[key]).length > 0);

export const publishScheduledJob: CronJob = {
  name: 'publish-scheduled',
  async run({ db, env, now, waitUntil }) {
    const applied: string[] = [];
    for (const key of SCHEDULED) {
      const store = new CollectionStore(db, key);
      const { resource } = store;
      for (const [name, kind] of scheduleFields(resource)) {
        const due = await db
          .select()
          .from(store.table)
          .where(and(isNotNull(store.column(name)), lte(store.column(name), now.toISOString())));
        for (const row of due) {
          const id = String(row.id);
          const visible = kind === 'publish';
          const title = recordTitle(resource, row, id);
          const statements = [];
          // A record saved before history was kept keeps its state before the change too.
          if (!(await hasVersions(db, key, id))) statements.push(versionOf(db, key, await currentSnapshot(db, key, row), 'update', null, new Date(String(row.updatedAt))));
          await db.batch([
            store.update(id, { [resource.visibleWhen!]: visible, [name]: null }),
            ...statements,
            versionOfStoredRow(db, key, id, 'schedule', null),
            pruneOldVersions(db, key, id),
            auditStatement(db, null, 'update', resource.path, id, `${title}: ${visible ? 'diterbitkan' : 'disembunyikan'} sesuai jadwal`),
          ]);
          applied.push(`${resource.title} "${title}"`);
        }
      }
    }
    if (applied.length > 0 && SCHEDULED.some((key) => resources[key].rebuildsSite)) {
      await requestRebuild({ db, env, waitUntil, clock: () => now }, `Jadwal: ${applied.join(', ')}`.slice(0, 300));
    }
  },
};
