/**
 * Sign-in factors under /api/auth: the second step of a sign-in (a code or a passkey), sign-in
 * with a passkey alone (no username), each user's own passkeys and authenticator app, and the
 * admins' factor policy. Every change is audited and emailed to the account's owner.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { renderSVG } from 'uqr';
import * as z from '../contract/zod.ts';
import { auditStatement } from '../audit/log.ts';
import type { EnrolmentDone, FactorPolicy, FactorsSummary, PasskeySummary, TotpSetup } from '../contract/factors.ts';
import { PASSKEY_NAME_MAX, RECOVERY_CODE_COUNT } from '../contract/factors.ts';
import { stripControls } from '../contract/text.ts';
import { newId, type Database } from '../db/client.ts';
import { passkeys, recoveryCodes, totpFactors, user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { answerHoldsSecret } from '../http/idempotency.ts';
import { ApiError, notFound, ok, unauthorized } from '../http/errors.ts';
import { readSettings } from '../settings/routes.ts';
import { mailFactorChange } from './factor-mail.ts';
import { confirmPassword } from './confirm.ts';
import { assertPermission, requireReadable } from './guard.ts';
import { authenticationOptions, parseAuthentication, parseRegistration, registrationOptions, verifyAuthentication, verifyRegistration } from './passkeys.ts';
import { accountPower, ALL_PERMISSIONS, linkedPermissionIds, sessionUser } from './permissions.ts';
import { factorRequirement, readFactorPolicy, storeFactorPolicy } from './policy.ts';
import {
  acceptRecoveryCode,
  acceptTotp,
  countCodeAttempt,
  expiredTicket,
  factorCounts,
  finishLogin,
  forgiveCodeAttempts,
  logWrongCode,
  normaliseRecoveryCode,
  recoveryCodesLeft,
  ticketUser,
} from './second-step.ts';
import { endSessionsOf, sameOriginLogin, sha256 } from './session.ts';
import { base32Encode, matchingStep, newTotpSecret, otpauthUri } from './totp.ts';

const TOTP_NAME = 'Aplikasi autentikator';

const codeInput = z.object({ code: z.string().trim().min(1).max(40) });
const invalidCode = () => new ApiError(400, 'VALIDATION_ERROR', 'Kode wajib diisi.');

async function readCode(c: Context<AppEnv>) {
  const parsed = codeInput.safeParse((await readBody(c)).fields);
  if (!parsed.success) throw invalidCode();
  return parsed.data.code.replace(/\s/g, '');
}

/**
 * The account setting up a factor: a sign-in waiting for enrolment, else the signed-in user. The
 * ticket comes first: a browser still holding someone else's session signs in as the ticket's user.
 */
async function enrollingUser(c: Context<AppEnv>): Promise<{ userId: string; signingIn: boolean }> {
  const waiting = await ticketUser(c, 'enrol');
  if (waiting) return { userId: waiting, signingIn: true };
  if (c.var.user) return { userId: c.var.user.id, signingIn: false };
  throw unauthorized();
}

function signedIn(c: Context<AppEnv>) {
  if (!c.var.user) throw unauthorized();
  return c.var.user;
}

async function accountOf(db: Database, userId: string) {
  const [row] = await db.select({ id: user.id, username: user.username, fullName: user.fullName }).from(user).where(eq(user.id, userId));
  if (!row) throw unauthorized();
  return { id: String(row.id), username: String(row.username), fullName: String(row.fullName) };
}

