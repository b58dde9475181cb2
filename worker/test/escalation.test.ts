/**
 * Nobody reaches beyond their own power: accounts, roles and permissions carrying a permission
 * the caller lacks are out of their reach, system records are the Super Admin's, and a change
 * of password or access ends the account's other sessions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/contract/api.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';


let admin: Client;
let permissionId: Map<string, string>;
let roleId: Map<string, string>;
beforeAll(async () => {
  admin = await asAdmin();
  const permissions = await admin.get<Row[]>('/api/role/permissions/list');
  permissionId = new Map(permissions.body.success ? permissions.body.data.map((p) => [String(p.name), p._id]) : []);
  const roles = await admin.get<Row[]>('/api/role');
  roleId = new Map(roles.body.success ? roles.body.data.map((r) => [String(r.name), r._id]) : []);
});

const ids = (...names: string[]) => names.map((name) => permissionId.get(name)!);
const idOf = (answer: { body: { success: boolean; data: unknown } }) => (answer.body.success ? (answer.body.data as Row)._id : '');

/** A new account (created by the admin) with a role of its own holding `permissions`. */
async function account(permissions: string[], role?: string) {
  const ownRole = role ?? idOf(await admin.post<Row>('/api/role', form({ name: unique('Peran'), permissions: ids(...permissions) })));
  const username = unique('akun');
  const created = await admin.post<Row>('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Akun Uji', role: ownRole }));
  expect(created.status).toBe(201);
  return { username, userId: idOf(created), roleId: ownRole };
}

/** The same, signed in. */
async function staff(permissions: string[]) {
  const made = await account(permissions);
  const client = new Client();
  await client.login(made.username, 'rahasia-123');
  return { ...made, client };
}

const loginStatus = async (username: string, password: string) => (await new Client().post('/api/auth/login', { username, password })).status;

describe('accounts above the caller', () => {
  it('keeps a Super Admin out of reach of a user.update holder: no new password, no deactivation, no edit', async () => {
    const target = await account([], roleId.get('Super Admin'));
    const { client } = await staff(['user.update', 'user.list', 'user.read']);
    const refusal = { status: 403, body: { code: 'FORBIDDEN', message: 'Anda tidak dapat mengubah akun dengan hak akses yang tidak Anda miliki.' } };
    expect(await client.put(`/api/user/${target.userId}`, { password: 'direbut-12345' })).toMatchObject(refusal);
    expect(await client.put(`/api/user/${target.userId}`, form({ isActive: 'false' }))).toMatchObject(refusal);
    expect(await client.put(`/api/user/${target.userId}`, form({ email: `${unique('ambil')}@evil.example` }))).toMatchObject(refusal);
    expect(await loginStatus(target.username, 'direbut-12345')).toBe(401);
    expect(await loginStatus(target.username, 'rahasia-123')).toBe(200);
  });

  it('keeps an account holding any permission the caller lacks out of reach, and leaves equal or lesser accounts editable', async () => {
    const { client } = await staff(['user.update', 'user.list', 'vision.list']);
    const above = await account(['vision.list', 'vision.delete']);
    expect((await client.put(`/api/user/${above.userId}`, { password: 'direbut-12345' })).status).toBe(403);
    // The role's permissions count even while the role is switched off: switching it back on is one click.
    expect((await admin.put(`/api/role/${above.roleId}`, form({ isActive: 'false' }))).status).toBe(200);
    expect((await client.put(`/api/user/${above.userId}`, { password: 'direbut-12345' })).status).toBe(403);
    const below = await account(['vision.list']);
    expect((await client.put(`/api/user/${below.userId}`, { password: 'baru-sekali-1' })).status).toBe(200);
    expect(await loginStatus(below.username, 'baru-sekali-1')).toBe(200);
  });

  it('refuses a user.delete holder deleting a Super Admin or anyone holding more', async () => {
    const superAdmin = await account([], roleId.get('Super Admin'));
    const above = await account(['team.delete']);
    const { client } = await staff(['user.delete', 'user.list']);
    for (const target of [superAdmin, above]) {
      expect(await client.delete(`/api/user/${target.userId}`)).toMatchObject({
        status: 403,
        body: { message: 'Anda tidak dapat menghapus akun dengan hak akses yang tidak Anda miliki.' },
      });
      expect((await admin.get(`/api/user/${target.userId}`)).status).toBe(200);
    }
    const below = await account(['user.list']);
    expect((await client.delete(`/api/user/${below.userId}`)).status).toBe(200);
  });

  it('refuses a user.create holder creating an account with a more powerful role', async () => {
    const { client } = await staff(['user.create']);
    const username = unique('baru');
    const created = await client.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Baru', role: roleId.get('Editor')! }));
    expect(created.status).toBe(403);
    expect(created.body.message).toMatch(/^Anda tidak dapat memberikan hak akses yang tidak Anda miliki: .+ dan \d+ lainnya\.$/);
    expect(await loginStatus(username, 'rahasia-123')).toBe(401);
  });
});

