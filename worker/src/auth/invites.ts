/**
 * Invites: staff who may create users add a colleague by email address and role; the colleague
 * chooses their own username and password through a link valid 72 hours, so no admin ever types
 * a colleague's password. A pending invite can be sent again (a new link; the old one stops
 * working) or revoked. Nobody invites into a role holding permissions they lack.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as z from '../contract/zod.ts';
import { auditStatement } from '../audit/log.ts';
import type { SessionUser } from '../contract/api.ts';
import type { InviteCheck, LinkState, PendingInvite } from '../contract/staff-answers.ts';
import { user as userDefinition } from '../contract/collections/user.ts';
import { stripControls } from '../contract/text.ts';
import { newId } from '../db/client.ts';
import { invites, role, user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, notFound, ok } from '../http/errors.ts';
import { requirePermission } from './guard.ts';
import { accountMail, ACCOUNT_PAGES, inviteEmail, linkTo } from './mail.ts';
import { hashPassword } from './password.ts';
import { accountPower, sessionUser } from './permissions.ts';
import { accountEmail, countRequest, newPassword, validationError } from './reset.ts';
import { randomToken, sameOriginLogin, sha256 } from './session.ts';

export const INVITE_TTL_MS = 72 * 60 * 60_000;
/** Emails one invite may be sent again within an hour. */
export const INVITE_RESENDS_PER_HOUR = 5;

export const INVITE_LINK_MESSAGES: Record<Exclude<LinkState, 'valid'>, string> = {
  expired: 'Undangan ini sudah kedaluwarsa (berlaku 72 jam). Minta admin yang mengundang Anda untuk mengirim ulang undangan.',
  used: 'Undangan ini sudah dipakai. Silakan login dengan akun yang Anda buat, atau gunakan "Lupa password?".',
  invalid: 'Tautan undangan tidak valid atau sudah dibatalkan. Periksa kembali tautan di email Anda atau minta undangan baru.',
};


const USERNAME = userDefinition.fields.username.pattern!;
const oneLine = (value: unknown) => (typeof value === 'string' ? stripControls(value, false) : value);

const inviteInput = z.object({
  email: accountEmail,
  role: z.string({ error: 'Role wajib dipilih.' }).min(1, 'Role wajib dipilih.').max(200, 'Role tidak valid.'),
});

const acceptInput = z.object({
  token: z.string({ error: INVITE_LINK_MESSAGES.invalid }).min(1, INVITE_LINK_MESSAGES.invalid).max(200, INVITE_LINK_MESSAGES.invalid),
  username: z.preprocess(oneLine, z.string({ error: 'Username wajib diisi.' }).trim().regex(new RegExp(USERNAME.regex), USERNAME.message)),
  fullName: z.preprocess(oneLine, z.string({ error: 'Nama lengkap wajib diisi.' }).trim().min(1, 'Nama lengkap wajib diisi.').max(100, 'Nama lengkap maksimal 100 karakter.')),
  password: newPassword,
});

type InviteRow = typeof invites.$inferSelect;
const isPending = (row: InviteRow) => !row.acceptedAt && !row.revokedAt;

const stateOf = (row: InviteRow | undefined, time: string): LinkState =>
  !row || row.revokedAt ? 'invalid' : row.acceptedAt ? 'used' : row.expiresAt <= time ? 'expired' : 'valid';

const refusedLink = (state: Exclude<LinkState, 'valid'>) => new ApiError(400, 'INVALID_TOKEN', INVITE_LINK_MESSAGES[state], { reason: state });

const emailTaken = () => new ApiError(409, 'CONFLICT', 'Alamat email ini sudah dipakai oleh user lain.');

async function roleNamed(c: Context<AppEnv>, roleId: string) {
  const [found] = await c.var.db.select({ id: role.id, name: role.name, isActive: role.isActive }).from(role).where(eq(role.id, roleId));
  return found ? { id: String(found.id), name: String(found.name), isActive: found.isActive === true } : null;
}

/** The caller hands out only rights they hold: an invite into a role is a grant of its permissions. */
async function assertMayGrant(c: Context<AppEnv>, who: SessionUser, roleId: string) {
  const held = new Set(who.permissions);
  const beyond = (await accountPower(c.var.db, roleId, [])).filter((name) => !held.has(name));
  if (beyond.length) throw new ApiError(403, 'FORBIDDEN', 'Anda tidak dapat mengundang ke role dengan hak akses yang tidak Anda miliki.', { permissions: beyond });
}

