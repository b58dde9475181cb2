/**
 * The inquiries' minute jobs: emails to staff that did not go out at once (per-inquiry mode) or
 * the daily digest at 08:00 WIB (digest mode), and deleting inquiries older than the retention period.
 */
import { inArray, lt, ne } from 'drizzle-orm';
import { jakartaClock } from '../backup/daily.ts';
import type { CronJob } from '../cron/scheduled.ts';
import { chunk, type Database } from '../db/client.ts';
import { inquiry, settings } from '../db/schema.ts';
import { newsletterContext } from '../newsletter/context.ts';
import { readSettings } from '../settings/routes.ts';
import { auditStatement } from '../audit/log.ts';
import { digestEmail } from './emails.ts';
import { forStaff, notifyEach, recipientsOf, unnotified } from './store.ts';

const DAY_MS = 24 * 60 * 60_000;
/** The hour (WIB) the digest goes out. */
export const DIGEST_HOUR = 8;
const DIGEST_DAY_KEY = 'inquiryDigestDay';

/** Takes today's digest (one per day even if two runs overlap); false when it was already taken. */
async function claimDigestDay(db: Database, day: string) {
  const claimed = await db
    .insert(settings)
    .values({ key: DIGEST_DAY_KEY, value: day })
    .onConflictDoUpdate({ target: settings.key, set: { value: day }, setWhere: ne(settings.value, day) })
    .returning();
  return claimed.length > 0;
}

export const inquiryNotificationsJob: CronJob = {
  name: 'inquiry emails to staff',
  run: async ({ env, db, now }) => {
    const current = await readSettings(db);
    const recipients = recipientsOf(current.inquiryRecipients);
    if (!recipients.length) return;
    const origin = current.siteUrl || 'http://localhost';
    if (current.inquiryNotify !== 'digest') {
      // Those the submit could not mail; a minute's grace so a send still running is not doubled.
      const pending = (await unnotified(db, new Date(now.getTime() - DAY_MS))).filter((row) => Date.parse(row.createdAt) < now.getTime() - 60_000);
      await notifyEach(env, db, pending, origin);
      return;
    }
    const clock = jakartaClock(now);
    if (clock.hour < DIGEST_HOUR) return;
    const waiting = await unnotified(db, new Date(now.getTime() - 2 * DAY_MS));
    if (!waiting.length || !(await claimDigestDay(db, clock.date))) return;
    const ctx = await newsletterContext(env, db, origin);
    const items = waiting.map(forStaff);
    for (const to of recipients) await ctx.mailer.send(digestEmail(ctx.brand, to, items, clock.date));
    for (const ids of chunk(waiting.map((row) => row.id), 90)) await db.update(inquiry).set({ notifiedAt: now.toISOString() }).where(inArray(inquiry.id, ids));
  },
};

/** The date `months` calendar months before `now` (the 31st falls back to the month's last day). */
export function monthsBefore(now: Date, months: number) {
  const target = new Date(now);
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export const inquiryRetentionJob: CronJob = {
  name: 'delete inquiries past retention',
  run: async ({ db, now }) => {
    const months = Number((await readSettings(db)).inquiryRetentionMonths);
    if (!Number.isInteger(months) || months < 1) return;
    const cutoff = monthsBefore(now, months).toISOString();
    const expired = await db.select({ id: inquiry.id }).from(inquiry).where(lt(inquiry.createdAt, cutoff));
    if (!expired.length) return;
    for (const ids of chunk(expired.map((row) => row.id), 90)) await db.delete(inquiry).where(inArray(inquiry.id, ids));
    await db.batch([auditStatement(db, null, 'delete', 'inquiry', null, `${expired.length} pesan kolaborasi dihapus: masa simpan ${months} bulan berakhir`)]);
  },
};

export const inquiryJobs: CronJob[] = [inquiryNotificationsJob, inquiryRetentionJob];
