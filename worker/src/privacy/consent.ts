/**
 * What a newsletter sign-up consented to: the text, time, page and language, and the double
 * opt-in proof (when the confirmation link was mailed and when it was used).
 */
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { INQUIRY_LANGUAGES, NEWSLETTER_CONSENT_TEXT } from '../contract/inquiry.ts';
import type { Database } from '../db/client.ts';
import { subscriberConsent } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';

/** The page a same-origin form was sent from (its path only), or '' when it is not known. */
export function sourcePageOf(c: Context<AppEnv>, fields: Record<string, unknown>) {
  const named = typeof fields.sourcePage === 'string' ? fields.sourcePage : '';
  if (/^\/[\w\-/.~%]{0,200}$/.test(named)) return named;
  const referer = c.req.header('referer');
  if (!referer || !URL.canParse(referer)) return '';
  const url = new URL(referer);
  return url.origin === new URL(c.req.url).origin ? url.pathname.slice(0, 200) : '';
}

export const languageOf = (fields: Record<string, unknown>) => INQUIRY_LANGUAGES.find((language) => language === fields.language) ?? 'id';

/** Records (again, for a returning address) what this sign-up agreed to; the confirmation is still to come. */
export const recordSignUpConsent = (db: Database, subscriberId: string, consent: { sourcePage: string; language: string; time: string }) => {
  const row = {
    consentText: NEWSLETTER_CONSENT_TEXT,
    consentedAt: consent.time,
    sourcePage: consent.sourcePage,
    language: consent.language,
    confirmationSentAt: consent.time,
    confirmedAt: null,
  };
  return db
    .insert(subscriberConsent)
    .values({ subscriberId, ...row })
    .onConflictDoUpdate({ target: subscriberConsent.subscriberId, set: row });
};

/** The address's owner used the confirmation link: the opt-in's proof. */
export const recordConfirmation = (db: Database, subscriberId: string, time: string) =>
  db.update(subscriberConsent).set({ confirmedAt: time }).where(eq(subscriberConsent.subscriberId, subscriberId));
