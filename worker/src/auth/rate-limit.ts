/**
 * Failed logins counted in D1 per username and address, so the limit holds across every
 * Cloudflare location (the Rate Limiting binding counts per location).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;

export async function assertNotLimited(db: Database, key: string) {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  if (!row) return;
  const elapsed = Date.now() - Date.parse(row.windowStart);
  if (row.failures >= MAX_FAILURES && elapsed < WINDOW_MS) {
    const minutes = Math.max(1, Math.ceil((WINDOW_MS - elapsed) / 60_000));
    throw new ApiError(429, 'RATE_LIMITED', `Terlalu banyak percobaan login. Silakan coba lagi dalam ${minutes} menit.`, {
      retryAfterSeconds: Math.ceil((WINDOW_MS - elapsed) / 1000),
    });
  }
}

export async function recordFailure(db: Database, key: string) {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  const fresh = !row || Date.now() - Date.parse(row.windowStart) >= WINDOW_MS;
  const windowStart = fresh ? new Date().toISOString() : row.windowStart;
  const failures = fresh ? 1 : row.failures + 1;
  await db
    .insert(loginAttempts)
    .values({ key, failures, windowStart })
    .onConflictDoUpdate({ target: loginAttempts.key, set: { failures, windowStart } });
}

export const clearFailures = (db: Database, key: string) => db.delete(loginAttempts).where(eq(loginAttempts.key, key));
