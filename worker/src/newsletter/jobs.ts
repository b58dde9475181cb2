/** The newsletter's periodic work, run by the Cron Trigger every minute. */
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { CronJob } from '../cron/scheduled.ts';
import { subscriber } from '../db/schema.ts';
import { pruneSignupAttempts } from '../subscribers/throttle.ts';
import { runSendBatch } from './sending.ts';

/** Sign-ups never confirmed are removed after this long. */
export const UNCONFIRMED_LIFETIME_MS = 30 * 24 * 60 * 60_000;

export const newsletterJobs: CronJob[] = [
  { name: 'newsletter-send', run: async ({ env, db, now }) => void (await runSendBatch(env, db, now)) },
  {
    name: 'newsletter-cleanup',
    run: async ({ db, now }) => {
      const cutoff = new Date(now.getTime() - UNCONFIRMED_LIFETIME_MS).toISOString();
      // Only sign-ups that were mailed a confirmation; pending addresses staff added stay.
      await db
        .delete(subscriber)
        .where(and(eq(subscriber.status, 'pending'), isNotNull(subscriber.confirmationSentAt), lt(subscriber.subscribedAt, cutoff)));
      await pruneSignupAttempts(db, now);
    },
  },
];
