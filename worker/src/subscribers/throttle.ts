/**
 * Sign-ups counted in D1 per email address and per client address within an hour, so a
 * script cannot flood someone's inbox with confirmation emails or fill the list with junk.
 * The counter moves in one upsert, so simultaneous requests cannot slip past the limit.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { signupAttempts } from '../db/schema.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../http/errors.ts';

export const SIGNUP_WINDOW_MS = 60 * 60_000;
const DEFAULT_LIMITS = { client: 30, email: 5 };

const limitOf = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

async function count(db: Database, key: string, now: Date) {
  const cutoff = new Date(now.getTime() - SIGNUP_WINDOW_MS).toISOString();
  const start = now.toISOString();
  const [row] = await db
    .insert(signupAttempts)
    .values({ key, count: 1, windowStart: start })
    .onConflictDoUpdate({
      target: signupAttempts.key,
      set: {
        count: sql`case when ${signupAttempts.windowStart} < ${cutoff} then 1 else ${signupAttempts.count} + 1 end`,
        windowStart: sql`case when ${signupAttempts.windowStart} < ${cutoff} then ${start} else ${signupAttempts.windowStart} end`,
      },
    })
    .returning();
  return row!;
}

/** Counts this sign-up; refuses it (429) when the address or the client is over its hourly limit. */
export async function throttleSignUp(env: Bindings, db: Database, email: string, client: string, now = new Date()) {
  const checks = [
    { key: `email:${email}`, limit: limitOf(env.NEWSLETTER_EMAIL_LIMIT, DEFAULT_LIMITS.email) },
    { key: `client:${client}`, limit: limitOf(env.NEWSLETTER_CLIENT_LIMIT, DEFAULT_LIMITS.client) },
  ];
  for (const { key, limit } of checks) {
    const row = await count(db, key, now);
    if (row.count > limit) {
      const waitMs = Date.parse(row.windowStart) + SIGNUP_WINDOW_MS - now.getTime();
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new ApiError(429, 'RATE_LIMITED', `Too many sign-up attempts. Please try again in ${minutes} minutes.`, {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
  }
}

/** Counters whose window has passed are no longer needed. */
export const pruneSignupAttempts = (db: Database, now: Date) =>
  db.delete(signupAttempts).where(sql`${signupAttempts.windowStart} < ${new Date(now.getTime() - SIGNUP_WINDOW_MS).toISOString()}`);
