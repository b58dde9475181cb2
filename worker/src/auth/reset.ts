/**
 * Password reset by email. Asking gives one answer whether or not the address has an account
 * (the lookup and the email happen after the answer, so its timing tells nothing either). A link
 * is a random token whose SHA-256 is stored; it works once, for 30 minutes. One address gets at
 * most 3 emails an hour however often it is asked for, and one client network may ask 10 times
 * an hour. Setting the new password voids the account's other links and ends its other sessions.
 * A signed-in user changes their own password with the current one (counted as a login attempt),
 * with the same effects.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { SessionUser } from '../contract/api.ts';
import type { LinkCheck, LinkState } from '../contract/staff-answers.ts';
import * as z from '../contract/zod.ts';
import { auditStatement } from '../audit/log.ts';
import type { CronJob } from '../cron/scheduled.ts';
import type { Database } from '../db/client.ts';
import { accountThrottle, passwordResets, user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, ok } from '../http/errors.ts';
import { clientNetwork } from '../subscribers/throttle.ts';
import { accountMail, ACCOUNT_PAGES, linkTo, passwordChangedEmail, resetEmail } from './mail.ts';
import { confirmPassword } from './confirm.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { sessionUser } from './permissions.ts';
import { clientAddress, describeBrowser } from './sessions.ts';
import { endSessionsOf, randomToken, sameOriginLogin, sha256 } from './session.ts';

export const RESET_TTL_MS = 30 * 60_000;
/** Emails one address receives per hour, however often a reset is asked for it. */
export const RESET_EMAILS_PER_HOUR = 3;
/** Reset requests one client network may make per hour. */
export const RESET_REQUESTS_PER_CLIENT = 10;
const THROTTLE_WINDOW_MS = 60 * 60_000;

export const FORGOT_ANSWER =
  'Jika alamat tersebut terdaftar, kami telah mengirim tautan untuk mengatur ulang password. Periksa email Anda (juga folder spam). Tautan berlaku 30 menit.';

/** Why a link no longer works, as the page that opens it says. */
export const RESET_LINK_MESSAGES: Record<Exclude<LinkState, 'valid'>, string> = {
  expired: 'Tautan reset password sudah kedaluwarsa (berlaku 30 menit). Silakan minta tautan baru.',
  used: 'Tautan reset password sudah dipakai. Silakan minta tautan baru jika Anda masih memerlukannya.',
  invalid: 'Tautan reset password tidak valid. Periksa kembali tautan di email Anda atau minta tautan baru.',
};

/** A new password: kept as typed but its surrounding spaces, 8 to 200 characters. */
export const newPassword = z
  .string({ error: 'Password wajib diisi.' })
  .trim()
  .min(8, 'Password minimal 8 karakter.')
  .max(200, 'Password maksimal 200 karakter.');