describe('roles above the caller, and system roles', () => {
  it('keeps system roles read-only to everyone but the Super Admin', async () => {
    const { client } = await staff(['role.update', 'role.create', 'role.list']);
    const superAdminRole = roleId.get('Super Admin')!;
    expect(await client.put(`/api/role/${superAdminRole}`, form({ description: 'Diambil alih' }))).toMatchObject({
      status: 403,
      body: { message: 'Role sistem hanya dapat diubah oleh Super Admin.' },
    });
    const read = await admin.get<Row>(`/api/role/${superAdminRole}`);
    expect(read.body.success && read.body.data.description).not.toBe('Diambil alih');
    // Nor can they make a role of their own a system one (undeletable, out of their peers' reach).
    expect(await client.post('/api/role', form({ name: unique('Sistem'), isSystem: 'true' }))).toMatchObject({
      status: 403,
      body: { message: 'Hanya Super Admin yang dapat menandai role sebagai sistem.' },
    });
    // The Super Admin can.
    expect((await admin.put(`/api/role/${superAdminRole}`, form({ description: 'Akses penuh ke seluruh back-office.' }))).status).toBe(200);
  });

  it('keeps a role holding permissions the caller lacks out of reach: no edit, no deactivation, no deletion', async () => {
    const { client } = await staff(['role.update', 'role.delete', 'role.list', 'category.list']);
    const above = idOf(await admin.post<Row>('/api/role', form({ name: unique('Atas'), permissions: ids('category.list', 'category.delete') })));
    const changes: Record<string, string | string[]>[] = [{ description: 'x' }, { isActive: 'false' }, { permissions: ids('category.list') }];
    for (const change of changes) {
      const refused = await client.put(`/api/role/${above}`, form(change));
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(refused.body.message).toBe('Anda tidak dapat mengubah role dengan hak akses yang tidak Anda miliki.');
    }
    expect((await client.delete(`/api/role/${above}`)).body.message).toBe('Anda tidak dapat menghapus role dengan hak akses yang tidak Anda miliki.');
    const read = await admin.get<{ permissions: { name: string }[]; isActive: boolean }>(`/api/role/${above}`);
    expect(read.body.success && read.body.data.permissions.map((p) => p.name).sort()).toEqual(['category.delete', 'category.list']);
    // The Editor role (seeded, not system) holds content rights this caller lacks.
    expect((await client.put(`/api/role/${roleId.get('Editor')}`, form({ description: 'x' }))).status).toBe(403);
    const within = idOf(await admin.post<Row>('/api/role', form({ name: unique('Bawah'), permissions: ids('category.list') })));
    expect((await client.put(`/api/role/${within}`, form({ description: 'Boleh' }))).status).toBe(200);
    expect((await client.delete(`/api/role/${within}`)).status).toBe(200);
  });
});

