import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
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

/** The permissions linked to a role or a user, as `module.action`, active or not. */
async function linkedPermissions(db: Database, table: typeof rolePermissions, ownerId: string) {
  const rows = await db
    .select({ module: permission.module, action: permission.action })
    .from(table)
    .innerJoin(permission, eq(permission.id, table.targetId))
    .where(eq(table.ownerId, ownerId));
  return rows.map((row) => `${row.module}.${row.action}`);
}

const isSuperAdminRole = (row: { name: unknown; isSystem: unknown }) => !!row.isSystem && row.name === SUPER_ADMIN_ROLE;

/**
 * The statements that read a signed-in user, sent as one batch (one round trip to D1): the
 * account, its role, and the active permissions its active role and the account itself hold.
 * `userId` is the id, or a subquery giving it (a session's user).
 */
export function userStatements(db: Database, userId: string | SQL) {
  const roleId = sql`(select ${user.role} from ${user} where ${user.id} = ${userId})`;
  const granted = (table: typeof rolePermissions, ownerId: SQL | string) => sql`${permission.id} in (select ${table.targetId} from ${table} where ${table.ownerId} = ${ownerId})`;
  const roleActive = sql`exists (select 1 from ${role} where ${role.id} = ${roleId} and ${role.isActive} = 1)`;
  return [
    db.select({ id: user.id, username: user.username, email: user.email, fullName: user.fullName, avatar: user.avatar, isActive: user.isActive }).from(user).where(eq(user.id, userId)),
    db.select({ id: role.id, name: role.name, isSystem: role.isSystem, isActive: role.isActive }).from(role).where(eq(role.id, roleId)),
    db
      .select({ module: permission.module, action: permission.action })
      .from(permission)
      .where(and(eq(permission.isActive, true), or(granted(userPermissions, userId), and(roleActive, granted(rolePermissions, roleId))))),
  ] as const;
}

type UserRows = Awaited<ReturnType<typeof userStatements>[number]>;

/** Every permission for the active Super Admin role; otherwise those granted (an inactive role grants none). */
function permissionsOf(ownRole: UserRows, granted: UserRows) {
  const roleRow = ownRole[0] as { name: unknown; isSystem: unknown; isActive: unknown } | undefined;
  if (roleRow?.isActive && isSuperAdminRole(roleRow)) return ALL_PERMISSIONS;
  return (granted as { module: unknown; action: unknown }[]).map((grant) => `${String(grant.module)}.${String(grant.action)}`);
}

/** The user as requests see them, from `userStatements`' answers: none for an inactive account. */
export function presentUser([account, ownRole, granted]: readonly [UserRows, UserRows, UserRows]): SessionUser | null {
  const row = account[0] as { id: unknown; username: unknown; email: unknown; fullName: unknown; avatar: unknown; isActive: unknown } | undefined;
  if (!row?.isActive) return null;
  const roleRow = ownRole[0] as { id: unknown; name: unknown } | undefined;
  const id = String(row.id);
  return {
    id,
    _id: id,
    username: String(row.username),
    email: String(row.email),
    fullName: String(row.fullName),
    avatar: String(row.avatar ?? ''),
    role: roleRow ? { _id: String(roleRow.id), name: String(roleRow.name) } : null,
    permissions: permissionsOf(ownRole, granted),
  };
}

/** The role's active permissions plus the user's own, as `module.action`, whether the account is active or not. */
export async function effectivePermissions(db: Database, userId: string): Promise<string[]> {
  const [, ownRole, granted] = await db.batch(userStatements(db, userId));
  return permissionsOf(ownRole, granted);
}

export async function sessionUser(db: Database, userId: string): Promise<SessionUser | null> {
  return presentUser(await db.batch(userStatements(db, userId)));
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
  return isSuperAdminRole(own) ? ALL_PERMISSIONS : linkedPermissions(db, rolePermissions, roleId);
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
