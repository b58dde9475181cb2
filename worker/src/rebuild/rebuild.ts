/**
 * Asking for a site rebuild after content changes. A burst of saves gives one build: the
 * first write records a pending request and, after the debounce window, POSTs the hook once;
 * writes inside the window find the pending request and add nothing.
 */
import { and, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { SiteBuild } from '../contract/api.ts';
import { newId, now, type Database } from '../db/client.ts';
import { siteBuilds } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { can } from '../auth/permissions.ts';
import { ApiError, ok, unauthorized, forbidden } from '../http/errors.ts';
import { auditStatement } from '../audit/log.ts';
import { z } from 'zod';

/**
 * A pending request still unsent this long after its debounce lost its scheduled call: the
 * worker was restarted or its waitUntil cut short. The next request or dashboard read sends it.
 */
const LOST_AFTER_MS = 5_000;

const present = ({ id, ...rest }: typeof siteBuilds.$inferSelect): SiteBuild => ({ _id: id, ...rest }) as SiteBuild;

export async function latestBuilds(db: Database, limit: number) {
  return (await db.select().from(siteBuilds).orderBy(desc(siteBuilds.requestedAt)).limit(limit)).map(present);
}

const debounceMs = (c: Context<AppEnv>) => {
  const delay = Number(c.env.REBUILD_DEBOUNCE_MS ?? '2000');
  return Number.isFinite(delay) ? delay : 2000;
};

/** Calls the hook once per build: whoever moves it from pending to sent first makes the call. */
async function sendHook(c: Context<AppEnv>, buildId: string, delayMs: number) {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const db = c.var.db;
  const claimed = await db
    .update(siteBuilds)
    .set({ status: 'sent', sentAt: now() })
    .where(and(eq(siteBuilds.id, buildId), eq(siteBuilds.status, 'pending')))
    .returning({ id: siteBuilds.id });
  if (claimed.length === 0) return;
  try {
    const response = await fetch(c.env.REBUILD_HOOK_URL!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-rebuild-secret': c.env.REBUILD_SECRET ?? '' },
      body: JSON.stringify({ buildId }),
    });
    if (!response.ok) {
      await db.update(siteBuilds).set({ status: 'failed', finishedAt: now(), message: `Hook answered ${response.status}` }).where(eq(siteBuilds.id, buildId));
    }
  } catch (error) {
    await db
      .update(siteBuilds)
      .set({ status: 'failed', finishedAt: now(), message: `Hook unreachable: ${error instanceof Error ? error.message : String(error)}` })
      .where(eq(siteBuilds.id, buildId));
  }
}

/** The pending request, if any; one whose call was lost is sent now. */
export async function pendingBuild(c: Context<AppEnv>) {
  const [pending] = await c.var.db.select().from(siteBuilds).where(eq(siteBuilds.status, 'pending')).limit(1);
  if (pending && c.env.REBUILD_HOOK_URL && Date.now() - Date.parse(pending.requestedAt) > debounceMs(c) + LOST_AFTER_MS) {
    c.executionCtx.waitUntil(sendHook(c, pending.id, 0));
  }
  return pending;
}

/** Records a rebuild request and schedules the hook call, unless one is already pending. */
export async function requestRebuild(c: Context<AppEnv>, reason: string) {
  const db = c.var.db;
  const pending = await pendingBuild(c);
  if (pending) return present(pending);
  const configured = !!c.env.REBUILD_HOOK_URL;
  const build = {
    id: newId(),
    status: configured ? 'pending' : 'not-configured',
    reason,
    requestedAt: now(),
    message: configured ? '' : 'REBUILD_HOOK_URL is not set: nothing was asked to build.',
  };
  await db.insert(siteBuilds).values(build);
  if (configured) c.executionCtx.waitUntil(sendHook(c, build.id, debounceMs(c)));
  return present({ ...build, sentAt: null, finishedAt: null, durationMs: null });
}

const hasSecret = (c: Context<AppEnv>) => !!c.env.REBUILD_SECRET && c.req.header('x-rebuild-secret') === c.env.REBUILD_SECRET;

const report = z.object({
  buildId: z.string().min(1),
  status: z.enum(['building', 'succeeded', 'failed']),
  durationMs: z.number().int().min(0).optional(),
  message: z.string().max(2000).optional(),
});

export const rebuildRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    if (!c.var.user) throw unauthorized();
    if (!can(c.var.user, 'rebuild', 'read')) throw forbidden('rebuild.read');
    await pendingBuild(c);
    return ok(c, await latestBuilds(c.var.db, 10));
  })
  .post('/', async (c) => {
    if (!hasSecret(c)) {
      if (!c.var.user) throw unauthorized();
      if (!can(c.var.user, 'rebuild', 'create')) throw forbidden('rebuild.create');
    }
    const build = await requestRebuild(c, c.var.user ? `Manual (${c.var.user.username})` : 'Webhook');
    await auditStatement(c.var.db, c.var.user, 'rebuild', 'rebuild', build._id, build.reason);
    return ok(c, build, 'Rebuild diminta.', 202);
  })
  /** The builder reports progress and results here. */
  .post('/report', async (c) => {
    if (!hasSecret(c)) throw new ApiError(401, 'UNAUTHORIZED', 'Secret tidak valid.');
    const parsed = report.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'Data yang dikirim tidak valid.');
    const { buildId, status, durationMs, message } = parsed.data;
    const finished = status !== 'building';
    await c.var.db
      .update(siteBuilds)
      .set({ status, ...(finished ? { finishedAt: now(), durationMs: durationMs ?? null } : {}), message: message ?? '' })
      .where(eq(siteBuilds.id, buildId));
    return ok(c, null, 'Dicatat.');
  });

/** What a rebuild request reads from a request, as the scheduled handler has it. */
export interface RebuildContext {
  db: Database;
  env: AppEnv['Bindings'];
  waitUntil(promise: Promise<unknown>): void;
}

/** Records a rebuild request from outside a request (the scheduled jobs), with the same debounce. */
export function requestRebuildFrom({ db, env, waitUntil }: RebuildContext, reason: string) {
  // requestRebuild and the hook call read only these three members of the request context.
  const context = { var: { db }, env, executionCtx: { waitUntil } } as unknown as Context<AppEnv>;
  return requestRebuild(context, reason);
}
