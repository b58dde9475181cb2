/**
 * The newsletter's sign-up (POST /api/subscribe, for everyone); the admin lists, updates and
 * deletes subscribers through the generic collection routes.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { auditStatement } from '../audit/log.ts';
import { newId, now } from '../db/client.ts';
import { subscriber } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, ok } from '../http/errors.ts';

const signUp = z.object({ email: z.email().max(254) });

export const publicSubscribe = new Hono<AppEnv>().post('/', async (c) => {
  const parsed = signUp.safeParse((await readBody(c)).fields);
  if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'Please enter a valid email address.');
  const email = parsed.data.email.trim().toLowerCase();
  const db = c.var.db;
  const [existing] = await db.select().from(subscriber).where(eq(subscriber.email, email));
  if (existing && existing.status !== 'unsubscribed') throw new ApiError(409, 'CONFLICT', 'This email is already subscribed.');
  const id = existing ? String(existing.id) : newId();
  const time = now();
  await db.batch([
    existing
      ? db.update(subscriber).set({ status: 'active', subscribedAt: time, updatedAt: time }).where(eq(subscriber.id, id))
      : db.insert(subscriber).values({ id, email, status: 'active', source: 'website', subscribedAt: time, createdAt: time, updatedAt: time }),
    auditStatement(db, null, existing ? 'update' : 'create', 'subscribe', id, email),
  ]);
  return ok(c, { email }, 'Thank you for subscribing!', 201);
});
