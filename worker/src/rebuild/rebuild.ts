/**
 * Asking for a site rebuild after content changes. A burst of saves gives one build: the
 * first write records a pending request and, after the debounce window, POSTs the hook once;
 * writes inside the window find the pending request and add nothing. The database holds at
 * most one pending request (a partial unique index), so parallel saves cannot add a second.
 * A save made while a build runs records a new pending request, sent after the debounce: the
 * builder queues it, so the next build includes that save.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { SiteBuild } from '../contract/api.ts';
import { newId, now, type Database } from '../db/client.ts';
import { siteBuilds } from '../db/schema.ts';
import type { AppEnv, Bindings } from '../env.ts';
import { can } from '../auth/permissions.ts';
import { assertReadable } from '../auth/guard.ts';
import { ApiError, ok, unauthorized, forbidden } from '../http/errors.ts';
import { auditStatement } from '../audit/log.ts';
import type { CronJob } from '../cron/scheduled.ts';
import * as z from '../contract/zod.ts';
import { callRebuildHook, isSecret } from './hook.ts';
import { readBody } from '../http/body.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { hooksFor, type HookSet } from '../collections/hooks.ts';

/**
 * A pending request still unsent this long after its debounce lost its scheduled call: the
 * worker was restarted or its waitUntil cut short. The next request, dashboard read or cron
 * run sends it.
 */
const LOST_AFTER_MS = 5_000;

/** A sent build with no final report after this long is given up as timed out. */
export const BUILD_TIMEOUT_MS = 20 * 60_000;
export const TIMED_OUT_MESSAGE =
  'Build tidak melaporkan hasil dalam 20 menit dan dianggap gagal. Perubahan berikutnya (atau "Rebuild sekarang") meminta build baru.';

const present = ({ id, ...rest }: typeof siteBuilds.$inferSelect): SiteBuild => ({ _id: id, ...rest }) as SiteBuild;

/**
 * The newest recorded requests first. Recording order, not `requestedAt`: a request's time is its
 * caller's clock, and a scheduled run passes the time it was fired for.
 */
export async function latestBuilds(db: Database, limit: number) {
  return (await db.select().from(siteBuilds).orderBy(desc(sql`rowid`)).limit(limit)).map(present);
}

/**
 * Short: it only has to gather the writes of one action (a save and its follow-up requests, a
 * bulk change). A longer burst still gives few builds, because the builder (and the deploy
 * workflow's concurrency group) runs one build and keeps at most one waiting.
 */
const DEFAULT_DEBOUNCE_MS = 300;

const debounceMs = (env: Bindings) => {
  const delay = Number(env.REBUILD_DEBOUNCE_MS ?? DEFAULT_DEBOUNCE_MS);
  return Number.isFinite(delay) ? delay : DEFAULT_DEBOUNCE_MS;
};

