import { desc, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AuditEntry, SessionUser } from '../contract/api.ts';
import { newId, type Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { requireReadable } from '../auth/guard.ts';
import { ok } from '../http/errors.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { hooksFor, type HookSet } from '../collections/hooks.ts';

/** An audit row for one successful write, to run in the same batch as the write. */
export const auditStatement = (
  db: Database,
  who: SessionUser | null,
  action: AuditEntry['action'],
  resource: string,
  recordId: string | null,
  summary: string,
) =>
  db.insert(auditLog).values({
    id: newId(),
    userId: who?.id ?? null,
    username: who?.username ?? '',
    action,
    resource,
    recordId,
    summary: summary.slice(0, 300),
    createdAt: new Date().toISOString(),
  });

/** The newest entries; only those about these modules when they are named. */
export async function recentAudit(db: Database, limit: number, modules?: readonly string[]): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(modules ? inArray(auditLog.resource, [...modules]) : undefined)
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
  return rows.map(({ id, ...rest }) => ({ _id: id, ...rest }) as AuditEntry);
}

export const auditRoutes = new Hono<AppEnv>().get('/', requireReadable('audit'), async (c) => {
  const limit = Math.min(200, Math.max(1, Number.parseInt(c.req.query('limit') ?? '50', 10) || 50));
  return ok(c, await recentAudit(c.var.db, limit));
});

/** Every change of a collection's record is logged in the batch that stores it. */
export const auditHooks: HookSet = hooksFor(Object.keys(resources) as ResourceKey[], (key) => ({
  inBatch: ({ db, who, action, id, summary }) => [auditStatement(db, who, action, resources[key].path, id, summary)],
}));
