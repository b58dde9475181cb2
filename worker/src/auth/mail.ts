/**
 * The emails of staff accounts, in Indonesian, in the newsletter's layout and from its sender:
 * a reset link, a changed-password notice, an invite and a sign-in from a new device. Links
 * point at the admin's pages on the site's address; opening one changes nothing (the page posts).
 */
import { isSiteAddress } from '../contract/text.ts';
import type { Database } from '../db/client.ts';
import type { Bindings } from '../env.ts';
import { emailLogo } from '../newsletter/images.ts';
import { emailServiceMailer, type Mailer, type OutgoingEmail } from '../newsletter/mailer.ts';
import { button, escape, layout, textFooter, type Brand } from '../newsletter/templates.ts';
import { readSettings } from '../settings/routes.ts';

export interface AccountMail {
  brand: Brand;
  mailer: Mailer;
}

/** `requestUrl`: the address the API was called at, used while the siteUrl setting is empty. */
export async function accountMail(env: Bindings, db: Database, requestUrl: string): Promise<AccountMail> {
  const settings = await readSettings(db);
  const siteUrl = (isSiteAddress(settings.siteUrl) ? settings.siteUrl : new URL(requestUrl).origin).replace(/\/+$/, '');
  return {
    brand: { organisationName: settings.organisationName, siteUrl, logo: await emailLogo(env) },
    mailer: emailServiceMailer(env.EMAIL, { name: settings.organisationName, email: settings.newsletterSender }),
  };
}

/** The admin pages an email's links open. */
export const ACCOUNT_PAGES = { reset: '/login/reset', invite: '/login/invite', forgot: '/login/forgot' } as const;

export const linkTo = (brand: Brand, page: string, token: string) => `${brand.siteUrl}${page}?token=${encodeURIComponent(token)}`;

/** A time as staff in Indonesia read it: "26 November 2026 15.04 WIB". */
export const jakartaTime = (iso: string) =>
  `${new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))} WIB`;

const small = (text: string) => `<p style="font-size:14px;color:#56675d;">${text}</p>`;

function message(brand: Brand, to: string, subject: string, heading: string, paragraphs: string[], action: { url: string; label: string } | null, note: string): OutgoingEmail {
  const linkHtml = action
    ? `${button(action.url, action.label)}${small(`Jika tombol tidak berfungsi, salin tautan ini ke browser Anda:<br><a href="${escape(action.url)}" style="color:#0f5132;word-break:break-all;">${escape(action.url)}</a>`)}`
    : '';
  const html = layout(
    brand,
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">${escape(heading)}</h1>\n${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}\n${linkHtml}`,
    `<p style="margin:0;">${escape(note)}</p>`,
  );
  const text = `${heading}\n\n${paragraphs.join('\n\n')}${action ? `\n\n${action.label}:\n${action.url}` : ''}\n\n${note}\n\n${textFooter(brand)}`;
  return { to, subject, html, text };
}

export const resetEmail = (brand: Brand, to: string, url: string, minutes: number) =>
  message(
    brand,
    to,
    `Atur ulang password admin ${brand.organisationName}`,
    'Atur ulang password',
    [`Kami menerima permintaan untuk mengatur ulang password akun admin Anda. Tautan di bawah berlaku ${minutes} menit dan hanya dapat dipakai sekali.`],
    { url, label: 'Atur password baru' },
    'Jika Anda tidak memintanya, abaikan email ini: password Anda tidak berubah.',
  );

export const passwordChangedEmail = (brand: Brand, to: string, when: string, browser: string, address: string) =>
  message(
    brand,
    to,
    `Password admin ${brand.organisationName} telah diubah`,
    'Password Anda telah diubah',
    [
      `Password akun admin Anda diatur ulang lewat email pada ${jakartaTime(when)} dari ${browser} (alamat ${address}).`,
      'Semua perangkat lain yang masuk dengan akun ini telah dikeluarkan.',
    ],
    { url: `${brand.siteUrl}${ACCOUNT_PAGES.forgot}`, label: 'Bukan Anda? Atur ulang password sekarang' },
    'Jika ini bukan Anda, atur ulang password segera dan hubungi Super Admin.',
  );

export const inviteEmail = (brand: Brand, to: string, url: string, inviter: string, roleName: string, hours: number) =>
  message(
    brand,
    to,
    `Undangan menjadi admin ${brand.organisationName}`,
    'Anda diundang',
    [
      `${inviter} mengundang Anda untuk mengelola website ${brand.organisationName} sebagai ${roleName}.`,
      `Buka tautan di bawah untuk memilih username dan password Anda sendiri. Tautan berlaku ${hours} jam dan hanya dapat dipakai sekali.`,
    ],
    { url, label: 'Terima undangan' },
    'Jika Anda tidak mengenal pengirimnya, abaikan email ini: tidak ada akun yang dibuat.',
  );

export const newDeviceEmail = (brand: Brand, to: string, when: string, browser: string, address: string) =>
  message(
    brand,
    to,
    `Login baru ke admin ${brand.organisationName}`,
    'Login dari perangkat baru',
    [
      `Akun admin Anda baru saja dipakai untuk login pada ${jakartaTime(when)} dari ${browser} (alamat ${address}).`,
      'Jika itu Anda, tidak perlu melakukan apa pun. Anda dapat melihat dan mengakhiri sesi di halaman "Perangkat yang masuk".',
    ],
    { url: `${brand.siteUrl}${ACCOUNT_PAGES.forgot}`, label: 'Bukan Anda? Atur ulang password' },
    'Jika ini bukan Anda, atur ulang password segera: semua perangkat lain akan dikeluarkan.',
  );