/** The one outgoing call that asks the builder to build; answers a failure text or null. */
/** Asks the builder for a build; answers why it failed, or null. */
async function askForBuild(env: Bindings, buildId: string): Promise<string | null> {
  try {
    const response = await callRebuildHook(env, buildId);
    return response.ok ? null : `Hook answered ${response.status}`;
  } catch (error) {
    return `Hook unreachable: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Calls the hook once per build: whoever moves it from pending to sent first makes the call. */
async function sendHook(env: Bindings, db: Database, buildId: string, delayMs: number) {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const claimed = await db
    .update(siteBuilds)
    .set({ status: 'sent', sentAt: now() })
    .where(and(eq(siteBuilds.id, buildId), eq(siteBuilds.status, 'pending')))
    .returning({ id: siteBuilds.id });
  if (claimed.length === 0) return;
  const failure = await askForBuild(env, buildId);
  if (failure) await db.update(siteBuilds).set({ status: 'failed', finishedAt: now(), message: failure }).where(eq(siteBuilds.id, buildId));
}

/** The pending request, if any; one whose call was lost is sent now. */
async function sendLostPending(env: Bindings, db: Database, at: number, waitUntil: (promise: Promise<unknown>) => void) {
  const [pending] = await db.select().from(siteBuilds).where(eq(siteBuilds.status, 'pending')).limit(1);
  if (pending && env.REBUILD_HOOK_URL && at - Date.parse(pending.requestedAt) > debounceMs(env) + LOST_AFTER_MS) {
    waitUntil(sendHook(env, db, pending.id, 0));
  }
  return pending;
}

/** What asking for a rebuild reads: the bindings, the database, a way to finish work after the answer, and the clock. */
export interface RebuildInputs {
  env: Bindings;
  db: Database;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The current time; the system clock unless a caller (a test, a scheduled run) gives its own. */
  clock?: () => Date;
}

/** The inputs of a rebuild request made while answering a request. */
export const rebuildInputsOf = (c: Context<AppEnv>): RebuildInputs => ({ env: c.env, db: c.var.db, waitUntil: (promise) => c.executionCtx.waitUntil(promise) });

const timeOf = ({ clock }: RebuildInputs) => (clock ?? (() => new Date()))();

export const pendingBuild = (inputs: RebuildInputs) => sendLostPending(inputs.env, inputs.db, timeOf(inputs).getTime(), inputs.waitUntil);

/** Records a rebuild request and schedules the hook call, unless one is already pending. */
export async function requestRebuild(inputs: RebuildInputs, reason: string) {
  const { env, db, waitUntil } = inputs;
  const requestedAt = () => timeOf(inputs).toISOString();
  if (!env.REBUILD_HOOK_URL) {
    const build = { id: newId(), status: 'not-configured', reason, requestedAt: requestedAt(), message: 'REBUILD_HOOK_URL is not set: nothing was asked to build.' };
    await db.insert(siteBuilds).values(build);
    return present({ ...build, sentAt: null, finishedAt: null, durationMs: null });
  }
  // The insert finds the pending slot taken, or the slot was just sent (then this save, already
  // stored, is read by that build): try again until one of the two holds.
  for (;;) {
    const [created] = await db
      .insert(siteBuilds)
      .values({ id: newId(), status: 'pending', reason, requestedAt: requestedAt(), message: '' })
      .onConflictDoNothing()
      .returning();
    if (created) {
      waitUntil(sendHook(env, db, created.id, debounceMs(env)));
      return present(created);
    }
    const pending = await pendingBuild(inputs);
    if (pending) return present(pending);
  }
}

/** Gives up builds that were sent but never reported an end, so the next save asks again. */
export async function timeOutSilentBuilds(db: Database, at: Date) {
  return db
    .update(siteBuilds)
    .set({ status: 'timed-out', finishedAt: at.toISOString(), message: TIMED_OUT_MESSAGE })
    .where(and(inArray(siteBuilds.status, ['sent', 'building']), lt(siteBuilds.sentAt, new Date(at.getTime() - BUILD_TIMEOUT_MS).toISOString())))
    .returning({ id: siteBuilds.id });
}

export const siteBuildsJob: CronJob = {
  name: 'site builds: send lost requests, time out silent builds',
  async run({ env, db, now: at, waitUntil }) {
    await sendLostPending(env, db, at.getTime(), waitUntil);
    await timeOutSilentBuilds(db, at);
  },
};

const hasSecret = async (c: Context<AppEnv>) => !!c.env.REBUILD_SECRET && (await isSecret(c.req.header('x-rebuild-secret') ?? '', c.env.REBUILD_SECRET));

/** A rebuild request or report is a few fields: a larger body is refused before it is read. */
const MAX_REPORT_BYTES = 16 * 1024;

/** A webhook's body only names a reason: one that cannot be read is no reason, unless it is too large. */
const unlessTooLarge = (error: unknown) => {
  if (error instanceof ApiError && error.status === 413) throw error;
  return { fields: {} };
};

const requestReason = z.object({ reason: z.string().trim().min(1).max(100).optional() });

const report = z.object({
  buildId: z.string().min(1),
  status: z.enum(['building', 'succeeded', 'failed']),
  durationMs: z.number().int().min(0).optional(),
  message: z.string().max(2000).optional(),
});

export const rebuildRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    assertReadable(c.var.user, 'rebuild');
    await pendingBuild(rebuildInputsOf(c));
    return ok(c, await latestBuilds(c.var.db, 10));
  })
  .post('/', async (c) => {
    if (!(await hasSecret(c))) {
      if (!c.var.user) throw unauthorized();
      if (!can(c.var.user, 'rebuild', 'create')) throw forbidden('rebuild.create');
    }
    // A caller with the secret (a CI job, the local start-up) may say why it asks.
    const named = c.var.user ? null : requestReason.safeParse((await readBody(c, MAX_REPORT_BYTES).catch(unlessTooLarge)).fields).data?.reason;
    const build = await requestRebuild(rebuildInputsOf(c), c.var.user ? `Manual (${c.var.user.username})` : (named ?? 'Webhook'));
    await auditStatement(c.var.db, c.var.user, 'rebuild', 'rebuild', build._id, build.reason);
    return ok(c, build, 'Rebuild diminta.', 202);
  })
  /** The builder reports progress and results here. */
  .post('/report', async (c) => {
    if (!(await hasSecret(c))) throw new ApiError(401, 'UNAUTHORIZED', 'Secret tidak valid.');
    const parsed = report.safeParse((await readBody(c, MAX_REPORT_BYTES)).fields);
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'Data yang dikirim tidak valid.');
    const { buildId, status, durationMs, message } = parsed.data;
    const finished = status !== 'building';
    await c.var.db
      .update(siteBuilds)
      .set({ status, ...(finished ? { finishedAt: now(), durationMs: durationMs ?? null } : {}), message: message ?? '' })
      .where(eq(siteBuilds.id, buildId));
    return ok(c, null, 'Dicatat.');
  });

/** A change of a collection the site is built from asks for a rebuild once it is stored. */
export const rebuildHooks: HookSet = hooksFor(
  (Object.keys(resources) as ResourceKey[]).filter((key) => resources[key].rebuildsSite),
  (key) => ({
    async afterChange({ env, db, waitUntil, action }) {
      await requestRebuild({ env, db, waitUntil }, `${resources[key].title}: ${action}`);
    },
  }),
);
