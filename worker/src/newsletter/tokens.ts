/**
 * Signed links for confirming and unsubscribing without a login: `purpose.subscriberId.expires.signature`,
 * an HMAC-SHA256 over those parts and the address, so a link works only for the address it was
 * sent to and cannot be altered or made up.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { settings } from '../db/schema.ts';
import type { Bindings } from '../env.ts';

export type TokenPurpose = 'confirm' | 'unsubscribe';

/** A confirmation link is good for a week; a new sign-up sends a fresh one. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;
const GENERATED_SECRET_KEY = 'newsletterSecret';

const encoder = new TextEncoder();
const base64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * NEWSLETTER_SECRET when it is set; otherwise a random secret generated once and kept in D1,
 * so links stay valid across restarts without a fixed default anyone could read in the code.
 */
export async function linkSecret(env: Bindings, db: Database): Promise<string> {
  if (env.NEWSLETTER_SECRET) return env.NEWSLETTER_SECRET;
  const fresh = base64url(crypto.getRandomValues(new Uint8Array(32)).buffer);
  await db.insert(settings).values({ key: GENERATED_SECRET_KEY, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, GENERATED_SECRET_KEY));
  return row!.value;
}

async function signature(secret: string, parts: string) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(parts)));
}

/** `expires` 0: never (an unsubscribe link in an old email keeps working). */
export async function signToken(secret: string, purpose: TokenPurpose, subscriberId: string, email: string, expires = 0) {
  const head = `${purpose}.${subscriberId}.${expires}`;
  return `${head}.${await signature(secret, `${head}.${email}`)}`;
}

export type TokenCheck = { ok: true; subscriberId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Reads the subscriber id out of a token; `emailOf` looks up the address it must have been signed for. */
export async function readToken(
  secret: string,
  purpose: TokenPurpose,
  token: string,
  emailOf: (subscriberId: string) => Promise<string | null>,
  now = Date.now(),
): Promise<TokenCheck> {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== purpose || !/^[A-Za-z0-9_-]{1,64}$/.test(parts[1]!) || !/^\d{1,15}$/.test(parts[2]!)) return { ok: false, reason: 'invalid' };
  const [, subscriberId, expires, given] = parts as [string, string, string, string];
  const email = await emailOf(subscriberId);
  if (email === null) return { ok: false, reason: 'invalid' };
  const expected = await signature(secret, `${purpose}.${subscriberId}.${expires}.${email}`);
  if (!timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  if (Number(expires) !== 0 && Number(expires) < now) return { ok: false, reason: 'expired' };
  return { ok: true, subscriberId };
}

function timingSafeEqual(a: string, b: string) {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
