/** Permissions per module.action, as staff would meet them: granted, withdrawn, and the access model kept safe. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/contract/api.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';


let admin: Client;
let permissionId: Map<string, string>;
beforeAll(async () => {
  admin = await asAdmin();
  const list = await admin.get<Row[]>('/api/role/permissions/list');
  permissionId = new Map(list.body.success ? list.body.data.map((p) => [String(p.name), p._id]) : []);
});

const ids = (...names: string[]) => names.map((name) => permissionId.get(name)!);

/** A new user with a new role holding `rolePermissions` and `ownPermissions` of their own, signed in. */
async function staff(rolePermissions: string[], ownPermissions: string[] = []) {
  const role = await admin.post<Row>('/api/role', form({ name: unique('Peran'), permissions: ids(...rolePermissions) }));
  expect(role.status).toBe(201);
  const username = unique('staf');
  const user = await admin.post<Row>(
    '/api/user',
    form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Staf', role: role.body.success ? role.body.data._id : '', permissions: ids(...ownPermissions) }),
  );
  expect(user.status).toBe(201);
  const client = new Client();
  await client.login(username, 'rahasia-123');
  return { client, roleId: role.body.success ? role.body.data._id : '', userId: user.body.success ? user.body.data._id : '' };
}

describe('module.action', () => {
  it('grants exactly the actions held: create without update or delete, delete only as a direct permission', async () => {
    const { client } = await staff(['category.create'], ['category.delete']);
    const created = await client.post<Row>('/api/category', form({ title: unique('Milik Staf') }));
    expect(created.status).toBe(201);
    const id = created.body.success ? created.body.data._id : '';
    const update = await client.put(`/api/category/${id}`, form({ title: 'Diubah' }));
    expect(update.status).toBe(403);
    expect(update.body).toMatchObject({ code: 'FORBIDDEN', message: 'Anda tidak memiliki izin untuk melakukan aksi ini.', details: { required: 'category.update' } });
    expect((await client.post('/api/vision', form({ title: 'x', shortDescription: 's', content: '<p>c</p>' }))).status).toBe(403);
    expect((await client.delete(`/api/category/${id}`)).status).toBe(200);
  });

  it('applies permission changes to a signed-in user at once, without a new login', async () => {
    const { client, roleId } = await staff(['team.create']);
    const make = () => client.post('/api/team', form({ name: unique('Anggota'), position: 'Staf', bio: '<p>Bio</p>' }));
    expect((await make()).status).toBe(201);
    // The admin's role form sends the remaining permissions; here: none but list.
    expect((await admin.put(`/api/role/${roleId}`, form({ permissions: ids('team.list') }))).status).toBe(200);
    expect((await make()).status).toBe(403);
    const me = await client.get<SessionUser>('/api/auth/me');
    expect(me.body.success && me.body.data.permissions).toEqual(['team.list']);
  });

  it('withdraws every permission of a role when the form sends an empty list', async () => {
    const { client, roleId } = await staff(['partner.create', 'partner.update']);
    const cleared = await admin.put<{ permissions: unknown[] }>(`/api/role/${roleId}`, form({ permissions: '[]' }));
    expect(cleared.body.success && cleared.body.data.permissions).toEqual([]);
    expect((await client.post('/api/partner', form({ name: unique('Mitra') }))).status).toBe(403);
  });

  it('ends the sessions of a deactivated user, and drops permissions of a deactivated role', async () => {
    const first = await staff(['gallery.list']);
    expect((await admin.put(`/api/user/${first.userId}`, form({ isActive: 'false' }))).status).toBe(200);
    expect((await first.client.get('/api/auth/me')).status).toBe(401);

    const second = await staff(['role.list']);
    expect((await second.client.get('/api/role')).status).toBe(200);
    expect((await admin.put(`/api/role/${second.roleId}`, form({ isActive: 'false' }))).status).toBe(200);
    expect((await second.client.get('/api/role')).status).toBe(403);
  });

  it('withdraws a deleted permission from the roles that held it', async () => {
    const name = `${unique('ekspor').replace(/[^a-z0-9-]/g, '')}.export`;
    const made = await admin.post<Row>('/api/permission', form({ name, displayName: 'Ekspor', module: 'vision', action: 'export' }));
    expect(made.status).toBe(201);
    const permission = made.body.success ? made.body.data._id : '';
    const role = await admin.post<Row>('/api/role', form({ name: unique('Pengekspor'), permissions: [permission, ...ids('vision.list')] }));
    const roleId = role.body.success ? role.body.data._id : '';
    expect((await admin.delete(`/api/permission/${permission}`)).status).toBe(200);
    const read = await admin.get<{ permissions: { name: string }[] }>(`/api/role/${roleId}`);
    expect(read.body.success && read.body.data.permissions.map((p) => p.name)).toEqual(['vision.list']);
  });
});

describe('large permission sets', () => {
  it('replaces a role\'s 150 permissions with 180 others, keeping the chosen order', async () => {
    const all = [...permissionId.values()];
    expect(all.length).toBeGreaterThanOrEqual(200);
    const role = await admin.post<Row>('/api/role', form({ name: unique('Luas'), permissions: all.slice(0, 150) }));
    expect(role.status).toBe(201);
    const id = role.body.success ? role.body.data._id : '';
    const next = all.slice(20, 200).reverse();
    const updated = await admin.put<{ permissions: { _id: string }[] }>(`/api/role/${id}`, form({ permissions: next }));
    expect(updated.status).toBe(200);
    const read = await admin.get<{ permissions: { _id: string }[] }>(`/api/role/${id}`);
    expect(read.body.success && read.body.data.permissions.map((p) => p._id)).toEqual(next);
    // The role list presents every role with its links in one answer.
    const list = await admin.get<{ _id: string; permissions: unknown[] }[]>('/api/role');
    expect(list.body.success && list.body.data.find((r) => r._id === id)?.permissions).toHaveLength(180);
  });

  it('gives a user 150 direct permissions that all take effect', async () => {
    const names = [...permissionId.keys()].filter((name) => !name.startsWith('user.')).slice(0, 150);
    const { client } = await staff([], names);
    const me = await client.get<SessionUser>('/api/auth/me');
    expect(me.body.success && me.body.data.permissions.sort()).toEqual([...names].sort());
  });
});

