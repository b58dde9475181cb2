/** What the role and permission screens choose from: the active permissions and every permission module. */
import { Hono } from 'hono';
import { PERMISSION_MODULES } from '../contract/resources.ts';
import { CollectionStore } from '../collections/store.ts';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/errors.ts';
import { requirePermission } from './guard.ts';

export const accessLists = new Hono<AppEnv>()
  .get('/role/permissions/list', requirePermission('role', 'read'), async (c) =>
    ok(c, (await new CollectionStore(c.var.db, 'permission').list({ visibleOnly: false, where: { isActive: true } })).records),
  )
  .get('/permission/modules/list', requirePermission('permission', 'read'), (c) => ok(c, [...PERMISSION_MODULES]));
