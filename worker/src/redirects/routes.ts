/** The 404 log for staff: the addresses visitors found missing, most recent first. */
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { requirePermission, requireReadable } from '../auth/guard.ts';
import { notFoundLog } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/errors.ts';
import type { MissingPage } from '../contract/staff-answers.ts';

export const notFoundRoutes = new Hono<AppEnv>()
  .get('/', requireReadable('redirect'), async (c) => ok<MissingPage[]>(c, await c.var.db.select().from(notFoundLog).orderBy(desc(notFoundLog.lastSeen)).limit(500)))
  .delete('/', requirePermission('redirect', 'delete'), async (c) => {
    const path = c.req.query('path') ?? '';
    await c.var.db.delete(notFoundLog).where(eq(notFoundLog.path, path));
    return ok(c, null, 'Dihapus dari log.');
  });
