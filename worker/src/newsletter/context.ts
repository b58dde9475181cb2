/** What every newsletter email needs: the settings' brand and sender, the mailer, and signed links. */
import type { Database } from '../db/client.ts';
import type { Bindings } from '../env.ts';
import { readSettings } from '../settings/routes.ts';
import { emailServiceMailer, type Mailer } from './mailer.ts';
import type { Brand } from './templates.ts';
import { CONFIRM_TTL_MS, linkSecret, signToken } from './tokens.ts';

export interface NewsletterContext {
  brand: Brand;
  mailer: Mailer;
  secret: string;
}

/** `fallbackUrl`: the address the API was called at, used while the siteUrl setting is empty. */
export async function newsletterContext(env: Bindings, db: Database, fallbackUrl: string): Promise<NewsletterContext> {
  const settings = await readSettings(db);
  const siteUrl = (settings.siteUrl || fallbackUrl).replace(/\/+$/, '');
  return {
    brand: { organisationName: settings.organisationName, siteUrl },
    mailer: emailServiceMailer(env.EMAIL, { name: settings.organisationName, email: settings.newsletterSender }),
    secret: await linkSecret(env, db),
  };
}

export const confirmUrl = async (ctx: NewsletterContext, subscriberId: string, email: string, now = Date.now()) =>
  `${ctx.brand.siteUrl}/api/newsletter/confirm?token=${await signToken(ctx.secret, 'confirm', subscriberId, email, now + CONFIRM_TTL_MS)}`;

export const unsubscribeUrl = async (ctx: NewsletterContext, subscriberId: string, email: string) =>
  `${ctx.brand.siteUrl}/api/newsletter/unsubscribe?token=${await signToken(ctx.secret, 'unsubscribe', subscriberId, email)}`;
