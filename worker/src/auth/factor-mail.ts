/** The email a user gets when a sign-in factor is added to or removed from their account. */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { isSiteAddress } from '../contract/text.ts';
import { user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { emailServiceMailer } from '../newsletter/mailer.ts';
import { readSettings } from '../settings/routes.ts';

const escape = (value: string) => value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export type FactorChange = { kind: 'added' | 'removed'; factor: string };

/**
 * Tells the account's owner, at their own address, what changed and when, so a change they did
 * not make is noticed. A failed send is logged and does not undo the change.
 */
export async function mailFactorChange(c: Context<AppEnv>, userId: string, change: FactorChange) {
  const db = c.var.db;
  const [account] = await db.select({ email: user.email, fullName: user.fullName, username: user.username }).from(user).where(eq(user.id, userId));
  if (!account) return;
  const settings = await readSettings(db);
  const siteUrl = isSiteAddress(settings.siteUrl) ? settings.siteUrl : new URL(c.req.url).origin;
  const when = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Jakarta' }).format(new Date());
  const name = String(account.fullName || account.username);
  const subject = change.kind === 'added' ? `Cara masuk baru ditambahkan: ${change.factor}` : `Cara masuk dihapus: ${change.factor}`;
  const happened =
    change.kind === 'added'
      ? `${change.factor} baru saja ditambahkan ke akun ${account.username} pada ${when} WIB.`
      : `${change.factor} baru saja dihapus dari akun ${account.username} pada ${when} WIB.`;
  const advice = `Jika ini bukan Anda, segera ganti password Anda dan hubungi admin ${settings.organisationName}.`;
  const securityPage = `${siteUrl.replace(/\/+$/, '')}/admin/security`;
  try {
    await emailServiceMailer(c.env.EMAIL, { name: settings.organisationName, email: settings.newsletterSender }).send({
      to: String(account.email),
      subject,
      text: `Halo ${name},\n\n${happened}\n\n${advice}\n\nKeamanan akun: ${securityPage}\n\n${settings.organisationName}`,
      html: `<!doctype html><html lang="id"><body style="font-family:Arial,Helvetica,sans-serif;color:#1d2b24;"><p>Halo ${escape(name)},</p><p>${escape(happened)}</p><p>${escape(advice)}</p><p><a href="${escape(securityPage)}">Buka Keamanan Akun</a></p><p>${escape(settings.organisationName)}</p></body></html>`,
    });
  } catch (error) {
    console.error('factor change email failed', error);
  }
}
