/**
 * The newsletter's sign-up (POST /api/subscribe, for everyone) with double opt-in, and the
 * subscriber list's CSV export and import for staff; the admin lists, updates and deletes
 * subscribers through the generic collection routes.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as z from '../contract/zod.ts';
import { auditStatement } from '../audit/log.ts';
import { assertPermission } from '../auth/guard.ts';
import { sameOriginForms } from '../auth/session.ts';
import { CollectionStore } from '../collections/store.ts';
import { NEWSLETTER_HONEYPOT } from '../contract/api.ts';
import type { InquiryLanguage } from '../contract/inquiry.ts';
import { SUBSCRIBER_STATUSES } from '../contract/limits.ts';
import { newId, now } from '../db/client.ts';
import { subscriber } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, ok } from '../http/errors.ts';
import { confirmUrl, newsletterContext, subscriberLocale } from '../newsletter/context.ts';
import { confirmationEmail } from '../newsletter/templates.ts';
import { languageOf, recordSignUpConsent, sourcePageOf } from '../privacy/consent.ts';
import { exportCsv, importRows, importText, parseImport } from './csv.ts';
import { SIGNUP_MESSAGES } from './messages.ts';
import { claimConfirmationEmail, throttleSignUp } from './throttle.ts';

/** A repeated sign-up of a pending address re-sends the confirmation at most this often. */
export const RESEND_AFTER_MS = 10 * 60_000;

/** Compared and stored ignoring case and surrounding spaces. */
export const normaliseEmail = (value: string) => value.trim().toLowerCase();

