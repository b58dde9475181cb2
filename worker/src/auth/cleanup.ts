import { lt, lte } from 'drizzle-orm';
import type { CronJob } from '../cron/scheduled.ts';
import { loginAttempts, sessions } from '../db/schema.ts';
import { WINDOW_MS } from './rate-limit.ts';

/**
 * Forgets login counters whose window is over and sessions past their expiry: each guess with
 * a new username or from a new address leaves a counter behind, so without this the table grows
 * with every attack.
 */
export const forgetExpiredSignIns: CronJob = {
  name: 'forget expired login counters and sessions',
  async run({ db, now }) {
    await db.batch([
      db.delete(loginAttempts).where(lte(loginAttempts.windowStart, new Date(now.getTime() - WINDOW_MS).toISOString())),
      db.delete(sessions).where(lt(sessions.expiresAt, now.toISOString())),
    ]);
  },
};
