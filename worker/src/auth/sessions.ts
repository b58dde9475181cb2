/**
 * "Perangkat yang masuk": a user's own sessions (browser, address, last use), any of which they
 * can end, or all but the one in use; an admin who may update a user can end all of that user's
 * sessions. A sign-in from a browser the account has not used before is emailed to its owner.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { auditStatement } from '../audit/log.ts';
import type { SessionUser } from '../contract/api.ts';
import type { DeviceSession } from '../contract/staff-answers.ts';
import { knownDevices, sessions, user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, notFound, ok, unauthorized } from '../http/errors.ts';
import { assertPermission } from './guard.ts';
import { accountMail, newDeviceEmail } from './mail.ts';
import { accountPower, linkedPermissionIds } from './permissions.ts';
import { endSessionsOf, isLocal, randomToken, sha256 } from './session.ts';

/** The client's address as Cloudflare gives it (wrangler dev too). */
export const clientAddress = (c: Context) => c.req.header('cf-connecting-ip') ?? 'tidak diketahui';

/** A User-Agent as people name it: "Chrome di Windows". */
export function describeBrowser(userAgent: string): string {
  const browsers: Array<[RegExp, string]> = [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: Array<[RegExp, string]> = [
    [/Windows/, 'Windows'],
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return 'Browser tidak dikenal';
  return [browser ?? 'Browser', system ? `di ${system}` : ''].filter(Boolean).join(' ');
}

const DEVICE_COOKIE = 'device';
const DEVICE_DAYS = 400;

/**
 * Marks the browser with a long-lived random cookie and records it for the account. A sign-in
 * from a browser the account has not used before is emailed, unless it is the account's first.
 */
export async function noticeDevice(c: Context<AppEnv>, who: SessionUser) {
  const db = c.var.db;
  const token = getCookie(c, DEVICE_COOKIE) ?? randomToken();
  setCookie(c, DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure: !isLocal(c), path: '/', maxAge: DEVICE_DAYS * 86_400 });
  const deviceHash = await sha256(token);
  const time = new Date().toISOString();
  const known = await db.select({ deviceHash: knownDevices.deviceHash }).from(knownDevices).where(eq(knownDevices.userId, who.id));
  if (known.some((device) => device.deviceHash === deviceHash)) {
    await db.update(knownDevices).set({ lastSeen: time }).where(and(eq(knownDevices.userId, who.id), eq(knownDevices.deviceHash, deviceHash)));
    return;
  }
  const browser = describeBrowser(c.req.header('user-agent') ?? '');
  await db.batch([
    db.insert(knownDevices).values({ userId: who.id, deviceHash, firstSeen: time, lastSeen: time }).onConflictDoNothing(),
    auditStatement(db, who, 'login', 'session', who.id, `Login dari perangkat baru: ${browser}, alamat ${clientAddress(c)}`),
  ]);
  if (known.length === 0 || !who.email) return;
  const mail = await accountMail(c.env, db, c.req.url);
  c.executionCtx.waitUntil(
    mail.mailer.send(newDeviceEmail(mail.brand, who.email, time, browser, clientAddress(c))).catch((error: unknown) => console.error('new device email failed', error)),
  );
}


const signedIn = (c: Context<AppEnv>) => {
  if (!c.var.user) throw unauthorized();
  return c.var.user;
};

export const sessionRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const who = signedIn(c);
    const rows = await c.var.db.select().from(sessions).where(eq(sessions.userId, who.id)).orderBy(desc(sessions.createdAt));
    const list: DeviceSession[] = rows
      .map((row) => ({
        id: row.tokenHash,
        browser: describeBrowser(row.userAgent),
        address: row.address || 'tidak diketahui',
        signedInAt: row.createdAt,
        lastSeenAt: row.lastSeenAt ?? row.createdAt,
        current: row.tokenHash === c.var.session,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
    return ok(c, list);
  })
  .post('/end-others', async (c) => {
    const who = signedIn(c);
    const db = c.var.db;
    const ended = await endSessionsOf(db, who.id, c.var.session).returning({ id: sessions.tokenHash });
    await auditStatement(db, who, 'logout', 'session', who.id, `Mengakhiri ${ended.length} sesi lain`);
    return ok(c, { ended: ended.length }, ended.length ? `${ended.length} perangkat lain telah dikeluarkan.` : 'Tidak ada perangkat lain yang masuk.');
  })
  // An admin ends every session of a user they may update and whose power they hold.
  .post('/of/:userId/end', async (c) => {
    const who = c.var.user;
    assertPermission(who, 'user', 'update');
    const db = c.var.db;
    const userId = c.req.param('userId');
    const [target] = await db.select({ id: user.id, username: user.username, role: user.role }).from(user).where(eq(user.id, userId));
    if (!target) throw notFound('User tidak ditemukan.');
    const held = new Set(who.permissions);
    const power = await accountPower(db, typeof target.role === 'string' && target.role ? target.role : null, await linkedPermissionIds(db, 'user', userId));
    if (power.some((name) => !held.has(name))) throw new ApiError(403, 'FORBIDDEN', 'Anda tidak dapat mengakhiri sesi akun dengan hak akses yang tidak Anda miliki.');
    const keep = userId === who.id ? c.var.session : null;
    const ended = await endSessionsOf(db, userId, keep).returning({ id: sessions.tokenHash });
    await auditStatement(db, who, 'logout', 'session', userId, `Mengakhiri semua sesi ${String(target.username)} (${ended.length})`);
    return ok(c, { ended: ended.length }, `Semua sesi ${String(target.username)} telah diakhiri.`);
  })
  .delete('/:id', async (c) => {
    const who = signedIn(c);
    const db = c.var.db;
    const id = c.req.param('id');
    const [ended] = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, who.id), eq(sessions.tokenHash, id), ne(sessions.tokenHash, c.var.session ?? '')))
      .returning({ id: sessions.tokenHash });
    if (!ended) {
      if (id === c.var.session) throw new ApiError(400, 'VALIDATION_ERROR', 'Ini sesi yang sedang Anda pakai. Gunakan tombol Logout untuk keluar.');
      throw notFound('Sesi tidak ditemukan atau sudah berakhir.');
    }
    await auditStatement(db, who, 'logout', 'session', who.id, 'Mengakhiri satu sesi');
    return ok(c, null, 'Perangkat telah dikeluarkan.');
  });
