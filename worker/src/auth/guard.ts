import type { MiddlewareHandler } from 'hono';
import type { SessionUser } from '../contract/api.ts';
import type { PermissionAction } from '../contract/limits.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, forbidden, unauthorized } from '../http/errors.ts';
import { can, SUPER_ADMIN_ROLE } from './permissions.ts';

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
