/**
 * /api/privacy: everything held about one email address, as JSON (privacy.export), and its
 * erasure (privacy.delete): the subscriber with its consent and deliveries, the inquiries with
 * their replies, its sign-up counters, and the address inside older audit entries. The audit
 * entry erasure leaves names what was removed, never the address.
 */
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { auditStatement } from '../audit/log.ts';
import { assertPermission } from '../auth/guard.ts';
import type { ErasureSummary, PersonalDataExport } from '../contract/inquiry.ts';
import { auditLog, inquiry, inquiryReply, newsletterDelivery, signupAttempts, subscriber, subscriberConsent } from '../db/schema.ts';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, ok } from '../http/errors.ts';
import { detailOf, repliesOf } from '../inquiries/routes.ts';
import { checkEmail } from '../subscribers/routes.ts';

/** What an erased address becomes inside audit entries written before the erasure. */
export const ERASED_MARK = '[dihapus]';

const addressOf = (raw: unknown) => {
  try {
    return checkEmail(raw);
  } catch {
    throw new ApiError(400, 'VALIDATION_ERROR', 'Masukkan alamat email yang valid, contoh: nama@contoh.org.');
  }
};

async function collect(db: Database, email: string): Promise<PersonalDataExport> {
  const [person] = await db.select().from(subscriber).where(eq(subscriber.email, email));
  const [consent] = person ? await db.select().from(subscriberConsent).where(eq(subscriberConsent.subscriberId, String(person.id))) : [];
  const deliveries = await db
    .select({ issueId: newsletterDelivery.issueId, status: newsletterDelivery.status, sentAt: newsletterDelivery.sentAt })
    .from(newsletterDelivery)
    .where(eq(newsletterDelivery.email, email));
  const inquiries = await db.select().from(inquiry).where(eq(inquiry.email, email));
  const thread = await repliesOf(db, inquiries.map((row) => row.id));
  return {
    email,
    exportedAt: new Date().toISOString(),
    subscriber: person
      ? {
          email: person.email,
          status: person.status,
          source: person.source,
          subscribedAt: person.subscribedAt,
          unsubscribedAt: person.unsubscribedAt,
          createdAt: person.createdAt,
          consent: consent ? { text: consent.consentText, consentedAt: consent.consentedAt, sourcePage: consent.sourcePage, language: consent.language, confirmationSentAt: consent.confirmationSentAt, confirmedAt: consent.confirmedAt } : null,
        }
      : null,
    newsletterDeliveries: deliveries,
    inquiries: inquiries.map((row) => {
      const { assigneeId: _assignee, assigneeName: _name, ...held } = detailOf(row, new Map(), thread.get(row.id) ?? []);
      return held;
    }),
  };
}

export const privacyRoutes = new Hono<AppEnv>()
  .get('/export', async (c) => {
    assertPermission(c.var.user, 'privacy', 'export');
    const db = c.var.db;
    const data = await collect(db, addressOf(c.req.query('email')));
    await db.batch([auditStatement(db, c.var.user, 'download', 'privacy', null, 'Ekspor data pribadi satu alamat email')]);
    return ok(c, data);
  })
  .post('/erase', async (c) => {
    assertPermission(c.var.user, 'privacy', 'delete');
    const db = c.var.db;
    const email = addressOf((await readBody(c)).fields.email);
    const people = await db.select({ id: subscriber.id }).from(subscriber).where(eq(subscriber.email, email));
    const inquiries = await db.select({ id: inquiry.id }).from(inquiry).where(eq(inquiry.email, email));
    const deliveries = await db.select({ count: sql<number>`count(*)` }).from(newsletterDelivery).where(eq(newsletterDelivery.email, email));
    const mentioned = await db.select({ count: sql<number>`count(*)` }).from(auditLog).where(sql`instr(${auditLog.summary}, ${email}) > 0`);
    const summary: ErasureSummary = {
      subscribers: people.length,
      inquiries: inquiries.length,
      newsletterDeliveries: deliveries[0]?.count ?? 0,
      auditEntriesRedacted: mentioned[0]?.count ?? 0,
    };
    const found = summary.subscribers + summary.inquiries + summary.newsletterDeliveries + summary.auditEntriesRedacted;
    // One batch: either all of it is gone, or nothing changed.
    await db.batch([
      db.delete(newsletterDelivery).where(eq(newsletterDelivery.email, email)),
      db.delete(subscriber).where(eq(subscriber.email, email)),
      db.delete(inquiryReply).where(inArray(inquiryReply.inquiryId, db.select({ id: inquiry.id }).from(inquiry).where(eq(inquiry.email, email)))),
      db.delete(inquiry).where(eq(inquiry.email, email)),
      // D1 caps LIKE patterns at 50 bytes: the address is matched as the key's end instead.
      db
        .delete(signupAttempts)
        .where(or(eq(signupAttempts.key, `email:${email}`), and(like(signupAttempts.key, 'confirmation:%'), sql`substr(${signupAttempts.key}, ${-(email.length + 1)}) = ${`:${email}`}`))),
      db
        .update(auditLog)
        .set({ summary: sql`replace(${auditLog.summary}, ${email}, ${ERASED_MARK})` })
        .where(sql`instr(${auditLog.summary}, ${email}) > 0`),
      auditStatement(
        db,
        c.var.user,
        'delete',
        'privacy',
        null,
        `Data pribadi dihapus: ${summary.subscribers} subscriber, ${summary.inquiries} pesan, ${summary.newsletterDeliveries} pengiriman newsletter, ${summary.auditEntriesRedacted} entri log disamarkan`,
      ),
    ]);
    return ok(c, summary, found ? 'Semua data alamat ini sudah dihapus.' : 'Tidak ada data yang tersimpan untuk alamat ini.');
  });
