import type { MiddlewareHandler } from 'hono';
import type { SessionUser } from '../contract/api.ts';
import type { PermissionAction } from '../contract/limits.ts';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, forbidden, unauthorized } from '../http/errors.ts';
import { can, newlyGranted, roleHolders, SUPER_ADMIN_ROLE } from './permissions.ts';

/** 401 without a session, 403 without `module.action`. */
export function assertPermission(who: SessionUser | null, module: string, action: PermissionAction): asserts who is SessionUser {
  if (!who) throw unauthorized();
  if (!can(who, module, action)) throw forbidden(`${module}.${action}`);
}

export const requirePermission =
  (module: string, action: PermissionAction): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    assertPermission(c.var.user, module, action);
    await next();
  };

/**
 * Changes that would lock staff out of the back-office, refused whoever asks: the Super Admin
 * role stays active, named and system (its name grants every permission), and nobody
 * deactivates or deletes their own account. `change` is null for a delete.
 */
export function assertKeepsAccess(key: string, existing: Record<string, unknown>, change: Record<string, unknown> | null, who: SessionUser) {
  if (key === 'role' && existing.isSystem && existing.name === SUPER_ADMIN_ROLE && change) {
    if (change.isActive === false || change.isSystem === false || (change.name !== undefined && change.name !== SUPER_ADMIN_ROLE)) {
      throw new ApiError(403, 'FORBIDDEN', `Role ${SUPER_ADMIN_ROLE} harus tetap aktif, bernama ${SUPER_ADMIN_ROLE} dan bersifat sistem.`);
    }
  }
  if (key === 'user' && existing.id === who.id) {
    if (!change) throw new ApiError(403, 'FORBIDDEN', 'Anda tidak dapat menghapus akun Anda sendiri.');
    if (change.isActive === false) throw new ApiError(403, 'FORBIDDEN', 'Anda tidak dapat menonaktifkan akun Anda sendiri.');
  }
}

/**
 * Staff hand out only rights they hold: whoever may edit roles or users cannot give a role,
 * another user or themselves a permission (or a role) beyond their own.
 */
export async function assertGrantsHeld(
  db: Database,
  key: string,
  id: string,
  values: Record<string, unknown>,
  relations: Record<string, string[]>,
  existing: Record<string, unknown> | undefined,
  who: SessionUser,
) {
  if (key !== 'role' && key !== 'user') return;
  const beyond = (await newlyGranted(db, key, id, values, relations, existing)).filter((name) => !who.permissions.includes(name));
  if (beyond.length === 0) return;
  const shown = beyond.length > 5 ? `${beyond.slice(0, 5).join(', ')} dan ${beyond.length - 5} lainnya` : beyond.join(', ');
  throw new ApiError(403, 'FORBIDDEN', `Anda tidak dapat memberikan hak akses yang tidak Anda miliki: ${shown}.`, { permissions: beyond });
}

/** A role still held by users is not deleted: they would silently lose their access. */
export async function assertRoleUnused(db: Database, key: string, id: string) {
  if (key !== 'role') return;
  const holders = await roleHolders(db, id);
  if (holders > 0) throw new ApiError(409, 'CONFLICT', `Role masih dipakai oleh ${holders} user. Pindahkan user tersebut ke role lain terlebih dahulu.`, { users: holders });
}
