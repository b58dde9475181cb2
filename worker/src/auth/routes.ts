import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from '../contract/zod.ts';
import { auditStatement } from '../audit/log.ts';
import { now } from '../db/client.ts';
import { user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, ok, unauthorized } from '../http/errors.ts';
import { DECOY_HASH, verifyPassword } from './password.ts';
import { sessionUser } from './permissions.ts';
import { countAttempt, forgiveAttempt } from './rate-limit.ts';
import { beginSecondStep } from './second-step.ts';
import { endSession, sameOriginLogin, startSession } from './session.ts';
import { noticeDevice } from './sessions.ts';

const credentials = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});

export const authRoutes = new Hono<AppEnv>()
  .post('/login', sameOriginLogin, async (c) => {
    const parsed = credentials.safeParse((await readBody(c)).fields);
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'Username dan password wajib diisi.');
    const { username, password } = parsed.data;
    const db = c.var.db;
    // Cloudflare sets the client's address (wrangler dev does too, unless the request names one).
    const address = c.req.header('cf-connecting-ip') ?? 'unknown';
    await countAttempt(db, username, address);

    const [row] = await db
      .select({ id: user.id, passwordHash: user.passwordHash, isActive: user.isActive })
      .from(user)
      .where(sql`lower(${user.username}) = lower(${username})`);
    const valid = await verifyPassword(password, String(row?.passwordHash || DECOY_HASH));
    // A deactivated account answers exactly as a wrong password: the answer tells nothing about it.
    if (!row || !valid || !row.isActive) throw new ApiError(401, 'UNAUTHORIZED', 'Username atau password salah.');
    await forgiveAttempt(db, username, address);
    // A user with a factor, or one a policy requires, takes one more step before the session (second-step.ts).
    const secondStep = await beginSecondStep(c, String(row.id));
    if (secondStep) return ok(c, secondStep, secondStep.secondStep === 'verify' ? 'Masukkan kode verifikasi.' : 'Siapkan verifikasi dua langkah.');
    await startSession(c, String(row.id));
    const who = await sessionUser(db, String(row.id));
    await db.batch([
      db.update(user).set({ lastLogin: now() }).where(eq(user.id, String(row.id))),
      auditStatement(db, who, 'login', 'auth', String(row.id), who!.username),
    ]);
    await noticeDevice(c, who!);
    return ok(c, who, 'Login berhasil.');
  })
  .post('/logout', async (c) => {
    await endSession(c);
    return ok(c, null, 'Logout berhasil.');
  })
  .get('/me', (c) => {
    if (!c.var.user) throw unauthorized();
    return ok(c, c.var.user);
  });
