/**
 * Login attempts counted in D1, so the limits hold across every Cloudflare location (the Rate
 * Limiting binding counts per location) and under concurrency: each attempt is counted by one
 * atomic upsert before its password is checked, and refused once over a limit, so parallel
 * guesses cannot all be evaluated.
 *
 * Two counters per window: one per username and client address (a forgotten password locks
 * only that pair, and nobody can lock an admin out from elsewhere), and one per address across
 * usernames (password spraying). A successful login clears its own username|address counter
 * and takes back only its own attempt from the address counter, so valid logins interleaved by
 * an attacker with an account of their own never reset the failures counted there.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

export const MAX_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;
export const WINDOW_MS = 15 * 60_000;

const counters = (username: string, address: string) => [
  { key: `account:${username.toLowerCase()}|${address}`, max: MAX_FAILURES },
  { key: `address:${address}`, max: MAX_ADDRESS_FAILURES },
];

/**
 * Adds one attempt to a counter in one atomic upsert (parallel guesses are all counted), starting
 * a new window when the last one is over; answers the new count and when its window began.
 */
export function countInWindow(db: Database, key: string, time: number, windowMs = WINDOW_MS) {
  const start = new Date(time).toISOString();
  const expired = sql`${loginAttempts.windowStart} <= ${new Date(time - windowMs).toISOString()}`;
  return db
    .insert(loginAttempts)
    .values({ key, failures: 1, windowStart: start })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${start} else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ failures: loginAttempts.failures, windowStart: loginAttempts.windowStart });
}

/** Counts a login attempt before it is evaluated; refuses it (429) when a counter is over its limit. */
export async function countAttempt(db: Database, username: string, address: string, time = Date.now()) {
  const limits = counters(username, address);
  const [account, client] = await db.batch([countInWindow(db, limits[0]!.key, time), countInWindow(db, limits[1]!.key, time)]);
  const overUntil = [account[0], client[0]]
    .map((row, i) => (row && row.failures > limits[i]!.max ? Date.parse(row.windowStart) + WINDOW_MS : 0))
    .reduce((a, b) => Math.max(a, b));
  if (overUntil > time) {
    const seconds = Math.ceil((overUntil - time) / 1000);
    throw new ApiError(429, 'RATE_LIMITED', `Terlalu banyak percobaan login. Silakan coba lagi dalam ${Math.max(1, Math.ceil(seconds / 60))} menit.`, {
      retryAfterSeconds: seconds,
    });
  }
}

/** After a successful login: its username|address counter starts again, and its own attempt is not a failure. */
export async function forgiveAttempt(db: Database, username: string, address: string) {
  const [account, client] = counters(username, address);
  await db.batch([
    db.delete(loginAttempts).where(eq(loginAttempts.key, account!.key)),
    db
      .update(loginAttempts)
      .set({ failures: sql`max(${loginAttempts.failures} - 1, 0)` })
      .where(eq(loginAttempts.key, client!.key)),
  ]);
}