/** Line breaks, control characters and address separators could smuggle extra mail headers. */
const HEADER_BREAKING = /[\u0000-\u001f\u007f<>,;:"\\()[\]]/;

/** The address as stored, or a 400 that says what is wrong with it in `language` (staff read Indonesian). */
export function checkEmail(raw: unknown, language: InquiryLanguage = 'id'): string {
  const value = typeof raw === 'string' ? raw.trim() : '';
  const say = SIGNUP_MESSAGES[language];
  if (HEADER_BREAKING.test(value)) throw new ApiError(400, 'VALIDATION_ERROR', say.badCharacters);
  if (value.length > 254) throw new ApiError(400, 'VALIDATION_ERROR', say.tooLong);
  if (!z.email().safeParse(value).success) throw new ApiError(400, 'VALIDATION_ERROR', say.invalid);
  return normaliseEmail(value);
}

const clientAddress = (c: Context<AppEnv>) => c.req.header('cf-connecting-ip') ?? c.req.header('x-real-ip') ?? 'local';

/**
 * Mails the confirmation link, unless the address already had its emails for today (then the
 * visitor is answered as usual and nothing is sent); if sending fails, the address may try again at once.
 */
async function sendConfirmation(c: Context<AppEnv>, id: string, email: string, language: string) {
  if (!(await claimConfirmationEmail(c.var.db, email))) return;
  const ctx = await newsletterContext(c.env, c.var.db, new URL(c.req.url).origin);
  try {
    await ctx.mailer.send(confirmationEmail(ctx.brand, email, await confirmUrl(ctx, id, email, subscriberLocale(language)), subscriberLocale(language)));
  } catch (error) {
    console.error('confirmation email failed:', error);
    await c.var.db.update(subscriber).set({ confirmationSentAt: null }).where(eq(subscriber.id, id));
    throw new ApiError(503, 'SERVER_ERROR', SIGNUP_MESSAGES[subscriberLocale(language)].mailFailed);
  }
}

/**
 * A new address is stored as pending and mailed a confirmation link. The insert ignores a
 * conflict on the unique email, so two identical sign-ups at the same moment both succeed
 * and only one of them sends the email. An address already subscribed changes nothing, and
 * the caller answers every outcome alike, so the answer does not tell who subscribes.
 */
async function signUp(c: Context<AppEnv>, email: string, consent: { sourcePage: string; language: InquiryLanguage }) {
  const db = c.var.db;
  const time = now();
  const id = newId();
  const [created] = await db
    .insert(subscriber)
    .values({ id, email, status: 'pending', source: 'website', language: consent.language, subscribedAt: time, confirmationSentAt: time, createdAt: time, updatedAt: time })
    .onConflictDoNothing({ target: subscriber.email })
    .returning({ id: subscriber.id });
  if (created) {
    await db.batch([recordSignUpConsent(db, id, { ...consent, time }), auditStatement(db, null, 'create', 'subscribe', id, email)]);
    await sendConfirmation(c, id, email, consent.language);
    return;
  }
  const [existing] = await db.select().from(subscriber).where(eq(subscriber.email, email));
  // Deleted by staff between the two statements: the visitor can simply try again.
  if (!existing) throw new ApiError(409, 'CONFLICT', SIGNUP_MESSAGES[consent.language].retry);
  const existingId = String(existing.id);
  if (existing.status === 'active') return;
  if (existing.status === 'unsubscribed') {
    // Coming back after unsubscribing: confirm the address again before mailing it.
    const [reopened] = await db
      .update(subscriber)
      .set({ status: 'pending', language: consent.language, subscribedAt: time, confirmationSentAt: time, unsubscribedAt: null, updatedAt: time })
      .where(and(eq(subscriber.id, existingId), eq(subscriber.status, 'unsubscribed')))
      .returning({ id: subscriber.id });
    if (reopened) {
      await db.batch([recordSignUpConsent(db, existingId, { ...consent, time }), auditStatement(db, null, 'update', 'subscribe', existingId, email)]);
      await sendConfirmation(c, existingId, email, consent.language);
    }
    return;
  }
  // Pending: re-send, unless a confirmation went out less than 10 minutes ago. The update claims
  // the re-send, so simultaneous repeats send one email.
  const cutoff = new Date(Date.now() - RESEND_AFTER_MS).toISOString();
  const [claimed] = await db
    .update(subscriber)
    .set({ confirmationSentAt: time, updatedAt: time })
    .where(and(eq(subscriber.id, existingId), eq(subscriber.status, 'pending'), or(isNull(subscriber.confirmationSentAt), lt(subscriber.confirmationSentAt, cutoff))))
    .returning({ id: subscriber.id });
  // The re-sent link is in the language the pending sign-up was stored with.
  if (claimed) await sendConfirmation(c, existingId, email, String(existing.language));
}

/** A plain form post (no JavaScript yet or at all) rather than the island's fetch. */
const isPageNavigation = (c: Context<AppEnv>) => {
  const type = c.req.header('content-type') ?? '';
  const isForm = type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');
  return c.req.header('sec-fetch-mode') === 'navigate' || (isForm && !(c.req.header('accept') ?? '').includes('application/json'));
};

export type SignUpOutcome = 'ok' | 'invalid' | 'limited' | 'error';

const outcomeOf = (error: unknown): SignUpOutcome => {
  if (!(error instanceof ApiError)) return 'error';
  if (error.status === 429) return 'limited';
  if (error.status === 400) return 'invalid';
  return 'error';
};

/** Back to the page the form was on (same origin only), where `#newsletter-<outcome>` shows the message. */
function backToPage(c: Context<AppEnv>, outcome: SignUpOutcome) {
  const here = new URL(c.req.url);
  let target = new URL('/', here);
  const referer = c.req.header('referer');
  if (referer && URL.canParse(referer) && new URL(referer).origin === here.origin) target = new URL(referer);
  target.searchParams.set('newsletter', outcome);
  target.hash = `newsletter-${outcome}`;
  return c.redirect(`${target.pathname}${target.search}${target.hash}`, 303);
}

export const publicSubscribe = new Hono<AppEnv>()
  .post('/', sameOriginForms, async (c) => {
    const navigation = isPageNavigation(c);
    try {
      const { fields } = await readBody(c, 64 * 1024);
      // A bot filled the hidden field: answer as if it worked, keep nothing.
      const language = languageOf(fields);
      const say = SIGNUP_MESSAGES[language];
      if (typeof fields[NEWSLETTER_HONEYPOT] === 'string' && fields[NEWSLETTER_HONEYPOT].trim() !== '') {
        return navigation ? backToPage(c, 'ok') : ok(c, null, say.success, 201);
      }
      const email = checkEmail(fields.email, language);
      await throttleSignUp(c.env, c.var.db, email, clientAddress(c), say);
      await signUp(c, email, { sourcePage: sourcePageOf(c, fields), language });
      return navigation ? backToPage(c, 'ok') : ok(c, null, say.success, 201);
    } catch (error) {
      if (navigation) {
        if (!(error instanceof ApiError)) console.error(error);
        return backToPage(c, outcomeOf(error));
      }
      throw error;
    }
  })
  .get('/export', async (c) => {
    assertPermission(c.var.user, 'subscribe', 'export');
    const status = c.req.query('status');
    if (status && !(SUBSCRIBER_STATUSES as readonly string[]).includes(status)) {
      throw new ApiError(400, 'VALIDATION_ERROR', `Status harus salah satu dari: ${SUBSCRIBER_STATUSES.join(', ')}.`);
    }
    const { records } = await new CollectionStore(c.var.db, 'subscriber').list({
      visibleOnly: false,
      where: status ? { status } : {},
      search: c.req.query('search'),
    });
    const day = new Date().toISOString().slice(0, 10);
    return c.body(exportCsv(records), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="subscribers-${day}.csv"`,
    });
  })
  .post('/import', async (c) => {
    assertPermission(c.var.user, 'subscribe', 'import');
    const text = await importText(c);
    if (!text.trim()) throw new ApiError(400, 'VALIDATION_ERROR', 'Pilih file CSV berisi alamat email.');
    const summary = await importRows(c.var.db, parseImport(text), (value) => {
      try {
        return { email: checkEmail(value) };
      } catch (error) {
        return { problem: error instanceof ApiError ? error.message : SIGNUP_MESSAGES.id.invalid };
      }
    });
    await c.var.db.batch([auditStatement(c.var.db, c.var.user, 'create', 'subscribe', null, `Import CSV: ${summary.added} ditambahkan`)]);
    return ok(c, summary, `Import selesai: ${summary.added} ditambahkan, ${summary.existing} sudah ada, ${summary.invalidCount} baris tidak valid.`);
  });
