import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../contract/api.ts';
import { PERMISSION_ACTIONS, type PermissionAction } from '../contract/limits.ts';
import { PERMISSION_MODULES } from '../contract/resources.ts';
import { chunk, MAX_BOUND_PARAMETERS, type Database } from '../db/client.ts';
import { permission, role, rolePermissions, user, userPermissions } from '../db/schema.ts';

/** The seeded system role that holds every permission, present and future. */
export const SUPER_ADMIN_ROLE = 'Super Admin';

export const ALL_PERMISSIONS = PERMISSION_MODULES.flatMap((module) => PERMISSION_ACTIONS.map((action) => `${module}.${action}`));

export const can = (who: SessionUser | null, module: string, action: PermissionAction) =>
  !!who && who.permissions.includes(`${module}.${action}`);

/** The active permissions linked to a role or a user, as `module.action`. */
async function linkedPermissions(db: Database, table: typeof rolePermissions, ownerId: string) {
  const rows = await db
    .select({ module: permission.module, action: permission.action })
    .from(table)
    .innerJoin(permission, eq(permission.id, table.targetId))
    .where(and(eq(table.ownerId, ownerId), eq(permission.isActive, true)));
  return rows.map((row) => `${row.module}.${row.action}`);
}

/** What a role gives: every permission for the active Super Admin role, nothing for an inactive role. */
async function rolePermissionNames(db: Database, roleId: string): Promise<string[]> {
  const [own] = await db.select({ name: role.name, isSystem: role.isSystem, isActive: role.isActive }).from(role).where(eq(role.id, roleId));
  if (!own?.isActive) return [];
  return own.isSystem && own.name === SUPER_ADMIN_ROLE ? ALL_PERMISSIONS : linkedPermissions(db, rolePermissions, roleId);
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

/**
 * What a write of a role or a user hands out beyond what the record has now: newly linked
 * permissions, and for a user a newly given role's permissions, as `module.action`.
 */
export async function newlyGranted(
  db: Database,
  key: 'role' | 'user',
  id: string,
  values: Record<string, unknown>,
  relations: Record<string, string[]>,
  existing: Record<string, unknown> | undefined,
): Promise<string[]> {
  const granted: string[] = [];
  const submitted = relations.permissions ?? [];
  if (submitted.length) {
    const links = key === 'role' ? rolePermissions : userPermissions;
    const held = existing ? new Set((await db.select({ id: links.targetId }).from(links).where(eq(links.ownerId, id))).map((row) => row.id)) : new Set<string>();
    const added = submitted.filter((permissionId) => !held.has(permissionId));
    for (const part of chunk(added, MAX_BOUND_PARAMETERS)) {
      const rows = await db.select({ module: permission.module, action: permission.action }).from(permission).where(inArray(permission.id, part));
      granted.push(...rows.map((row) => `${row.module}.${row.action}`));
    }
  }
  if (key === 'user' && typeof values.role === 'string' && values.role !== '' && values.role !== existing?.role) {
    granted.push(...(await rolePermissionNames(db, values.role)));
  }
  return [...new Set(granted)];
}

/** How many users hold a role. */
export async function roleHolders(db: Database, roleId: string) {
  return (await db.select({ id: user.id }).from(user).where(eq(user.role, roleId))).length;
}
