import { eq, lt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import { sessionUser } from './permissions.ts';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 7;

const sha256 = async (text: string) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

const randomToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const isLocal = (c: Context) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(c.req.url).hostname);

/** Starts a session: the cookie holds a random token, D1 holds only its hash. */
export async function startSession(c: Context<AppEnv>, userId: string) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await c.var.db.insert(sessions).values({ tokenHash: await sha256(token), userId, expiresAt: expiresAt.toISOString() });
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

async function userOfToken(db: Database, token: string) {
  const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, await sha256(token)));
  if (!session) return null;
  if (session.expiresAt < new Date().toISOString()) {
    await db.delete(sessions).where(lt(sessions.expiresAt, new Date().toISOString()));
    return null;
  }
  return sessionUser(db, session.userId);
}

/** Puts the signed-in user (or null) on the context for every /api request. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  c.set('user', token ? await userOfToken(c.var.db, token) : null);
  await next();
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin of a Referer; a malformed one has none (and so matches no site). */
const originOf = (referer: string | undefined) => {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
};

/**
 * A request that changes state with the session cookie must come from this site's own
 * origin, so another site cannot act with an admin's cookie.
 */
export const sameOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (UNSAFE.has(c.req.method) && getCookie(c, SESSION_COOKIE)) {
    const origin = c.req.header('origin') ?? originOf(c.req.header('referer'));
    if (origin !== new URL(c.req.url).origin) {
      throw new ApiError(403, 'FORBIDDEN', 'Permintaan ditolak: asal permintaan tidak dikenali. Muat ulang halaman dan coba lagi.');
    }
  }
  await next();
};
