/**
 * Passkeys (WebAuthn steps in webauthn.ts). The relying party is the site's address setting (its origin
 * and host name); a request made on a local address uses that address, so `npm start` works.
 * Every challenge is stored and taken once; user verification is required; the signature
 * counter must grow.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import * as z from '../contract/zod.ts';
import { isSiteAddress } from '../contract/text.ts';
import type { Database } from '../db/client.ts';
import { passkeys, webauthnChallenges } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import { readSettings } from '../settings/routes.ts';
import {
  authenticationOptions as webauthnAuthenticationOptions,
  fromBase64url,
  registrationOptions as webauthnRegistrationOptions,
  toBase64url,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  WebAuthnError,
} from './webauthn.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/** The site's address setting; on a local address (or before the setting is made), the address the admin is open at. */
export async function relyingParty(c: Context<AppEnv>): Promise<RelyingParty> {
  const settings = await readSettings(c.var.db);
  const request = new URL(c.req.url);
  const configured = isSiteAddress(settings.siteUrl) ? new URL(settings.siteUrl).origin : null;
  const origin = LOCAL_HOSTS.has(request.hostname) || !configured ? request.origin : configured;
  return { id: new URL(origin).hostname, name: settings.organisationName, origin };
}

const base64url = z.string().max(20_000).regex(/^[A-Za-z0-9_-]*$/, 'bukan base64url');

const registrationResponse = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

const authenticationResponse = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

type RegistrationResponseJSON = z.output<typeof registrationResponse>;
type AuthenticationResponseJSON = z.output<typeof authenticationResponse>;

const unreadable = () => new ApiError(400, 'VALIDATION_ERROR', 'Jawaban passkey tidak dapat dibaca. Silakan coba lagi.');

export function parseRegistration(value: unknown): RegistrationResponseJSON {
  const parsed = registrationResponse.safeParse(value);
  if (!parsed.success) throw unreadable();
  return parsed.data;
}

export function parseAuthentication(value: unknown): AuthenticationResponseJSON {
  const parsed = authenticationResponse.safeParse(value);
  if (!parsed.success) throw unreadable();
  return parsed.data;
}

/** What the browser put in clientDataJSON: the challenge it signed and the origin it was on. */
function clientData(response: { response: { clientDataJSON: string } }): { challenge: string; origin: string } {
  try {
    const text = new TextDecoder().decode(Uint8Array.from(atob(response.response.clientDataJSON.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0)));
    const data = JSON.parse(text) as { challenge?: unknown; origin?: unknown };
    if (typeof data.challenge === 'string' && typeof data.origin === 'string') return { challenge: data.challenge, origin: data.origin };
  } catch {
    // answered below
  }
  throw unreadable();
}

async function storeChallenge(db: Database, challenge: string, purpose: 'register' | 'login', userId: string | null) {
  const time = new Date();
  await db.batch([
    // Old, unanswered challenges go as new ones come: the table stays small without a job.
    db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, time.toISOString())),
    db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(time.getTime() + CHALLENGE_TTL_MS).toISOString() }),
  ]);
}

/** Takes the challenge a response signed, once: a second use of it, or an expired one, is refused. */
async function takeChallenge(db: Database, challenge: string, purpose: 'register' | 'login') {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, new Date().toISOString())))
    .returning();
  if (!row) throw new ApiError(400, 'VALIDATION_ERROR', 'Permintaan passkey sudah kedaluwarsa atau sudah dipakai. Silakan coba lagi.');
  return row;
}

const otherOrigin = (origin: string, rp: RelyingParty) =>
  new ApiError(
    400,
    'VALIDATION_ERROR',
    `Passkey ditolak: passkey ini berasal dari alamat lain (${origin.slice(0, 100)}), bukan dari ${rp.origin}. Gunakan passkey yang dibuat di situs ini.`,
  );

/** Options for adding a passkey: a discoverable credential, verified by the user, none of theirs again. */
export async function registrationOptions(c: Context<AppEnv>, account: { id: string; username: string; fullName: string }) {
  const db = c.var.db;
  const rp = await relyingParty(c);
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, account.id));
  const options = webauthnRegistrationOptions({
    rp: { id: rp.id, name: rp.name },
    user: { id: new TextEncoder().encode(account.id), name: account.username, displayName: account.fullName || account.username },
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
  });
  await storeChallenge(db, options.challenge, 'register', account.id);
  return options;
}

/** Checks a new passkey against its challenge, origin and RP ID; answers what to store. */
export async function verifyRegistration(c: Context<AppEnv>, userId: string, response: RegistrationResponseJSON) {
  const rp = await relyingParty(c);
  const data = clientData(response);
  const challenge = await takeChallenge(c.var.db, data.challenge, 'register');
  if (challenge.userId !== userId) throw unreadable();
  if (data.origin !== rp.origin) throw otherOrigin(data.origin, rp);
  let credential: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    credential = await verifyRegistrationResponse(response, { challenge: data.challenge, origin: rp.origin, rpId: rp.id });
  } catch (error) {
    if (!(error instanceof WebAuthnError)) throw error;
    throw new ApiError(400, 'VALIDATION_ERROR', 'Passkey tidak dapat diverifikasi untuk situs ini. Silakan coba lagi.');
  }
  return { id: credential.id, publicKey: toBase64url(credential.publicKey), counter: credential.counter, transports: response.response.transports ?? [] };
}

/** Options for signing in: any passkey of this site (discoverable), or only this user's for a second step. */
export async function authenticationOptions(c: Context<AppEnv>, userId: string | null) {
  const db = c.var.db;
  const rp = await relyingParty(c);
  const own = userId ? await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId)) : [];
  const options = webauthnAuthenticationOptions({ rpId: rp.id, allowCredentials: own.map((row) => ({ id: row.id, transports: row.transports })) });
  await storeChallenge(db, options.challenge, 'login', userId);
  return options;
}

/**
 * Checks a sign-in with a passkey: its challenge (taken once, made for this user when it named
 * one), origin, RP ID, signature and counter; stores the new counter. Answers the user's id.
 */
export async function verifyAuthentication(c: Context<AppEnv>, response: AuthenticationResponseJSON): Promise<string> {
  const db = c.var.db;
  const rp = await relyingParty(c);
  const data = clientData(response);
  const challenge = await takeChallenge(db, data.challenge, 'login');
  if (data.origin !== rp.origin) throw otherOrigin(data.origin, rp);
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
  const unknown = new ApiError(401, 'UNAUTHORIZED', 'Passkey ini tidak terdaftar di akun mana pun. Masuk dengan username dan password, lalu tambahkan passkey.');
  if (!stored || (challenge.userId && challenge.userId !== stored.userId)) throw unknown;
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse(
      response,
      { challenge: data.challenge, origin: rp.origin, rpId: rp.id },
      { publicKey: fromBase64url(stored.publicKey), counter: stored.counter },
    );
  } catch (error) {
    if (!(error instanceof WebAuthnError)) throw error;
    if (error.reason === 'counter') {
      throw new ApiError(401, 'UNAUTHORIZED', 'Passkey ditolak: penghitungnya tidak bertambah, tanda passkey ini mungkin telah disalin. Hubungi admin.');
    }
    throw new ApiError(401, 'UNAUTHORIZED', 'Passkey tidak dapat diverifikasi. Silakan coba lagi.');
  }
  await db
    .update(passkeys)
    .set({ counter: verification.newCounter, lastUsedAt: new Date().toISOString() })
    .where(eq(passkeys.id, stored.id));
  return stored.userId;
}
