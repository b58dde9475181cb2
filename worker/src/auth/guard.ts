import type { MiddlewareHandler } from 'hono';
import type { SessionUser } from '../contract/api.ts';
import type { PermissionAction } from '../contract/limits.ts';
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
