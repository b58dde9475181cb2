import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../contract/api.ts';
import { actionsOf, type PermissionAction } from '../contract/limits.ts';
import { PERMISSION_MODULES } from '../contract/resources.ts';
import { chunk, MAX_BOUND_PARAMETERS, type Database } from '../db/client.ts';
import { permission, role, rolePermissions, user, userPermissions } from '../db/schema.ts';

/** The seeded system role that holds every permission, present and future. */
export const SUPER_ADMIN_ROLE = 'Super Admin';

export const ALL_PERMISSIONS = PERMISSION_MODULES.flatMap((module) => actionsOf(module).map((action) => `${module}.${action}`));

export const can = (who: SessionUser | null, module: string, action: PermissionAction) =>
  !!who && who.permissions.includes(`${module}.${action}`);

/** The permissions linked to a role or a user, as `module.action`: only the active ones, or all. */
async function linkedPermissions(db: Database, table: typeof rolePermissions, ownerId: string, activeOnly = true) {
  const rows = await db
    .select({ module: permission.module, action: permission.action })
    .from(table)
    .innerJoin(permission, eq(permission.id, table.targetId))
    .where(activeOnly ? and(eq(table.ownerId, ownerId), eq(permission.isActive, true)) : eq(table.ownerId, ownerId));
  return rows.map((row) => `${row.module}.${row.action}`);
}

const isSuperAdminRole = (row: { name: unknown; isSystem: unknown }) => !!row.isSystem && row.name === SUPER_ADMIN_ROLE;

/** What a role gives: every permission for the active Super Admin role, nothing for an inactive role. */
async function rolePermissionNames(db: Database, roleId: string): Promise<string[]> {
  const [own] = await db.select({ name: role.name, isSystem: role.isSystem, isActive: role.isActive }).from(role).where(eq(role.id, roleId));
  if (!own?.isActive) return [];
  return isSuperAdminRole(own) ? ALL_PERMISSIONS : linkedPermissions(db, rolePermissions, roleId);
}

/** The role's active permissions plus the user's own, as `module.action`. */
export async function effectivePermissions(db: Database, userId: string, roleId: string | null): Promise<string[]> {
  const fromRole = roleId ? await rolePermissionNames(db, roleId) : [];
  if (fromRole === ALL_PERMISSIONS) return ALL_PERMISSIONS;
  return [...new Set([...fromRole, ...(await linkedPermissions(db, userPermissions, userId))])];
}

export async function sessionUser(db: Database, userId: string): Promise<SessionUser | null> {
  const [row] = await db.select().from(user).where(and(eq(user.id, userId), eq(user.isActive, true)));
  if (!row) return null;
  const roleId = typeof row.role === 'string' ? row.role : null;
  const [roleRow] = roleId ? await db.select({ id: role.id, name: role.name }).from(role).where(inArray(role.id, [roleId])) : [];
  const id = String(row.id);
  return {
    id,
    _id: id,
    username: String(row.username),
    email: String(row.email),
    fullName: String(row.fullName),
    avatar: String(row.avatar ?? ''),
    role: roleRow ? { _id: String(roleRow.id), name: String(roleRow.name) } : null,
    permissions: await effectivePermissions(db, id, roleId),
  };
}

// ---- Power: what a role or an account could give, whether or not it is active now ----
// Active flags are ignored because whoever may edit a record may also switch them back on.

/** `module.action` of the permissions with these ids. */
export async function permissionNames(db: Database, ids: readonly string[]): Promise<string[]> {
  const names: string[] = [];
  for (const part of chunk(ids, MAX_BOUND_PARAMETERS)) {
    const rows = await db.select({ module: permission.module, action: permission.action }).from(permission).where(inArray(permission.id, part));
    names.push(...rows.map((row) => `${row.module}.${row.action}`));
  }
  return [...new Set(names)];
}

/** Ids of the permissions linked to a role or a user. */
export async function linkedPermissionIds(db: Database, owner: 'role' | 'user', ownerId: string) {
  const table = owner === 'role' ? rolePermissions : userPermissions;
  return (await db.select({ id: table.targetId }).from(table).where(eq(table.ownerId, ownerId))).map((row) => String(row.id));
}

/** Every permission a role could give: all of them for the Super Admin role. */
export async function rolePower(db: Database, roleId: string): Promise<string[]> {
  const [own] = await db.select({ name: role.name, isSystem: role.isSystem }).from(role).where(eq(role.id, roleId));
  if (!own) return [];
  return isSuperAdminRole(own) ? ALL_PERMISSIONS : linkedPermissions(db, rolePermissions, roleId, false);
}

/** Every permission an account with this role and these own permissions could use. */
export async function accountPower(db: Database, roleId: string | null, ownPermissionIds: readonly string[]): Promise<string[]> {
  const fromRole = roleId ? await rolePower(db, roleId) : [];
  if (fromRole === ALL_PERMISSIONS) return ALL_PERMISSIONS;
  return [...new Set([...fromRole, ...(await permissionNames(db, ownPermissionIds))])];
}

/** Whether `who` holds every permission there is, as the Super Admin role gives. */
export const holdsEverything = (who: SessionUser) => {
  const held = new Set(who.permissions);
  return ALL_PERMISSIONS.every((name) => held.has(name));
};