/** Sends the invite's email with a fresh link; the link before it stops working. */
async function sendInvite(c: Context<AppEnv>, who: SessionUser, row: InviteRow, roleName: string) {
  const token = randomToken();
  const time = new Date();
  const expiresAt = new Date(time.getTime() + INVITE_TTL_MS).toISOString();
  await c.var.db.update(invites).set({ tokenHash: await sha256(token), expiresAt, sentAt: time.toISOString() }).where(eq(invites.id, row.id));
  const mail = await accountMail(c.env, c.var.db, c.req.url);
  try {
    await mail.mailer.send(inviteEmail(mail.brand, row.email, linkTo(mail.brand, ACCOUNT_PAGES.invite, token), who.fullName || who.username, roleName, INVITE_TTL_MS / 3_600_000));
  } catch (error) {
    console.error('invite email failed', error);
    throw new ApiError(502, 'EMAIL_FAILED', 'Undangan tersimpan, tetapi email gagal dikirim. Silakan coba "Kirim ulang" beberapa saat lagi.');
  }
}

async function pendingInvite(c: Context<AppEnv>) {
  const [row] = await c.var.db.select().from(invites).where(eq(invites.id, c.req.param('id') ?? ''));
  if (!row || !isPending(row)) throw notFound('Undangan tidak ditemukan atau sudah tidak berlaku.');
  return row;
}

async function inviteOfToken(c: Context<AppEnv>, token: string) {
  const [row] = await c.var.db.select().from(invites).where(eq(invites.tokenHash, await sha256(token)));
  return row;
}

