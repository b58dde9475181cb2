import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { auditStatement } from '../audit/log.ts';
import { now } from '../db/client.ts';
import { user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, ok, unauthorized } from '../http/errors.ts';
import { DECOY_HASH, verifyPassword } from './password.ts';
import { sessionUser } from './permissions.ts';
import { assertNotLimited, clearFailures, recordFailure } from './rate-limit.ts';
import { endSession, startSession } from './session.ts';

const credentials = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});

export const authRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => {
    const parsed = credentials.safeParse((await readBody(c)).fields);
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'Username dan password wajib diisi.');
    const { username, password } = parsed.data;
    const db = c.var.db;
    const address = c.req.header('cf-connecting-ip') ?? c.req.header('x-real-ip') ?? 'local';
    const limitKey = `${username.toLowerCase()}|${address}`;
    await assertNotLimited(db, limitKey);

    const [row] = await db.select({ id: user.id, passwordHash: user.passwordHash, isActive: user.isActive }).from(user).where(eq(user.username, username));
    const valid = await verifyPassword(password, String(row?.passwordHash || DECOY_HASH));
    if (!row || !valid) {
      await recordFailure(db, limitKey);
      throw new ApiError(401, 'UNAUTHORIZED', 'Username atau password salah.');
    }
    if (!row.isActive) throw new ApiError(403, 'FORBIDDEN', 'Akun Anda tidak aktif. Hubungi administrator.');
    await clearFailures(db, limitKey);
    await startSession(c, String(row.id));
    const who = await sessionUser(db, String(row.id));
    await db.batch([
      db.update(user).set({ lastLogin: now() }).where(eq(user.id, String(row.id))),
      auditStatement(db, who, 'login', 'auth', String(row.id), who!.username),
    ]);
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