/** A staff member's email address as the account forms take it: trimmed, lower case, checked. */
export const accountEmail = z
  .string({ error: 'Email wajib diisi.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email wajib diisi.')
  .max(254, 'Email tidak valid.')
  .pipe(z.email('Masukkan alamat email yang valid.'));

const forgotInput = z.object({ email: accountEmail });
const tokenInput = z.string({ error: RESET_LINK_MESSAGES.invalid }).min(1, RESET_LINK_MESSAGES.invalid).max(200, RESET_LINK_MESSAGES.invalid);
const resetInput = z.object({ token: tokenInput, password: newPassword });
const changeInput = z.object({ password: newPassword });

/** Every problem of the form at once, each said once, so one answer is enough to fix them all. */
export const validationError = (error: z.ZodError) =>
  new ApiError(400, 'VALIDATION_ERROR', [...new Set(error.issues.map((issue) => issue.message))].join(' ') || 'Data tidak valid.', { fields: error.issues.map((issue) => issue.path.join('.')) });

/** Adds one request to a counter (a new window once the last is over); answers the count and when the window started. */
export async function countRequest(db: Database, key: string, time = Date.now()) {
  const start = new Date(time).toISOString();
  const over = sql`${accountThrottle.windowStart} <= ${new Date(time - THROTTLE_WINDOW_MS).toISOString()}`;
  const [row] = await db
    .insert(accountThrottle)
    .values({ key, count: 1, windowStart: start })
    .onConflictDoUpdate({
      target: accountThrottle.key,
      set: {
        count: sql`case when ${over} then 1 else ${accountThrottle.count} + 1 end`,
        windowStart: sql`case when ${over} then ${start} else ${accountThrottle.windowStart} end`,
      },
    })
    .returning();
  return row!;
}

/** What a token is now; a used or expired link says so rather than "invalid". */
async function stateOf(db: Database, tokenHash: string, time: string): Promise<LinkState> {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
  if (!row) return 'invalid';
  if (row.usedAt) return 'used';
  if (row.expiresAt <= time) return 'expired';
  const [owner] = await db.select({ isActive: user.isActive }).from(user).where(eq(user.id, row.userId));
  return owner?.isActive ? 'valid' : 'invalid';
}

const refusedLink = (state: Exclude<LinkState, 'valid'>) => new ApiError(400, 'INVALID_TOKEN', RESET_LINK_MESSAGES[state], { reason: state });

/** Creates the link and emails it, when the address belongs to an active account. */
async function sendResetLink(c: Context<AppEnv>, email: string) {
  const db = c.var.db;
  const [account] = await db
    .select({ id: user.id, email: user.email, isActive: user.isActive })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  if (!account?.isActive) return;
  const token = randomToken();
  const expiresAt = new Date(Date.now() + RESET_TTL_MS).toISOString();
  const who = await sessionUser(db, String(account.id));
  await db.batch([
    db.insert(passwordResets).values({ tokenHash: await sha256(token), userId: String(account.id), expiresAt }),
    auditStatement(db, who, 'update', 'auth', String(account.id), `Tautan reset password dikirim ke ${String(account.email)}`),
  ]);
  const mail = await accountMail(c.env, db, c.req.url);
  await mail.mailer.send(resetEmail(mail.brand, String(account.email), linkTo(mail.brand, ACCOUNT_PAGES.reset, token), RESET_TTL_MS / 60_000));
}

/**
 * Stores an account's new password, voids its reset links (they were asked for with the old one),
 * ends its sessions but `keep` (the one that set it), writes why to the audit log and emails the
 * owner from which browser and address.
 */
async function setPassword(c: Context<AppEnv>, who: SessionUser, password: string, keep: string | null, why: string) {
  const db = c.var.db;
  const time = new Date().toISOString();
  await db.batch([
    db.update(user).set({ passwordHash: await hashPassword(password), updatedAt: time }).where(eq(user.id, who.id)),
    db.update(passwordResets).set({ usedAt: time }).where(and(eq(passwordResets.userId, who.id), isNull(passwordResets.usedAt))),
    endSessionsOf(db, who.id, keep),
    auditStatement(db, who, 'update', 'auth', who.id, why),
  ]);
  const mail = await accountMail(c.env, db, c.req.url);
  c.executionCtx.waitUntil(
    mail.mailer
      .send(passwordChangedEmail(mail.brand, who.email, time, describeBrowser(c.req.header('user-agent') ?? ''), clientAddress(c)))
      .catch((error: unknown) => console.error('password changed email failed', error)),
  );
}

export const resetRoutes = new Hono<AppEnv>()
  // Posted only from this site's pages (or scripts naming no origin), as a login is.
  .post('/forgot', sameOriginLogin, async (c) => {
    const parsed = forgotInput.safeParse((await readBody(c)).fields);
    if (!parsed.success) throw validationError(parsed.error);
    const { email } = parsed.data;
    const db = c.var.db;
    const client = await countRequest(db, `reset-client:${clientNetwork(clientAddress(c))}`);
    if (client.count > RESET_REQUESTS_PER_CLIENT) {
      const waitMs = Date.parse(client.windowStart) + THROTTLE_WINDOW_MS - Date.now();
      throw new ApiError(429, 'RATE_LIMITED', `Terlalu banyak permintaan reset password dari jaringan Anda. Silakan coba lagi dalam ${Math.max(1, Math.ceil(waitMs / 60_000))} menit.`, {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
    // Counted for every address, known or not, so the limit tells nothing about who has an account.
    const address = await countRequest(db, `reset-email:${email}`);
    if (address.count <= RESET_EMAILS_PER_HOUR) {
      c.executionCtx.waitUntil(sendResetLink(c, email).catch((error: unknown) => console.error('password reset email failed', error)));
    }
    return ok(c, null, FORGOT_ANSWER);
  })
  .get('/reset', async (c) => {
    const token = c.req.query('token') ?? '';
    const state = token && token.length <= 200 ? await stateOf(c.var.db, await sha256(token), new Date().toISOString()) : 'invalid';
    return ok<LinkCheck>(c, { state, message: state === 'valid' ? '' : RESET_LINK_MESSAGES[state] });
  })
  .post('/reset', sameOriginLogin, async (c) => {
    const parsed = resetInput.safeParse((await readBody(c)).fields);
    if (!parsed.success) throw validationError(parsed.error);
    const db = c.var.db;
    const tokenHash = await sha256(parsed.data.token);
    const time = new Date().toISOString();
    const state = await stateOf(db, tokenHash, time);
    if (state !== 'valid') throw refusedLink(state);
    // Claimed in one statement: of two requests with the same link, only one sets a password.
    const [claimed] = await db
      .update(passwordResets)
      .set({ usedAt: time })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, time)))
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw refusedLink('used');
    const who = await sessionUser(db, claimed.userId);
    if (!who) throw refusedLink('invalid');
    await setPassword(c, who, parsed.data.password, c.var.user?.id === who.id ? c.var.session : null, 'Password diatur ulang lewat email; sesi lain diakhiri');
    return ok(c, null, 'Password berhasil diubah. Silakan login dengan password baru Anda.');
  })
  .post('/change', async (c) => {
    const fields = (await readBody(c)).fields;
    const parsed = changeInput.safeParse(fields);
    if (!parsed.success) throw validationError(parsed.error);
    const who = await confirmPassword(c, fields.currentPassword);
    const db = c.var.db;
    const [row] = await db.select({ passwordHash: user.passwordHash }).from(user).where(eq(user.id, who.id));
    if (row && (await verifyPassword(parsed.data.password, String(row.passwordHash)))) {
      throw new ApiError(400, 'VALIDATION_ERROR', 'Password baru harus berbeda dari password saat ini.', { fields: ['password'] });
    }
    await setPassword(c, who, parsed.data.password, c.var.session, 'Password diubah; sesi lain diakhiri');
    return ok(c, null, 'Password berhasil diubah. Sesi di perangkat lain telah diakhiri.');
  });

/** Forgets reset links an hour after they expired and throttle counters whose window is over. */
export const forgetAccountLinks: CronJob = {
  name: 'forget expired reset links and account throttle counters',
  async run({ db, now }) {
    const hourAgo = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
    await db.batch([db.delete(passwordResets).where(lte(passwordResets.expiresAt, hourAgo)), db.delete(accountThrottle).where(lte(accountThrottle.windowStart, hourAgo))]);
  },
};
