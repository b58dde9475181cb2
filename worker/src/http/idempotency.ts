/**
 * Idempotency-Key on writes: the admin sends one key per save and may then repeat the request
 * safely after a dropped connection. The first attempt claims the key in D1 (one atomic insert)
 * and stores its successful answer; a repeat gets that answer back instead of a second write.
 * Only signed-in callers' keys are kept: an anonymous caller could otherwise fill the table
 * with a fresh key on every request. Kept keys are forgotten after a day, and at most
 * MAX_KEPT_KEYS stay.
 */
import { desc, eq, lt, notInArray } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { CronJob } from '../cron/scheduled.ts';
import type { Database } from '../db/client.ts';
import { idempotentRequests } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from './errors.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;
/** How long a repeat waits for a first attempt that is still running. */
const WAIT_MS = 5_000;
/** Answers larger than this are not kept; a repeat then learns the first attempt succeeded. */
const MAX_STORED_BODY = 256 * 1024;
export const KEEP_KEYS_MS = 24 * 3_600_000;
/** The newest keys kept when more were stored within a day. */
export const MAX_KEPT_KEYS = 10_000;

async function answerOf(db: Database, key: string) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await db.select().from(idempotentRequests).where(eq(idempotentRequests.key, key));
    if (!row || row.status !== null || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Requests whose answer carries a secret shown once (a new key, one-time codes): never stored. */
const secretAnswers = new WeakSet<Request>();
export const answerHoldsSecret = (request: Request) => void secretAnswers.add(request);

export const idempotentWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  const clientKey = c.req.header('idempotency-key');
  const user = c.var.user;
  if (!clientKey || !user || !WRITES.has(c.req.method)) return next();
  if (!KEY_FORMAT.test(clientKey)) throw new ApiError(400, 'VALIDATION_ERROR', 'Idempotency-Key tidak valid (8-100 huruf, angka, - atau _).');
  const db = c.var.db;
  const key = `${user.id}:${clientKey}`;
  const request = `${c.req.method} ${new URL(c.req.url).pathname}`;

  const claimed = await db.insert(idempotentRequests).values({ key, request }).onConflictDoNothing().returning({ key: idempotentRequests.key });
  if (claimed.length === 0) {
    const earlier = await answerOf(db, key);
    if (earlier && earlier.request !== request) {
      throw new ApiError(422, 'VALIDATION_ERROR', 'Idempotency-Key ini sudah dipakai untuk permintaan lain.');
    }
    if (earlier?.status != null) {
      return new Response(earlier.body ?? '', { status: earlier.status, headers: { 'content-type': 'application/json', 'idempotent-replay': 'true' } });
    }
    // The first attempt never finished answering (its connection or worker was cut): it may
    // or may not have been stored, so nothing is written again.
    throw new ApiError(409, 'CONFLICT', 'Permintaan yang sama sudah dikirim dan belum selesai. Muat ulang data untuk memeriksa apakah sudah tersimpan.');
  }

  await next();
  const body = c.res.ok ? await c.res.clone().text() : null;
  if (body === null) {
    // A refused or failed write stored nothing: the same key may try again.
    await db.delete(idempotentRequests).where(eq(idempotentRequests.key, key));
    return;
  }
  // A download (a backup) or a secret is never kept: it stays out of the database.
  const keepable = body.length <= MAX_STORED_BODY && !c.res.headers.has('content-disposition') && !secretAnswers.has(c.req.raw);
  const kept = keepable ? body : JSON.stringify({ success: true, data: null, message: 'Permintaan sebelumnya sudah berhasil.' });
  await db.update(idempotentRequests).set({ status: c.res.status, body: kept }).where(eq(idempotentRequests.key, key));
};

export const forgetOldIdempotencyKeys: CronJob = {
  name: 'forget old idempotency keys',
  run: async ({ db, now }) => {
    await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, new Date(now.getTime() - KEEP_KEYS_MS).toISOString()));
    const newest = db.select({ key: idempotentRequests.key }).from(idempotentRequests).orderBy(desc(idempotentRequests.createdAt)).limit(MAX_KEPT_KEYS);
    await db.delete(idempotentRequests).where(notInArray(idempotentRequests.key, newest));
  },
};
