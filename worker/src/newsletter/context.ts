/** What every newsletter email needs: the settings' brand and sender, the mailer, and signed links. */
import { isSiteAddress } from '../contract/text.ts';
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

/** The page that asks to confirm a sign-up. */
export const confirmUrl = async (ctx: NewsletterContext, subscriberId: string, email: string, now = Date.now()) =>
  `${ctx.brand.siteUrl}${LINK_PAGES.confirm}?token=${await signToken(ctx.secret, 'confirm', subscriberId, email, now + CONFIRM_TTL_MS)}`;

/**
 * Where a reader leaves: `page` is the page with the button (the email's footer link), `oneClick`
 * the address mail programs POST `List-Unsubscribe=One-Click` to (RFC 8058).
 */
export async function unsubscribeUrls(ctx: NewsletterContext, subscriberId: string, email: string) {
  const token = await signToken(ctx.secret, 'unsubscribe', subscriberId, email);
  return { page: `${ctx.brand.siteUrl}${LINK_PAGES.unsubscribe}?token=${token}`, oneClick: `${ctx.brand.siteUrl}/api/newsletter/unsubscribe?token=${token}` };
}
