/** Storing an inquiry that passed the form's rules, and telling staff about it. */
import { and, eq, gte, isNull } from 'drizzle-orm';
import { auditStatement } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { newId } from '../db/client.ts';
import { inquiry } from '../db/schema.ts';
import type { Bindings } from '../env.ts';
import { newsletterContext } from '../newsletter/context.ts';
import { readSettings } from '../settings/routes.ts';
import { newInquiryEmail, type InquiryForStaff } from './emails.ts';
import type { CheckedInquiry } from './form.ts';

/** Staff addresses from the settings' comma-separated list. */
export const recipientsOf = (list: string) =>
  list
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);

export const forStaff = (row: typeof inquiry.$inferSelect): InquiryForStaff => ({
  id: row.id,
  name: row.name,
  email: row.email,
  organisation: row.organisation,
  topic: row.topic,
  message: row.message,
  status: row.status,
  createdAt: row.createdAt,
});

/** Stores the inquiry with its consent record and an audit entry that names no one. */
export async function storeInquiry(db: Database, checked: CheckedInquiry, now = new Date()) {
  const time = now.toISOString();
  const id = newId();
  const row = {
    id,
    name: checked.name,
    email: checked.email,
    organisation: checked.organisation,
    topic: checked.topic,
    message: checked.message,
    consentText: checked.consentText,
    consentedAt: time,
    sourcePage: checked.sourcePage,
    language: checked.language,
    createdAt: time,
    updatedAt: time,
  };
  await db.batch([db.insert(inquiry).values(row), auditStatement(db, null, 'create', 'inquiry', id, `Pesan kolaborasi baru (${checked.topic})`)]);
  const [stored] = await db.select().from(inquiry).where(eq(inquiry.id, id));
  return stored!;
}

/**
 * Emails each staff recipient about these inquiries one by one, marking each as notified once
 * every recipient got it. A failed send leaves it unmarked for the next minute's job.
 */
export async function notifyEach(env: Bindings, db: Database, rows: (typeof inquiry.$inferSelect)[], origin: string) {
  const settings = await readSettings(db);
  const recipients = recipientsOf(settings.inquiryRecipients);
  if (!recipients.length || !rows.length) return;
  const ctx = await newsletterContext(env, db, origin);
  for (const row of rows) {
    try {
      for (const to of recipients) await ctx.mailer.send(newInquiryEmail(ctx.brand, to, forStaff(row)));
      await db.update(inquiry).set({ notifiedAt: new Date().toISOString() }).where(eq(inquiry.id, row.id));
    } catch (error) {
      console.error('inquiry email to staff failed:', error);
    }
  }
}

/** Inquiries staff have not been told about, from the last day only (a list set later does not get old ones). */
export const unnotified = (db: Database, since: Date) =>
  db
    .select()
    .from(inquiry)
    .where(and(isNull(inquiry.notifiedAt), gte(inquiry.createdAt, since.toISOString())))
    .orderBy(inquiry.createdAt)
    .limit(50);