export const inviteRoutes = new Hono<AppEnv>()
  // The colleague's side: what the link is for, and accepting it. No session needed.
  .get('/accept', async (c) => {
    const token = c.req.query('token') ?? '';
    const row = token && token.length <= 200 ? await inviteOfToken(c, token) : undefined;
    const state = stateOf(row, new Date().toISOString());
    if (state !== 'valid' || !row) return ok<InviteCheck>(c, { state, message: state === 'valid' ? '' : INVITE_LINK_MESSAGES[state], email: '', roleName: '' });
    return ok<InviteCheck>(c, { state, message: '', email: row.email, roleName: (await roleNamed(c, row.roleId))?.name ?? '' });
  })
  .post('/accept', sameOriginLogin, async (c) => {
    const parsed = acceptInput.safeParse((await readBody(c)).fields);
    if (!parsed.success) throw validationError(parsed.error);
    const { token, username, fullName, password } = parsed.data;
    const db = c.var.db;
    const time = new Date().toISOString();
    const row = await inviteOfToken(c, token);
    const state = stateOf(row, time);
    if (state !== 'valid' || !row) throw refusedLink(state === 'valid' ? 'invalid' : state);
    // Claimed in one statement: the same link cannot make two accounts. A refusal below gives it back.
    const [claimed] = await db
      .update(invites)
      .set({ acceptedAt: time })
      .where(and(eq(invites.id, row.id), eq(invites.tokenHash, row.tokenHash), isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, time)))
      .returning({ id: invites.id });
    if (!claimed) throw refusedLink('used');
    const giveBack = async (refusal: ApiError): Promise<never> => {
      await db.update(invites).set({ acceptedAt: null }).where(eq(invites.id, row.id));
      throw refusal;
    };
    const [taken] = await db.select({ id: user.id }).from(user).where(sql`lower(${user.username}) = lower(${username})`);
    if (taken) return giveBack(new ApiError(409, 'CONFLICT', 'Username sudah dipakai. Silakan pilih username lain.', { field: 'username' }));
    const [emailUser] = await db.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${row.email}`);
    if (emailUser) return giveBack(emailTaken());
    const id = newId();
    try {
      await db.insert(user).values({ id, username, email: row.email, fullName, passwordHash: await hashPassword(password), role: row.roleId, isActive: true, createdAt: time, updatedAt: time });
    } catch (error) {
      // Someone took the username or address meanwhile: the link stays usable.
      if (String(error).includes('UNIQUE')) return giveBack(new ApiError(409, 'CONFLICT', 'Username atau email sudah dipakai. Silakan pilih username lain.'));
      await db.update(invites).set({ acceptedAt: null }).where(eq(invites.id, row.id));
      throw error;
    }
    const who = await sessionUser(db, id);
    await db.batch([
      db.update(invites).set({ acceptedUserId: id }).where(eq(invites.id, row.id)),
      auditStatement(db, who, 'create', 'user', id, `Akun ${username} dibuat dari undangan oleh ${row.invitedByName}`),
    ]);
    return ok(c, { username }, 'Akun Anda sudah siap. Silakan login dengan username dan password yang baru Anda buat.', 201);
  })
  // The admin's side.
  .get('/', requirePermission('user', 'create'), async (c) => {
    const time = new Date().toISOString();
    const rows = await c.var.db
      .select({ invite: invites, roleName: role.name })
      .from(invites)
      .innerJoin(role, eq(role.id, invites.roleId))
      .where(and(isNull(invites.acceptedAt), isNull(invites.revokedAt)))
      .orderBy(desc(invites.sentAt));
    const list: PendingInvite[] = rows.map(({ invite, roleName }) => ({
      _id: invite.id,
      email: invite.email,
      role: { _id: invite.roleId, name: String(roleName) },
      invitedByName: invite.invitedByName,
      sentAt: invite.sentAt,
      expiresAt: invite.expiresAt,
      expired: invite.expiresAt <= time,
    }));
    return ok(c, list);
  })
  .post('/', requirePermission('user', 'create'), async (c) => {
    const who = c.var.user!;
    const parsed = inviteInput.safeParse((await readBody(c)).fields);
    if (!parsed.success) throw validationError(parsed.error);
    const { email } = parsed.data;
    const db = c.var.db;
    const chosen = await roleNamed(c, parsed.data.role);
    if (!chosen) throw new ApiError(400, 'VALIDATION_ERROR', 'Role tidak ditemukan. Pilih role dari daftar.', { fields: ['role'] });
    if (!chosen.isActive) throw new ApiError(400, 'VALIDATION_ERROR', `Role ${chosen.name} sedang nonaktif. Pilih role lain.`, { fields: ['role'] });
    await assertMayGrant(c, who, chosen.id);
    const [existing] = await db.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`);
    if (existing) throw emailTaken();
    const time = new Date().toISOString();
    const [open] = await db
      .select()
      .from(invites)
      .where(and(eq(invites.email, email), isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, time)));
    if (open) throw new ApiError(409, 'CONFLICT', 'Undangan untuk alamat ini masih berlaku. Gunakan "Kirim ulang" di daftar undangan.');
    const row: InviteRow = {
      id: newId(),
      email,
      roleId: chosen.id,
      tokenHash: await sha256(randomToken()),
      invitedBy: who.id,
      invitedByName: who.fullName || who.username,
      expiresAt: time,
      sentAt: time,
      acceptedAt: null,
      acceptedUserId: null,
      revokedAt: null,
      createdAt: time,
    };
    await db.batch([
      // An expired invite to the same address gives way to the new one.
      db.update(invites).set({ revokedAt: time }).where(and(eq(invites.email, email), isNull(invites.acceptedAt), isNull(invites.revokedAt))),
      db.insert(invites).values(row),
      auditStatement(db, who, 'create', 'invite', row.id, `Mengundang ${email} sebagai ${chosen.name}`),
    ]);
    await sendInvite(c, who, row, chosen.name);
    return ok(c, { _id: row.id }, `Undangan telah dikirim ke ${email}.`, 201);
  })
  .post('/:id/resend', requirePermission('user', 'create'), async (c) => {
    const who = c.var.user!;
    const row = await pendingInvite(c);
    const chosen = await roleNamed(c, row.roleId);
    if (!chosen?.isActive) throw new ApiError(409, 'CONFLICT', 'Role undangan ini sudah tidak aktif. Batalkan undangan dan kirim undangan baru.');
    await assertMayGrant(c, who, row.roleId);
    const counted = await countRequest(c.var.db, `invite-resend:${row.id}`);
    if (counted.count > INVITE_RESENDS_PER_HOUR) throw new ApiError(429, 'RATE_LIMITED', `Undangan ini sudah dikirim ulang ${INVITE_RESENDS_PER_HOUR} kali dalam satu jam. Silakan coba lagi nanti.`);
    await sendInvite(c, who, row, chosen.name);
    await auditStatement(c.var.db, who, 'update', 'invite', row.id, `Mengirim ulang undangan ke ${row.email}`);
    return ok(c, null, `Undangan telah dikirim ulang ke ${row.email}.`);
  })
  .delete('/:id', requirePermission('user', 'create'), async (c) => {
    const who = c.var.user!;
    const row = await pendingInvite(c);
    await c.var.db.batch([
      c.var.db.update(invites).set({ revokedAt: new Date().toISOString() }).where(eq(invites.id, row.id)),
      auditStatement(c.var.db, who, 'delete', 'invite', row.id, `Membatalkan undangan ke ${row.email}`),
    ]);
    return ok(c, null, `Undangan ke ${row.email} telah dibatalkan.`);
  });
