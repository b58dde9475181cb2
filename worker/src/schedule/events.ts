/**
 * Events that start or end. The site lists events not over yet apart from past ones, and marks
 * one under way or over, as at its build; nothing is saved when an event starts or ends, so each
 * minute a public record of a collection listed `upcoming` whose start or end has come since the
 * last build was asked for asks for one. A missed minute is caught up by the next: the last
 * request is the mark.
 */
import { and, gt, lte, or } from 'drizzle-orm';
import type { FieldSort, ResourceDefinition } from '../contract/fields.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { CollectionStore, publicCondition } from '../collections/store.ts';
import type { CronJob } from '../cron/scheduled.ts';
import { latestBuilds, requestRebuild } from '../rebuild/rebuild.ts';

/** How a collection lists upcoming records, if it does. */
const upcomingSort = ({ sort }: ResourceDefinition): FieldSort | null => (typeof sort === 'object' && sort.order === 'upcoming' ? sort : null);

const LISTED_UPCOMING = (Object.keys(resources) as ResourceKey[]).filter((key) => resources[key].rebuildsSite && upcomingSort(resources[key]) !== null);

/** Without a recorded build request (the site was built by its deploy), the minute just past. */
const SINCE_WITHOUT_BUILDS_MS = 60_000;

export const eventTimesJob: CronJob = {
  name: 'events started or ended: rebuild the site',
  async run({ db, env, now, waitUntil }) {
    const [latest] = await latestBuilds(db, 1);
    const since = latest?.requestedAt ?? new Date(now.getTime() - SINCE_WITHOUT_BUILDS_MS).toISOString();
    const changed: string[] = [];
    for (const key of LISTED_UPCOMING) {
      const store = new CollectionStore(db, key);
      const { field, until } = upcomingSort(store.resource)!;
      const cameSince = (name: string) => and(gt(store.column(name), since), lte(store.column(name), now.toISOString()));
      const [first] = await db
        .select({ id: store.column('id') })
        .from(store.table)
        .where(and(until ? or(cameSince(field), cameSince(until)) : cameSince(field), publicCondition(key, now)))
        .limit(1);
      if (first) changed.push(store.resource.title);
    }
    if (changed.length > 0) await requestRebuild({ db, env, waitUntil, clock: () => now }, `Acara dimulai atau selesai: ${changed.join(', ')}`);
  },
};