describe('the access model protects itself', () => {
  it('refuses to delete system roles and permissions, naming why', async () => {
    const roles = await admin.get<Row[]>('/api/role');
    const systemRole = roles.body.success ? roles.body.data.find((r) => r.isSystem)! : null;
    const perms = await admin.get<Row[]>('/api/permission');
    const systemPermission = perms.body.success ? perms.body.data.find((p) => p.isSystem)! : null;
    const role = await admin.delete(`/api/role/${systemRole?._id}`);
    expect(role).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: 'Role sistem tidak dapat dihapus.' } });
    const permission = await admin.delete(`/api/permission/${systemPermission?._id}`);
    expect(permission).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: 'Permission sistem tidak dapat dihapus.' } });
    expect((await admin.get(`/api/role/${systemRole?._id}`)).status).toBe(200);
    expect((await admin.get(`/api/permission/${systemPermission?._id}`)).status).toBe(200);
    // A custom role is deletable.
    const custom = await admin.post<Row>('/api/role', form({ name: unique('Sementara') }));
    expect((await admin.delete(`/api/role/${custom.body.success ? custom.body.data._id : ''}`)).status).toBe(200);
  });

  it('keeps the Super Admin role active, named and marked system, so nobody locks every admin out', async () => {
    const roles = await admin.get<Row[]>('/api/role');
    const superAdmin = roles.body.success ? roles.body.data.find((r) => r.name === 'Super Admin')! : null;
    for (const change of [{ isActive: false }, { isSystem: false }, { name: 'Bukan Super' }]) {
      const refused = await admin.put(`/api/role/${superAdmin?._id}`, change);
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(refused.body.message).toBe('Role Super Admin harus tetap aktif, bernama Super Admin dan bersifat sistem.');
    }
    // Its other fields stay editable, as the whole form sends them.
    const edited = await admin.put<Row>(`/api/role/${superAdmin?._id}`, form({ name: 'Super Admin', isActive: 'true', isSystem: 'true', description: 'Akses penuh.', level: '10' }));
    expect(edited.status).toBe(200);
    expect((await admin.get('/api/dashboard')).status).toBe(200);
  });

  it('lets staff hand out only the permissions they hold themselves', async () => {
    const { client, roleId, userId } = await staff(['role.create', 'role.update', 'role.list', 'user.create', 'user.update', 'vision.list']);
    const beyond = await client.post('/api/role', form({ name: unique('Lebih'), permissions: ids('vision.list', 'vision.delete') }));
    expect(beyond).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: 'Anda tidak dapat memberikan hak akses yang tidak Anda miliki: vision.delete.' } });
    const self = await client.put(`/api/role/${roleId}`, form({ permissions: ids('role.create', 'role.update', 'role.list', 'user.create', 'user.update', 'vision.list', 'user.delete') }));
    expect(self.body.message).toBe('Anda tidak dapat memberikan hak akses yang tidak Anda miliki: user.delete.');
    const ownGrant = await client.put(`/api/user/${userId}`, form({ permissions: ids('settings.update') }));
    expect(ownGrant.status).toBe(403);
    const roles = await admin.get<Row[]>('/api/role');
    const superAdmin = roles.body.success ? roles.body.data.find((r) => r.name === 'Super Admin')!._id : '';
    const promoted = await client.put(`/api/user/${userId}`, form({ role: superAdmin }));
    expect(promoted.status).toBe(403);
    expect(promoted.body.message).toMatch(/^Anda tidak dapat memberikan hak akses yang tidak Anda miliki: .+ dan \d+ lainnya\.$/);
    // Within their own rights they may: a role with a subset, and editing other fields as the form sends them.
    expect((await client.post('/api/role', form({ name: unique('Sebagian'), permissions: ids('vision.list') }))).status).toBe(201);
    expect((await client.put(`/api/role/${roleId}`, form({ description: 'Staf konten' }))).status).toBe(200);
    const me = await client.get<SessionUser>('/api/auth/me');
    expect(me.body.success && me.body.data.permissions).not.toContain('user.delete');
  });

  it('keeps a role that users still hold, until they are moved', async () => {
    const { roleId, userId } = await staff(['gallery.list']);
    const refused = await admin.delete(`/api/role/${roleId}`);
    expect(refused).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: 'Role masih dipakai oleh 1 user. Pindahkan user tersebut ke role lain terlebih dahulu.' } });
    const other = await admin.post<Row>('/api/role', form({ name: unique('Pengganti') }));
    expect((await admin.put(`/api/user/${userId}`, form({ role: other.body.success ? other.body.data._id : '' }))).status).toBe(200);
    expect((await admin.delete(`/api/role/${roleId}`)).status).toBe(200);
  });

  it('does not let a user deactivate or delete their own account', async () => {
    const { client, userId } = await staff(['user.update', 'user.delete', 'user.list']);
    const deactivate = await client.put(`/api/user/${userId}`, form({ isActive: 'false' }));
    expect(deactivate.status).toBe(403);
    expect(deactivate.body.message).toBe('Anda tidak dapat menonaktifkan akun Anda sendiri.');
    const remove = await client.delete(`/api/user/${userId}`);
    expect(remove.body.message).toBe('Anda tidak dapat menghapus akun Anda sendiri.');
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });
});
