import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../contract/api.ts';
import { PERMISSION_ACTIONS, type PermissionAction } from '../contract/limits.ts';
import { PERMISSION_MODULES } from '../contract/resources.ts';
import type { Database } from '../db/client.ts';
import { permission, role, rolePermissions, user, userPermissions } from '../db/schema.ts';

/** The seeded system role that holds every permission, present and future. */
export const SUPER_ADMIN_ROLE = 'Super Admin';

export const ALL_PERMISSIONS = PERMISSION_MODULES.flatMap((module) => PERMISSION_ACTIONS.map((action) => `${module}.${action}`));

export const can = (who: SessionUser | null, module: string, action: PermissionAction) =>
  !!who && who.permissions.includes(`${module}.${action}`);

/** The role's active permissions plus the user's own, as `module.action`. */
export async function effectivePermissions(db: Database, userId: string, roleId: string | null): Promise<string[]> {
  if (roleId) {
    const [own] = await db.select({ name: role.name, isSystem: role.isSystem, isActive: role.isActive }).from(role).where(eq(role.id, roleId));
    if (own?.isActive && own.isSystem && own.name === SUPER_ADMIN_ROLE) return ALL_PERMISSIONS;
    if (own && !own.isActive) roleId = null;
  }
  const names = (table: typeof rolePermissions, ownerId: string) =>
    db
      .select({ module: permission.module, action: permission.action })
      .from(table)
      .innerJoin(permission, eq(permission.id, table.targetId))
      .where(and(eq(table.ownerId, ownerId), eq(permission.isActive, true)));
  const rows = [...(roleId ? await names(rolePermissions, roleId) : []), ...(await names(userPermissions, userId))];
  return [...new Set(rows.map((row) => `${row.module}.${row.action}`))];
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
