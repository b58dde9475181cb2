import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { stripControls } from '../contract/text.ts';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import { presentUser, userStatements } from './permissions.ts';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 7;

export const sha256 = async (text: string) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

export const randomToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

export const isLocal = (c: Context) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(c.req.url).hostname);

/** How often a session's last use is written: reading "last seen" to the minute is not worth a write per request. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * Starts a session: the cookie holds a random token, D1 holds only its hash, with the browser
 * (User-Agent, one line, 300 characters) and address its owner sees in their list of devices.
 */
export async function startSession(c: Context<AppEnv>, userId: string) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await c.var.db.insert(sessions).values({
    tokenHash: await sha256(token),
    userId,
    expiresAt: expiresAt.toISOString(),
    userAgent: stripControls(c.req.header('user-agent') ?? '', false).slice(0, 300),
    address: stripControls(c.req.header('cf-connecting-ip') ?? '', false).slice(0, 64),
    lastSeenAt: new Date().toISOString(),
  });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: !isLocal(c),
    path: '/',
    expires: expiresAt,
  });
}

export async function endSession(c: Context<AppEnv>) {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) await c.var.db.delete(sessions).where(eq(sessions.tokenHash, await sha256(token)));
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: !isLocal(c) });
}

/** The session of a cookie's token with its user, read in one round trip to D1. */
async function sessionOfToken(db: Database, token: string) {
  const tokenHash = await sha256(token);
  const ofSession = sql`(select ${sessions.userId} from ${sessions} where ${sessions.tokenHash} = ${tokenHash})`;
  const [[session], ...account] = await db.batch([db.select({ expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, tokenHash)), ...userStatements(db, ofSession)]);
  if (!session) return null;
  if (session.expiresAt < new Date().toISOString()) {
    await db.delete(sessions).where(lt(sessions.expiresAt, new Date().toISOString()));
    return null;
  }
  const user = presentUser(account);
  if (user && (session.lastSeenAt ?? '') < new Date(Date.now() - LAST_SEEN_EVERY_MS).toISOString()) {
    await db.update(sessions).set({ lastSeenAt: new Date().toISOString() }).where(eq(sessions.tokenHash, tokenHash));
  }
  return user ? { user, tokenHash } : null;
}

/** Puts the signed-in user (or null) and their session on the context for every /api request. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const session = token ? await sessionOfToken(c.var.db, token) : null;
  c.set('user', session?.user ?? null);
  c.set('session', session?.tokenHash ?? null);
  await next();
};

/** Ends every session of a user but `keep` (the caller's own, when they change their own account). */
export const endSessionsOf = (db: Database, userId: string, keep: string | null) =>
  db.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)) : eq(sessions.userId, userId));

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin a request names (its Origin, else its Referer's), or null when it names none. */
function namedOrigin(c: Context): string | null {
  const origin = c.req.header('origin');
  if (origin !== undefined) return origin;
  const referer = c.req.header('referer');
  if (referer === undefined) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'unparsable';
  }
}

const foreignRequest = () => new ApiError(403, 'FORBIDDEN', 'Permintaan ditolak: asal permintaan tidak dikenali. Muat ulang halaman dan coba lagi.');

const refuseForeign = (c: Context, mustName: boolean) => {
  const origin = namedOrigin(c);
  if ((mustName || origin !== null) && origin !== new URL(c.req.url).origin) throw foreignRequest();
};

/**
 * A request that changes state with the session cookie must name this site's own origin, so
 * another site cannot act with an admin's cookie.
 */
export const sameOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (UNSAFE.has(c.req.method) && getCookie(c, SESSION_COOKIE)) refuseForeign(c, true);
  await next();
};

/**
 * A login naming another origin is refused too, so another site cannot sign a visitor in to an
 * account of its choosing. Scripts name no origin and carry no visitor's cookie.
 */
export const sameOriginLogin: MiddlewareHandler<AppEnv> = async (c, next) => {
  refuseForeign(c, false);
  await next();
};

/**
 * A public form (the newsletter sign-up) posted by another site's page is refused: the browser
 * names that page's origin, or says `Sec-Fetch-Site: cross-site`. Our own pages, with or without
 * JavaScript, and scripts that name no origin pass.
 */
export const sameOriginForms: MiddlewareHandler<AppEnv> = async (c, next) => {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw foreignRequest();
  refuseForeign(c, false);
  await next();
};
