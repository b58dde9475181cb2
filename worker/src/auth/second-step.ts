/**
 * The step between a correct password and a session. A user with a factor answers with an
 * authenticator app code, a recovery code or a passkey; a user whose role or permissions require
 * a factor and who has none sets one up first. Until then the browser holds only a short-lived
 * ticket (HttpOnly cookie, SameSite=Strict, path /api/auth) that opens no other endpoint.
 */
import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { auditStatement } from '../audit/log.ts';
import type { SessionUser } from '../contract/api.ts';
import type { SecondStep } from '../contract/factors.ts';
import type { Database } from '../db/client.ts';
import { loginAttempts, loginTickets, passkeys, recoveryCodes, totpFactors, user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import { sessionUser } from './permissions.ts';
import { factorRequirement } from './policy.ts';
import { randomToken, sha256, startSession } from './session.ts';
import { noticeDevice } from './sessions.ts';
import { countInWindow } from './rate-limit.ts';
import { matchingStep } from './totp.ts';

export const TICKET_COOKIE = 'login_step';
const TICKET_TTL_MS = 10 * 60_000;
/** Wrong codes allowed per user in a window, before the second step is refused for the rest of it. */
export const MAX_CODE_FAILURES = 5;
export const CODE_WINDOW_MS = 15 * 60_000;

const isLocal = (c: Context) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(c.req.url).hostname);

/** The user's confirmed factors: whether the app is on, and how many passkeys. */
export async function factorCounts(db: Database, userId: string) {
  const [[totp], [keys]] = await db.batch([
    db.select({ n: count() }).from(totpFactors).where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt), sql`${totpFactors.secret} <> ''`)),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
  ]);
  return { totp: (totp?.n ?? 0) > 0, passkeys: keys?.n ?? 0 };
}

async function issueTicket(c: Context<AppEnv>, userId: string, purpose: 'verify' | 'enrol') {
  const token = randomToken();
  const time = Date.now();
  const db = c.var.db;
  await db.batch([
    db.delete(loginTickets).where(lt(loginTickets.expiresAt, new Date(time).toISOString())),
    db.insert(loginTickets).values({ tokenHash: await sha256(token), userId, purpose, expiresAt: new Date(time + TICKET_TTL_MS).toISOString() }),
  ]);
  setCookie(c, TICKET_COOKIE, token, { httpOnly: true, sameSite: 'Strict', secure: !isLocal(c), path: '/api/auth', maxAge: TICKET_TTL_MS / 1000 });
}

/**
 * Called after a correct password: answers the second step the user must take (and sets its
 * ticket), or null when the session may start now.
 */
export async function beginSecondStep(c: Context<AppEnv>, userId: string): Promise<SecondStep | null> {
  const has = await factorCounts(c.var.db, userId);
  if (has.totp || has.passkeys) {
    await issueTicket(c, userId, 'verify');
    const methods: SecondStep['methods'] = [];
    if (has.totp) methods.push('totp', 'recovery');
    if (has.passkeys) methods.push('passkey');
    return { secondStep: 'verify', methods, requiredBy: null };
  }
  const requiredBy = await factorRequirement(c.var.db, userId);
  if (!requiredBy) return null;
  await issueTicket(c, userId, 'enrol');
  return { secondStep: 'enrol', methods: [], requiredBy };
}

/** The user a valid ticket of this purpose belongs to, or null. */
export async function ticketUser(c: Context<AppEnv>, purpose: 'verify' | 'enrol'): Promise<string | null> {
  const token = getCookie(c, TICKET_COOKIE);
  if (!token) return null;
  const [row] = await c.var.db
    .select({ userId: loginTickets.userId })
    .from(loginTickets)
    .where(and(eq(loginTickets.tokenHash, await sha256(token)), eq(loginTickets.purpose, purpose), gt(loginTickets.expiresAt, new Date().toISOString())));
  return row?.userId ?? null;
}

export const expiredTicket = () => new ApiError(401, 'UNAUTHORIZED', 'Sesi login sudah berakhir. Silakan masukkan username dan password lagi.');

/** Ends the ticket and starts the session, as a password-only login does; answers the signed-in user. */
export async function finishLogin(c: Context<AppEnv>, userId: string, how: string): Promise<SessionUser> {
  const db = c.var.db;
  const who = await sessionUser(db, userId);
  // A deactivated account answers as an unknown one.
  if (!who) throw new ApiError(401, 'UNAUTHORIZED', 'Username atau password salah.');
  await startSession(c, userId);
  // The ticket's row goes; its cookie, now worthless, expires on its own.
  const token = getCookie(c, TICKET_COOKIE);
  if (token) await db.delete(loginTickets).where(eq(loginTickets.tokenHash, await sha256(token)));
  await db.batch([
    db.update(user).set({ lastLogin: new Date().toISOString() }).where(eq(user.id, userId)),
    auditStatement(db, who, 'login', 'auth', userId, `${who.username} (${how})`),
  ]);
  // A sign-in that ends here is from a browser like any other: a new one is emailed.
  await noticeDevice(c, who);
  return who;
}

/** Counts a code attempt before it is checked; refuses it once the user's window holds MAX_CODE_FAILURES. */
export async function countCodeAttempt(db: Database, userId: string, time = Date.now()) {
  const [row] = await countInWindow(db, `code:${userId}`, time, CODE_WINDOW_MS);
  if (row && row.failures > MAX_CODE_FAILURES) {
    const minutes = Math.max(1, Math.ceil((Date.parse(row.windowStart) + CODE_WINDOW_MS - time) / 60_000));
    throw new ApiError(429, 'RATE_LIMITED', `Terlalu banyak kode yang salah. Silakan coba lagi dalam ${minutes} menit.`, { retryAfterSeconds: minutes * 60 });
  }
}

export const forgiveCodeAttempts = (db: Database, userId: string) => db.delete(loginAttempts).where(eq(loginAttempts.key, `code:${userId}`));

/** Logs a wrong code in the audit, naming the account and what was tried (never the code). */
export async function logWrongCode(db: Database, userId: string, what: string) {
  const who = await sessionUser(db, userId);
  await auditStatement(db, who, 'login-failed', 'auth', userId, `${who?.username ?? userId}: ${what} salah`);
}

/**
 * Accepts an authenticator app code once: its step must be newer than the last accepted one,
 * and the update that records it is conditional, so two requests with one code cannot both pass.
 */
export async function acceptTotp(db: Database, userId: string, code: string, time = Date.now()): Promise<boolean> {
  const [factor] = await db.select().from(totpFactors).where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  if (!factor?.secret) return false;
  const step = await matchingStep(factor.secret, code, time);
  if (step === null) return false;
  const taken = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastStep, step)))
    .returning({ userId: totpFactors.userId });
  return taken.length === 1;
}

/** Recovery codes are typed with or without their dash, in any case. */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** Spends a recovery code: one conditional update, so a code works once. */
export async function acceptRecoveryCode(db: Database, userId: string, code: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!/^[a-z2-7]{10}$/.test(normalised)) return false;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date().toISOString() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, await sha256(normalised)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

/** Recovery codes not yet spent. */
export async function recoveryCodesLeft(db: Database, userId: string) {
  const [row] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

