/** Live figures for the admin dashboard (the old system showed fixed placeholders). */
import { count, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { DashboardSummary } from '../contract/api.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { requirePermission } from '../auth/guard.ts';
import { recentAudit } from '../audit/log.ts';
import { CollectionStore } from '../collections/store.ts';
import { subscriber, user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/errors.ts';
import { latestBuilds, pendingBuild } from '../rebuild/rebuild.ts';
import { latestBackup } from '../backup/daily.ts';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

export const dashboardRoutes = new Hono<AppEnv>().get('/', requirePermission('dashboard', 'read'), async (c) => {
  const db = c.var.db;
  // Reading the dashboard also sends a rebuild whose scheduled call was lost.
  await pendingBuild(c);
  const content: DashboardSummary['content'] = {};
  for (const key of Object.keys(resources) as ResourceKey[]) {
    if (resources[key].public) content[resources[key].path] = await new CollectionStore(db, key).tally();
  }
  const [users] = await db.select({ total: count(), active: sql<number>`coalesce(sum(${user.isActive}), 0)` }).from(user);
  const is = (status: string) => sql<number>`coalesce(sum(${subscriber.status} = ${status}), 0)`;
  const activeSince = (from: string) => sql<number>`coalesce(sum(${subscriber.status} = 'active' and ${subscriber.subscribedAt} >= ${from}), 0)`;
  const [subs] = await db
    .select({
      total: count(),
      active: is('active'),
      unsubscribed: is('unsubscribed'),
      pending: is('pending'),
      last30Days: activeSince(daysAgo(30)),
      last60Days: activeSince(daysAgo(60)),
    })
    .from(subscriber);
  const summary: DashboardSummary = {
    content,
    users: { total: users?.total ?? 0, active: Number(users?.active ?? 0) },
    subscribers: {
      total: subs?.total ?? 0,
      active: Number(subs?.active ?? 0),
      unsubscribed: Number(subs?.unsubscribed ?? 0),
      pending: Number(subs?.pending ?? 0),
      last30Days: Number(subs?.last30Days ?? 0),
      previous30Days: Number(subs?.last60Days ?? 0) - Number(subs?.last30Days ?? 0),
    },
    recentActivity: await recentAudit(db, 10),
    system: {
      // The figures above came from D1, so it answered.
      database: true,
      storage: await c.env.BUCKET.head('uploads/.health').then(
        () => true,
        () => false,
      ),
      rebuildHook: !!c.env.REBUILD_HOOK_URL,
    },
    lastBuild: (await latestBuilds(db, 1))[0] ?? null,
    lastBackup: await latestBackup(c.env.BUCKET),
  };
  return ok(c, summary);
});
