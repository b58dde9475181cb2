/**
 * Password confirmation for the most sensitive actions (downloading a backup): a stolen session
 * cookie alone is not enough, the signed-in user types their password again. Attempts count
 * against the same limits as logins, so the check cannot be used to guess a password.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { SessionUser } from '../contract/api.ts';
import { user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, unauthorized } from '../http/errors.ts';
import { verifyPassword } from './password.ts';
import { countAttempt, forgiveAttempt } from './rate-limit.ts';

export const PASSWORD_REQUIRED = 'Masukkan password Anda untuk melanjutkan.';
export const WRONG_PASSWORD = 'Password salah. Masukkan password akun Anda.';

/** Throws unless `password` is the signed-in user's current password; answers the user. */
export async function confirmPassword(c: Context<AppEnv>, password: unknown): Promise<SessionUser> {
  const who = c.var.user;
  if (!who) throw unauthorized();
  if (typeof password !== 'string' || password === '') throw new ApiError(403, 'FORBIDDEN', PASSWORD_REQUIRED, { passwordRequired: true });
  if (password.length > 200) throw new ApiError(403, 'FORBIDDEN', WRONG_PASSWORD, { passwordRequired: true });
  const db = c.var.db;
  const address = c.req.header('cf-connecting-ip') ?? 'unknown';
  await countAttempt(db, who.username, address);
  const [row] = await db.select({ passwordHash: user.passwordHash }).from(user).where(eq(user.id, who.id));
  if (!row || !(await verifyPassword(password, String(row.passwordHash)))) throw new ApiError(403, 'FORBIDDEN', WRONG_PASSWORD, { passwordRequired: true });
  await forgiveAttempt(db, who.username, address);
  return who;
}
