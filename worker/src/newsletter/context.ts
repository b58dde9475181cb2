/** What every newsletter email needs: the settings' brand and sender, the mailer, and signed links. */
import { isSiteAddress } from '../contract/text.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../contract/locales.ts';
import type { Database } from '../db/client.ts';
import type { Bindings } from '../env.ts';
import { readSettings } from '../settings/routes.ts';
import { emailLogo } from './images.ts';
import { emailServiceMailer, type Mailer } from './mailer.ts';
import type { Brand } from './templates.ts';
import { CONFIRM_TTL_MS, linkSecret, signToken } from './tokens.ts';

export interface NewsletterContext {
  brand: Brand;
  mailer: Mailer;
  secret: string;
}

/**
 * `fallbackUrl`: the address the API was called at, used while the siteUrl setting is empty (or
 * holds a value saved before addresses were checked).
 */
export async function newsletterContext(env: Bindings, db: Database, fallbackUrl: string): Promise<NewsletterContext> {
  const settings = await readSettings(db);
  const siteUrl = (isSiteAddress(settings.siteUrl) ? settings.siteUrl : fallbackUrl).replace(/\/+$/, '');
  return {
    brand: { organisationName: settings.organisationName, siteUrl, logo: await emailLogo(env) },
    mailer: emailServiceMailer(env.EMAIL, { name: settings.organisationName, email: settings.newsletterSender }),
    secret: await linkSecret(env, db),
  };
}

/** The site pages an email's links open: each shows a button that posts; opening one changes nothing. */
export const LINK_PAGES = { confirm: '/newsletter/confirm', unsubscribe: '/newsletter/unsubscribe' } as const;

/** A subscriber's stored language as one the site has (older rows and unknown values: the default). */
export const subscriberLocale = (language: string | null | undefined): Locale => (language && isLocale(language) ? language : DEFAULT_LOCALE);

/** A newsletter page in a language: `/newsletter/confirm`, `/en/newsletter/confirm`. */
export const pageIn = (locale: Locale, page: string) => `${LOCALES[locale].prefix}${page}`;

/** The page, in the sign-up's language, that asks to confirm it. */
export const confirmUrl = async (ctx: NewsletterContext, subscriberId: string, email: string, locale: Locale = DEFAULT_LOCALE, now = Date.now()) =>
  `${ctx.brand.siteUrl}${pageIn(locale, LINK_PAGES.confirm)}?token=${await signToken(ctx.secret, 'confirm', subscriberId, email, now + CONFIRM_TTL_MS)}`;

/**
 * Where a reader leaves: `page` is the page with the button (the email's footer link) in the
 * subscriber's language, `oneClick` the address mail programs POST `List-Unsubscribe=One-Click` to (RFC 8058).
 */
export async function unsubscribeUrls(ctx: NewsletterContext, subscriberId: string, email: string, locale: Locale = DEFAULT_LOCALE) {
  const token = await signToken(ctx.secret, 'unsubscribe', subscriberId, email);
  return { page: `${ctx.brand.siteUrl}${pageIn(locale, LINK_PAGES.unsubscribe)}?token=${token}`, oneClick: `${ctx.brand.siteUrl}/api/newsletter/unsubscribe?token=${token}` };
}
