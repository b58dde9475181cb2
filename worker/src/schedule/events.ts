/**
 * Events that start. The site lists events still ahead apart from past ones and marks a past
 * event's page, as at its build; nothing is saved when an event starts, so each minute a public
 * record of a collection listed `upcoming` whose time has come since the last build was asked
 * for asks for one. A missed minute is caught up by the next: the last request is the mark.
 */
import { and, gt, lte } from 'drizzle-orm';
import type { ResourceDefinition } from '../contract/fields.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { CollectionStore, publicCondition } from '../collections/store.ts';
import type { CronJob } from '../cron/scheduled.ts';
import { latestBuilds, requestRebuild } from '../rebuild/rebuild.ts';

/** The time field a collection lists upcoming records by, if it does. */
const upcomingField = ({ sort }: ResourceDefinition) => (typeof sort === 'object' && sort.order === 'upcoming' ? sort.field : null);

const LISTED_UPCOMING = (Object.keys(resources) as ResourceKey[]).filter((key) => resources[key].rebuildsSite && upcomingField(resources[key]) !== null);

/** Without a recorded build request (the site was built by its deploy), the minute just past. */
const SINCE_WITHOUT_BUILDS_MS = 60_000;

export const eventsStartedJob: CronJob = {
  name: 'events started: rebuild the site',
  async run({ db, env, now, waitUntil }) {
    const [latest] = await latestBuilds(db, 1);
    const since = latest?.requestedAt ?? new Date(now.getTime() - SINCE_WITHOUT_BUILDS_MS).toISOString();
    const started: string[] = [];
    for (const key of LISTED_UPCOMING) {
      const store = new CollectionStore(db, key);
      const time = store.column(upcomingField(store.resource)!);
      const [first] = await db
        .select({ id: store.column('id') })
        .from(store.table)
        .where(and(gt(time, since), lte(time, now.toISOString()), publicCondition(key, now)))
        .limit(1);
      if (first) started.push(store.resource.title);
    }
    if (started.length > 0) await requestRebuild({ db, env, waitUntil, clock: () => now }, `Acara dimulai: ${started.join(', ')}`);
  },
};
