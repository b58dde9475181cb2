/**
 * Sign-ups counted in D1 per email address and per client network within an hour, and
 * confirmation emails per address per day, so a script cannot flood someone's inbox or fill
 * the list with junk. Each counter moves in one upsert, so simultaneous requests cannot slip
 * past its limit.
 */
import { and, like, lt, notLike, or, sql } from 'drizzle-orm';
import { jakartaClock } from '../backup/daily.ts';
import type { Database } from '../db/client.ts';
import { signupAttempts } from '../db/schema.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import type { SignUpMessages } from './messages.ts';

export const SIGNUP_WINDOW_MS = 60 * 60_000;
const DEFAULT_LIMITS = { client: 30, email: 5 };

const limitOf = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

/** Counts one attempt under `key` in its hour window (a window over an hour old starts again); answers the row. */
export async function countAttempt(db: Database, key: string, now: Date) {
  const cutoff = new Date(now.getTime() - SIGNUP_WINDOW_MS).toISOString();
  const start = now.toISOString();
  const [row] = await db
    .insert(signupAttempts)
    .values({ key, count: 1, windowStart: start })
    .onConflictDoUpdate({
      target: signupAttempts.key,
      set: {
        count: sql`case when ${signupAttempts.windowStart} < ${cutoff} then 1 else ${signupAttempts.count} + 1 end`,
        windowStart: sql`case when ${signupAttempts.windowStart} < ${cutoff} then ${start} else ${signupAttempts.windowStart} end`,
      },
    })
    .returning();
  return row!;
}

/** Confirmation emails one address receives per calendar day in Asia/Jakarta. */
export const CONFIRMATIONS_PER_DAY = 3;
const CONFIRMATION_KEY = 'confirmation:';
const DAY_MS = 24 * 60 * 60_000;

/**
 * Who is throttled: an IPv4 address as it is, an IPv6 address by its /64 network (one home or
 * phone line gets a whole /64, so a full address is free to change), an IPv4-mapped one as IPv4.
 */
export function clientNetwork(address: string): string {
  const ip = address.trim().toLowerCase().replace(/^\[|\]$/g, '').split('%')[0]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('::', 2);
  const groups = (part: string) => (part ? part.split(':').flatMap(dottedToGroups) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (all.length !== 8 || !all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return ip;
  const values = all.map((group) => parseInt(group, 16));
  if (values.slice(0, 5).every((value) => value === 0) && values[5] === 0xffff) {
    return [values[6]! >> 8, values[6]! & 255, values[7]! >> 8, values[7]! & 255].join('.');
  }
  return `${values.slice(0, 4).map((value) => value.toString(16)).join(':')}::/64`;
}

/** `1.2.3.4` at the end of an IPv6 address is its last two groups. */
const dottedToGroups = (group: string) => {
  const bytes = group.split('.').map(Number);
  if (bytes.length !== 4) return [group];
  return [((bytes[0]! << 8) | bytes[1]!).toString(16), ((bytes[2]! << 8) | bytes[3]!).toString(16)];
};

/** Counts this sign-up; refuses it (429) when the address or the client network is over its hourly limit. */
export async function throttleSignUp(env: Bindings, db: Database, email: string, client: string, say: Pick<SignUpMessages, 'limited'>, now = new Date()) {
  const checks = [
    { key: `email:${email}`, limit: limitOf(env.NEWSLETTER_EMAIL_LIMIT, DEFAULT_LIMITS.email) },
    { key: `client:${clientNetwork(client)}`, limit: limitOf(env.NEWSLETTER_CLIENT_LIMIT, DEFAULT_LIMITS.client) },
  ];
  for (const { key, limit } of checks) {
    const row = await countAttempt(db, key, now);
    if (row.count > limit) {
      const waitMs = Date.parse(row.windowStart) + SIGNUP_WINDOW_MS - now.getTime();
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new ApiError(429, 'RATE_LIMITED', say.limited(minutes), {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
  }
}

/**
 * Takes one of today's confirmation emails for an address (the day in Asia/Jakarta); false when
 * the day's are used up. A refused one is not sent, and the visitor is answered as usual.
 */
export async function claimConfirmationEmail(db: Database, email: string, now = new Date()) {
  const [row] = await db
    .insert(signupAttempts)
    .values({ key: `${CONFIRMATION_KEY}${jakartaClock(now).date}:${email}`, count: 1, windowStart: now.toISOString() })
    .onConflictDoUpdate({ target: signupAttempts.key, set: { count: sql`${signupAttempts.count} + 1` } })
    .returning();
  return row!.count <= CONFIRMATIONS_PER_DAY;
}

/** Counters whose window has passed are no longer needed: sign-ups after an hour, a day's confirmations after a day. */
export const pruneSignupAttempts = (db: Database, now: Date) =>
  db
    .delete(signupAttempts)
    .where(
      or(
        and(notLike(signupAttempts.key, `${CONFIRMATION_KEY}%`), lt(signupAttempts.windowStart, new Date(now.getTime() - SIGNUP_WINDOW_MS).toISOString())),
        and(like(signupAttempts.key, `${CONFIRMATION_KEY}%`), lt(signupAttempts.windowStart, new Date(now.getTime() - DAY_MS).toISOString())),
      ),
    );