describe('permissions above the caller, and system permissions', () => {
  it('refuses a permission.update holder turning a permission they hold into one they lack', async () => {
    const { client } = await staff(['permission.update', 'permission.list', 'category.read']);
    const system = permissionId.get('category.read')!;
    const redefine = { module: 'user', action: 'list' };
    expect(await client.put(`/api/permission/${system}`, form(redefine))).toMatchObject({
      status: 403,
      body: { message: 'Permission sistem hanya dapat diubah oleh Super Admin.' },
    });
    expect(await client.put(`/api/permission/${system}`, form({ description: 'diubah' }))).toMatchObject({ status: 403 });
    // A custom permission they hold: its description is theirs to edit, what it grants is not.
    const name = `${unique('baca').replace(/[^a-z0-9-]/g, '')}.read`;
    const custom = idOf(await admin.post<Row>('/api/permission', form({ name, displayName: 'Baca Kategori', module: 'category', action: 'read' })));
    const changes: Record<string, string>[] = [redefine, { action: 'delete' }, { name: `${name}x` }];
    for (const change of changes) {
      expect(await client.put(`/api/permission/${custom}`, form(change)), JSON.stringify(change)).toMatchObject({
        status: 403,
        body: { message: 'Nama, modul dan aksi permission hanya dapat diubah oleh Super Admin.' },
      });
    }
    expect((await client.put(`/api/permission/${custom}`, form({ description: 'Membaca kategori' }))).status).toBe(200);
    const read = await admin.get<Row>(`/api/permission/${custom}`);
    expect(read.body.success && [read.body.data.module, read.body.data.action]).toEqual(['category', 'read']);
    const me = await client.get<SessionUser>('/api/auth/me');
    expect(me.body.success && me.body.data.permissions).not.toContain('user.list');
    // The Super Admin may redefine a custom permission.
    expect((await admin.put(`/api/permission/${custom}`, form({ action: 'list' }))).status).toBe(200);
  });

  it('keeps permissions the caller lacks out of reach: no edit, no deletion, no new permission granting them', async () => {
    const { client } = await staff(['permission.create', 'permission.update', 'permission.delete', 'permission.list', 'gallery.list']);
    const name = `${unique('hapus').replace(/[^a-z0-9-]/g, '')}.delete`;
    const above = idOf(await admin.post<Row>('/api/permission', form({ name, displayName: 'Hapus User', module: 'user', action: 'delete' })));
    expect((await client.put(`/api/permission/${above}`, form({ isActive: 'false' }))).body.message).toBe('Anda tidak dapat mengubah permission dengan hak akses yang tidak Anda miliki.');
    expect((await client.delete(`/api/permission/${above}`)).body.message).toBe('Anda tidak dapat menghapus permission dengan hak akses yang tidak Anda miliki.');
    expect((await admin.get(`/api/permission/${above}`)).status).toBe(200);
    // A permission named like a harmless one that would grant user.delete.
    const disguised = await client.post('/api/permission', form({ name: `${unique('galeri').replace(/[^a-z0-9-]/g, '')}.list`, displayName: 'Lihat Galeri', module: 'user', action: 'delete' }));
    expect(disguised).toMatchObject({ status: 403, body: { message: 'Anda tidak dapat membuat permission dengan hak akses yang tidak Anda miliki.' } });
    const systemFlag = await client.post('/api/permission', form({ name: `${unique('galeri').replace(/[^a-z0-9-]/g, '')}.list`, displayName: 'Galeri', module: 'gallery', action: 'list', isSystem: 'true' }));
    expect(systemFlag.body.message).toBe('Hanya Super Admin yang dapat menandai permission sebagai sistem.');
    // Within their own rights they may.
    const own = await client.post<Row>('/api/permission', form({ name: `${unique('galeri').replace(/[^a-z0-9-]/g, '')}.list`, displayName: 'Galeri', module: 'gallery', action: 'list' }));
    expect(own.status).toBe(201);
    expect((await client.delete(`/api/permission/${idOf(own)}`)).status).toBe(200);
  });
});

describe('sessions after a change of password or access', () => {
  it('ends the sessions of an account whose password, role, permissions or active flag an admin changes', async () => {
    const changes: Record<string, string | string[]>[] = [
      { password: 'sandi-baru-123' },
      { role: roleId.get('Viewer')! },
      { permissions: ids('vision.list') },
    ];
    for (const change of changes) {
      const { client, userId } = await staff(['category.list']);
      expect((await client.get('/api/auth/me')).status).toBe(200);
      expect((await admin.put(`/api/user/${userId}`, form(change))).status).toBe(200);
      expect((await client.get('/api/auth/me')).status, JSON.stringify(change)).toBe(401);
    }
    // Switched off and on again: the old session does not come back.
    const { client, userId } = await staff(['category.list']);
    expect((await admin.put(`/api/user/${userId}`, form({ isActive: 'false' }))).status).toBe(200);
    expect((await admin.put(`/api/user/${userId}`, form({ isActive: 'true' }))).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('keeps sessions through other edits, and keeps the caller\'s own session when they change their own password', async () => {
    const { client, userId, username } = await staff(['user.update', 'category.list']);
    expect((await admin.put(`/api/user/${userId}`, form({ phone: '0812', department: 'Operasional', permissions: '[]' }))).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const elsewhere = new Client();
    await elsewhere.login(username, 'rahasia-123');
    expect((await client.put(`/api/user/${userId}`, form({ password: 'sandi-saya-456' }))).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect(await loginStatus(username, 'sandi-saya-456')).toBe(200);
  });
});

describe('a deactivated account at login', () => {
  it('answers exactly as a wrong password does', async () => {
    const { username, userId } = await account(['category.list']);
    expect((await admin.put(`/api/user/${userId}`, form({ isActive: 'false' }))).status).toBe(200);
    const deactivated = await new Client().post('/api/auth/login', { username, password: 'rahasia-123' });
    const wrong = await new Client().post('/api/auth/login', { username, password: 'salah-sekali-1' });
    expect(deactivated.status).toBe(401);
    expect(deactivated.body).toEqual(wrong.body);
    expect(deactivated.headers.get('set-cookie')).toBeNull();
  });
});
