/**
 * Live figures for the admin dashboard (the old system showed fixed placeholders). Each part is
 * answered only to a caller who may read its module, so a limited account gets the dashboard of
 * what it may see instead of a refusal of the whole.
 */
import { count, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { DashboardSummary } from '../contract/api.ts';
import { DASHBOARD_SECTIONS, mayRead } from '../contract/permissions.ts';
import { PERMISSION_MODULES, resources, type ResourceKey } from '../contract/resources.ts';
import { recentAudit } from '../audit/log.ts';
import { CollectionStore } from '../collections/store.ts';
import { subscriber, user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import type { Database } from '../db/client.ts';
import { ok, unauthorized } from '../http/errors.ts';
import { latestBuilds, pendingBuild, rebuildInputsOf } from '../rebuild/rebuild.ts';
import { latestBackup } from '../backup/daily.ts';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

async function userFigures(db: Database): Promise<NonNullable<DashboardSummary['users']>> {
  const [users] = await db.select({ total: count(), active: sql<number>`coalesce(sum(${user.isActive}), 0)` }).from(user);
  return { total: users?.total ?? 0, active: Number(users?.active ?? 0) };
}

async function subscriberFigures(db: Database): Promise<NonNullable<DashboardSummary['subscribers']>> {
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
  return {
    total: subs?.total ?? 0,
    active: Number(subs?.active ?? 0),
    unsubscribed: Number(subs?.unsubscribed ?? 0),
    pending: Number(subs?.pending ?? 0),
    last30Days: Number(subs?.last30Days ?? 0),
    previous30Days: Number(subs?.last60Days ?? 0) - Number(subs?.last30Days ?? 0),
  };
}

export const dashboardRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const who = c.var.user;
  if (!who) throw unauthorized();
  const db = c.var.db;
  const reads = (module: string) => mayRead(who.permissions, module);
  // Reading the dashboard also sends a rebuild whose scheduled call was lost.
  await pendingBuild(rebuildInputsOf(c));
  const content: DashboardSummary['content'] = {};
  for (const key of Object.keys(resources) as ResourceKey[]) {
    const resource = resources[key];
    if (resource.public && reads(resource.path)) content[resource.path] = await new CollectionStore(db, key).tally();
  }
  const summary: DashboardSummary = {
    content,
    recentActivity: await recentAudit(db, 10, reads('audit') ? undefined : PERMISSION_MODULES.filter(reads)),
  };
  if (reads(DASHBOARD_SECTIONS.users)) summary.users = await userFigures(db);
  if (reads(DASHBOARD_SECTIONS.subscribers)) summary.subscribers = await subscriberFigures(db);
  if (reads(DASHBOARD_SECTIONS.lastBuild)) summary.lastBuild = (await latestBuilds(db, 1))[0] ?? null;
  if (reads(DASHBOARD_SECTIONS.lastBackup)) summary.lastBackup = await latestBackup(c.env.BUCKET);
  if (reads(DASHBOARD_SECTIONS.system)) {
    summary.system = {
      // The figures above came from D1, so it answered.
      database: true,
      storage: await c.env.BUCKET.head('uploads/.health').then(
        () => true,
        () => false,
      ),
      rebuildHook: !!c.env.REBUILD_HOOK_URL,
    };
  }
  return ok(c, summary);
});