/** Ten new recovery codes (50 random bits each, shown as xxxxx-xxxxx); the old ones stop working. */
async function replaceRecoveryCodes(db: Database, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => base32Encode(crypto.getRandomValues(new Uint8Array(7))).slice(0, 10).toLowerCase());
  const rows = await Promise.all(codes.map(async (code) => ({ id: newId(), userId, codeHash: await sha256(normaliseRecoveryCode(code)) })));
  return {
    codes: codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`),
    statements: [db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)), db.insert(recoveryCodes).values(rows)] as const,
  };
}

/** The refusal to remove a user's last factor while something requires one. */
const lastFactor = (what: string, requiredBy: string) =>
  new ApiError(409, 'CONFLICT', `${what} tidak dapat dihapus karena ini satu-satunya cara verifikasi Anda, dan ${requiredBy}. Tambahkan passkey atau aplikasi autentikator lain terlebih dahulu.`, {
    requiredBy,
  });

const passkeyName = z.string().transform((value) => stripControls(value, false).trim()).pipe(z.string().min(1, 'Nama passkey wajib diisi.').max(PASSKEY_NAME_MAX, `Nama passkey maksimal ${PASSKEY_NAME_MAX} karakter.`));

const policyInput = z.object({
  permissions: z.array(z.string().max(100)).max(ALL_PERMISSIONS.length),
});

export const factorRoutes = new Hono<AppEnv>()
  // ---- The second step of a sign-in ----
  .post('/login/code', sameOriginLogin, async (c) => {
    const userId = await ticketUser(c, 'verify');
    if (!userId) throw expiredTicket();
    const code = await readCode(c);
    const db = c.var.db;
    await countCodeAttempt(db, userId);
    const isAppCode = /^\d{6}$/.test(code);
    const accepted = isAppCode ? await acceptTotp(db, userId, code) : await acceptRecoveryCode(db, userId, code);
    if (!accepted) {
      await logWrongCode(db, userId, isAppCode ? 'kode aplikasi autentikator' : 'kode pemulihan');
      throw new ApiError(
        401,
        'UNAUTHORIZED',
        isAppCode ? 'Kode salah atau sudah dipakai. Masukkan kode terbaru dari aplikasi autentikator Anda.' : 'Kode pemulihan salah atau sudah dipakai.',
      );
    }
    await forgiveCodeAttempts(db, userId);
    const who = await finishLogin(c, userId, isAppCode ? 'aplikasi autentikator' : 'kode pemulihan');
    return ok(c, who, 'Login berhasil.');
  })
  // Options for a passkey: the user's own during a second step, otherwise any passkey of this site.
  .post('/passkey/options', sameOriginLogin, async (c) => ok(c, await authenticationOptions(c, await ticketUser(c, 'verify'))))
  .post('/passkey/login', sameOriginLogin, async (c) => {
    const response = parseAuthentication((await readBody(c)).fields.response);
    const waiting = await ticketUser(c, 'verify');
    const userId = await verifyAuthentication(c, response);
    if (waiting && waiting !== userId) throw new ApiError(401, 'UNAUTHORIZED', 'Passkey ini milik akun lain.');
    const who = await finishLogin(c, userId, 'passkey');
    return ok(c, who, 'Login berhasil.');
  })

  // ---- The caller's own factors ----
  .get('/factors', async (c) => {
    const who = signedIn(c);
    const db = c.var.db;
    const [totp] = await db.select().from(totpFactors).where(and(eq(totpFactors.userId, who.id), isNotNull(totpFactors.confirmedAt)));
    const keys = await db.select().from(passkeys).where(eq(passkeys.userId, who.id)).orderBy(passkeys.createdAt);
    const summary: FactorsSummary = {
      totp: { enabled: !!totp?.secret, since: totp?.confirmedAt ?? null, recoveryCodesLeft: totp ? await recoveryCodesLeft(db, who.id) : 0 },
      passkeys: keys.map((key): PasskeySummary => ({ id: key.id, name: key.name, createdAt: key.createdAt, lastUsedAt: key.lastUsedAt })),
      requiredBy: await factorRequirement(db, who.id),
    };
    return ok(c, summary);
  })
  .post('/factors/totp/setup', sameOriginLogin, async (c) => {
    const { userId } = await enrollingUser(c);
    const db = c.var.db;
    if ((await factorCounts(db, userId)).totp) throw new ApiError(409, 'CONFLICT', 'Aplikasi autentikator sudah aktif. Hapus terlebih dahulu untuk menggantinya.');
    const secret = newTotpSecret();
    await db.insert(totpFactors).values({ userId, secret }).onConflictDoUpdate({ target: totpFactors.userId, set: { secret, confirmedAt: null, lastStep: 0 } });
    const account = await accountOf(db, userId);
    const uri = otpauthUri((await readSettings(db)).organisationName, account.username, secret);
    const setup: TotpSetup = { uri, secret, qrSvg: renderSVG(uri, { border: 2 }) };
    answerHoldsSecret(c.req.raw);
    return ok(c, setup, 'Pindai kode QR dengan aplikasi autentikator Anda.');
  })
  .post('/factors/totp/confirm', sameOriginLogin, async (c) => {
    const { userId, signingIn } = await enrollingUser(c);
    const code = await readCode(c);
    const db = c.var.db;
    const [pending] = await db.select().from(totpFactors).where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)));
    if (!pending) throw new ApiError(400, 'VALIDATION_ERROR', 'Belum ada pendaftaran aplikasi autentikator yang menunggu. Mulai lagi dari awal.');
    await countCodeAttempt(db, userId);
    const step = await matchingStep(pending.secret, code, Date.now());
    if (step === null) {
      await logWrongCode(db, userId, 'kode aktivasi aplikasi autentikator');
      throw new ApiError(400, 'VALIDATION_ERROR', 'Kode tidak cocok. Pastikan jam ponsel Anda tepat, lalu masukkan kode terbaru dari aplikasi.');
    }
    const who = await sessionUser(db, userId);
    const recovery = await replaceRecoveryCodes(db, userId);
    const [confirmed] = await db.batch([
      db
        .update(totpFactors)
        .set({ confirmedAt: new Date().toISOString(), lastStep: step })
        .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt), eq(totpFactors.secret, pending.secret)))
        .returning({ userId: totpFactors.userId }),
      ...recovery.statements,
      auditStatement(db, who, 'factor-add', 'auth', userId, `${who?.username ?? userId}: ${TOTP_NAME}`),
      forgiveCodeAttempts(db, userId),
    ]);
    if (!confirmed.length) throw new ApiError(409, 'CONFLICT', 'Pendaftaran ini sudah diganti atau selesai. Muat ulang halaman.');
    await mailFactorChange(c, userId, { kind: 'added', factor: TOTP_NAME });
    const done: EnrolmentDone = { recoveryCodes: recovery.codes, signedIn: signingIn };
    answerHoldsSecret(c.req.raw);
    if (signingIn) await finishLogin(c, userId, TOTP_NAME.toLowerCase());
    return ok(c, done, 'Aplikasi autentikator aktif. Simpan kode pemulihan Anda.');
  })
  .delete('/factors/totp', async (c) => {
    const who = signedIn(c);
    const db = c.var.db;
    const [existing] = await db.select({ confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, who.id));
    if (!existing) throw notFound('Aplikasi autentikator belum aktif.');
    const requiredBy = existing.confirmedAt ? await factorRequirement(db, who.id) : null;
    // With a policy, the app goes only while a passkey stays: checked in the delete itself, so two removals cannot both pass.
    const keepsPasskey = sql`(select count(*) from ${passkeys} where ${passkeys.userId} = ${who.id}) > 0`;
    const removed = await db
      .delete(totpFactors)
      .where(requiredBy ? and(eq(totpFactors.userId, who.id), keepsPasskey) : eq(totpFactors.userId, who.id))
      .returning({ confirmedAt: totpFactors.confirmedAt });
    if (!removed.length) throw lastFactor(TOTP_NAME, requiredBy ?? '');
    if (!removed[0]!.confirmedAt) return ok(c, null, 'Pendaftaran aplikasi autentikator dibatalkan.');
    await db.batch([db.delete(recoveryCodes).where(eq(recoveryCodes.userId, who.id)), auditStatement(db, who, 'factor-remove', 'auth', who.id, `${who.username}: ${TOTP_NAME}`)]);
    await mailFactorChange(c, who.id, { kind: 'removed', factor: TOTP_NAME });
    return ok(c, null, 'Aplikasi autentikator dihapus.');
  })
  .post('/factors/recovery-codes', async (c) => {
    const who = signedIn(c);
    const db = c.var.db;
    if (!(await factorCounts(db, who.id)).totp) throw new ApiError(409, 'CONFLICT', 'Kode pemulihan hanya tersedia setelah aplikasi autentikator aktif.');
    const recovery = await replaceRecoveryCodes(db, who.id);
    await db.batch([...recovery.statements, auditStatement(db, who, 'update', 'auth', who.id, `${who.username}: kode pemulihan baru`)]);
    answerHoldsSecret(c.req.raw);
    return ok(c, { recoveryCodes: recovery.codes }, 'Kode pemulihan baru dibuat. Kode lama tidak berlaku lagi.');
  })
  .post('/factors/passkeys/options', sameOriginLogin, async (c) => {
    const { userId } = await enrollingUser(c);
    return ok(c, await registrationOptions(c, await accountOf(c.var.db, userId)));
  })
  .post('/factors/passkeys', sameOriginLogin, async (c) => {
    const { userId, signingIn } = await enrollingUser(c);
    const fields = (await readBody(c)).fields;
    const db = c.var.db;
    const { passkeys: existing } = await factorCounts(db, userId);
    const name = passkeyName.safeParse(typeof fields.name === 'string' && fields.name.trim() ? fields.name : `Passkey ${existing + 1}`);
    if (!name.success) throw new ApiError(400, 'VALIDATION_ERROR', name.error.issues.map((issue) => issue.message).join(' '));
    const credential = await verifyRegistration(c, userId, parseRegistration(fields.response));
    const [taken] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, credential.id));
    if (taken) throw new ApiError(409, 'CONFLICT', 'Passkey ini sudah terdaftar.');
    const who = await sessionUser(db, userId);
    await db.batch([
      db.insert(passkeys).values({ ...credential, userId, name: name.data }),
      auditStatement(db, who, 'factor-add', 'auth', userId, `${who?.username ?? userId}: passkey ${name.data}`),
    ]);
    await mailFactorChange(c, userId, { kind: 'added', factor: `Passkey "${name.data}"` });
    const added: PasskeySummary & { signedIn: boolean } = { id: credential.id, name: name.data, createdAt: new Date().toISOString(), lastUsedAt: null, signedIn: signingIn };
    if (signingIn) await finishLogin(c, userId, 'passkey baru');
    return ok(c, added, 'Passkey ditambahkan.', 201);
  })
  .put('/factors/passkeys/:id', async (c) => {
    const who = signedIn(c);
    const name = passkeyName.safeParse((await readBody(c)).fields.name ?? '');
    if (!name.success) throw new ApiError(400, 'VALIDATION_ERROR', name.error.issues.map((issue) => issue.message).join(' '));
    const db = c.var.db;
    const [renamed] = await db
      .update(passkeys)
      .set({ name: name.data })
      .where(and(eq(passkeys.id, c.req.param('id')), eq(passkeys.userId, who.id)))
      .returning();
    if (!renamed) throw notFound('Passkey tidak ditemukan.');
    await auditStatement(db, who, 'update', 'auth', who.id, `${who.username}: passkey diganti nama menjadi ${name.data}`);
    return ok(c, { id: renamed.id, name: renamed.name, createdAt: renamed.createdAt, lastUsedAt: renamed.lastUsedAt } satisfies PasskeySummary, 'Nama passkey disimpan.');
  })
  .delete('/factors/passkeys/:id', async (c) => {
    const who = signedIn(c);
    const db = c.var.db;
    const id = c.req.param('id');
    const [existing] = await db.select({ name: passkeys.name }).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, who.id)));
    if (!existing) throw notFound('Passkey tidak ditemukan.');
    const requiredBy = await factorRequirement(db, who.id);
    // With a policy, a passkey goes only while another factor stays, checked in the delete itself.
    const othersStay = sql`((select count(*) from ${passkeys} where ${passkeys.userId} = ${who.id}) + (select count(*) from ${totpFactors} where ${totpFactors.userId} = ${who.id} and ${totpFactors.confirmedAt} is not null and ${totpFactors.secret} <> '')) > 1`;
    const mine = and(eq(passkeys.id, id), eq(passkeys.userId, who.id));
    const removed = await db
      .delete(passkeys)
      .where(requiredBy ? and(mine, othersStay) : mine)
      .returning({ id: passkeys.id });
    if (!removed.length) throw lastFactor(`Passkey "${existing.name}"`, requiredBy ?? '');
    await auditStatement(db, who, 'factor-remove', 'auth', who.id, `${who.username}: passkey ${existing.name}`);
    await mailFactorChange(c, who.id, { kind: 'removed', factor: `Passkey "${existing.name}"` });
    return ok(c, null, 'Passkey dihapus.');
  })

  // ---- An admin's way back in for a colleague who lost every factor ----
  .post('/users/:id/factors/reset', async (c) => {
    assertPermission(c.var.user, 'user', 'update');
    const who = await confirmPassword(c, (await readBody(c)).fields.password);
    const db = c.var.db;
    const id = c.req.param('id');
    if (id === who.id) throw new ApiError(400, 'VALIDATION_ERROR', 'Kelola cara verifikasi Anda sendiri di halaman Keamanan Akun.');
    const [target] = await db.select({ username: user.username, role: user.role }).from(user).where(eq(user.id, id));
    if (!target) throw notFound('User tidak ditemukan.');
    const power = await accountPower(db, typeof target.role === 'string' ? target.role : null, await linkedPermissionIds(db, 'user', id));
    const held = new Set(who.permissions);
    if (power.some((name) => !held.has(name))) throw new ApiError(403, 'FORBIDDEN', 'Anda tidak dapat mengubah akun dengan hak akses yang tidak Anda miliki.');
    await db.batch([
      db.delete(passkeys).where(eq(passkeys.userId, id)),
      db.delete(totpFactors).where(eq(totpFactors.userId, id)),
      db.delete(recoveryCodes).where(eq(recoveryCodes.userId, id)),
      // Whoever holds the lost device is signed out too.
      endSessionsOf(db, id, null),
      auditStatement(db, who, 'factor-remove', 'auth', id, `${String(target.username)}: semua cara verifikasi direset`),
    ]);
    await mailFactorChange(c, id, { kind: 'removed', factor: 'Semua passkey dan aplikasi autentikator' });
    return ok(c, null, `Semua cara verifikasi ${String(target.username)} dihapus dan sesinya diakhiri.`);
  })

  // ---- The factor policy by permission (roles carry their own flag) ----
  .get('/factor-policy', requireReadable('role'), async (c) => ok(c, await readFactorPolicy(c.var.db)))
  .put('/factor-policy', async (c) => {
    assertPermission(c.var.user, 'role', 'update');
    const parsed = policyInput.safeParse((await readBody(c)).fields);
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'Daftar izin tidak valid.');
    const known = new Set(ALL_PERMISSIONS);
    const unknown = parsed.data.permissions.filter((name) => !known.has(name));
    if (unknown.length) throw new ApiError(400, 'VALIDATION_ERROR', `Izin tidak dikenal: ${unknown.slice(0, 5).join(', ')}.`);
    const policy: FactorPolicy = { permissions: [...new Set(parsed.data.permissions)].sort() };
    const db = c.var.db;
    await db.batch([storeFactorPolicy(db, policy), auditStatement(db, c.var.user, 'update', 'factor-policy', null, policy.permissions.join(', ') || 'tidak ada izin')]);
    return ok(c, policy, 'Kebijakan verifikasi dua langkah disimpan.');
  });
