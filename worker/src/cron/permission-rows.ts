/**
 * Databases seeded before a module existed lack its permission rows, and the seed runs only
 * on an empty database. This job adds any missing `module.action` row, so a new module's
 * rights can be given to roles on an existing installation. It costs one count a minute.
 */
import { count } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '../auth/permissions.ts';
import { PERMISSION_ACTIONS } from '../contract/limits.ts';
import { PERMISSION_MODULES } from '../contract/resources.ts';
import { chunk, MAX_BOUND_PARAMETERS, newId } from '../db/client.ts';
import { permission } from '../db/schema.ts';
import type { CronJob } from './scheduled.ts';

const capitalised = (word: string) => word.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join(' ');

export const permissionRowsJob: CronJob = {
  name: 'permission-rows',
  run: async ({ db }) => {
    const [row] = await db.select({ n: count() }).from(permission);
    if ((row?.n ?? 0) >= ALL_PERMISSIONS.length) return;
    const rows = PERMISSION_MODULES.flatMap((module) =>
      PERMISSION_ACTIONS.map((action) => ({
        id: newId(),
        name: `${module}.${action}`,
        displayName: `${capitalised(action)} ${capitalised(module)}`,
        description: `Izin ${action} untuk modul ${module}`,
        module,
        action,
        isSystem: true,
      })),
    );
    // Up to ten values a row (defaults included); D1 binds at most 100 parameters per statement.
    const [first, ...rest] = chunk(rows, Math.floor(MAX_BOUND_PARAMETERS / 10)).map((part) =>
      db.insert(permission).values(part).onConflictDoNothing({ target: permission.name }),
    );
    await db.batch([first!, ...rest]);
  },
};
