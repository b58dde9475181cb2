import type { MiddlewareHandler } from 'hono';
import type { SessionUser } from '../contract/api.ts';
import type { PermissionAction } from '../contract/limits.ts';
import { mayRead } from '../contract/permissions.ts';
import type { AppEnv } from '../env.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { can } from './permissions.ts';

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

/** 401 without a session, 403 unless the caller may read `module` (its `read` or its `list` permission). */
export function assertReadable(who: SessionUser | null, module: string): asserts who is SessionUser {
  if (!who) throw unauthorized();
  if (!mayRead(who.permissions, module)) throw forbidden(`${module}.read`);
}

export const requireReadable =
  (module: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    assertReadable(c.var.user, module);
    await next();
  };
