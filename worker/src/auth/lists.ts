/** What the role and permission screens choose from: the active permissions and every permission module. */
import { Hono } from 'hono';
import { PERMISSION_MODULES } from '../contract/resources.ts';
import { CollectionStore } from '../collections/store.ts';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/errors.ts';
import { requireReadable } from './guard.ts';

export const accessLists = new Hono<AppEnv>()
  .get('/role/permissions/list', requireReadable('role'), async (c) =>
    ok(c, (await new CollectionStore(c.var.db, 'permission').list({ visibleOnly: false, where: { isActive: true } })).records),
  )
  .get('/permission/modules/list', requireReadable('permission'), (c) => ok(c, [...PERMISSION_MODULES]));
