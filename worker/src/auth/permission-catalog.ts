/**
 * Every module has its permissions (the nine, plus its own actions) on every database. The seed creates them on a new
 * database; a database made before a module existed gets that module's permissions from
 * `addMissingPermissions`, run at start-up and by the cron job, so roles can be granted them.
 * The modules' names and areas, shown by the role editor, are in `contract/permissions.ts`.
 */
import { actionsOf } from '../contract/limits.ts';
import { PERMISSION_MODULE_CATALOG } from '../contract/permissions.ts';
import { PERMISSION_MODULES, type PermissionModule } from '../contract/resources.ts';
import { CollectionStore } from '../collections/store.ts';
import type { CronJob } from '../cron/scheduled.ts';
import { chunk, type Database } from '../db/client.ts';
import { permission } from '../db/schema.ts';

const titleCase = (text: string) => text.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => (dash ? ' ' : '') + c.toUpperCase());

export const permissionCatalog = (modules: readonly PermissionModule[] = PERMISSION_MODULES) =>
  PERMISSION_MODULE_CATALOG.filter((entry) => modules.includes(entry.module)).flatMap(({ module, label }) =>
    actionsOf(module).map((action) => ({
      name: `${module}.${action}`,
      displayName: `${titleCase(action)} ${titleCase(module)}`,
      description: `Izin ${action} untuk modul ${label}`,
      module,
      action,
      isActive: true,
      isSystem: true,
    })),
  );

/** Adds the catalogue's permissions a database lacks; returns how many it added. */
export async function addMissingPermissions(db: Database, modules: readonly PermissionModule[] = PERMISSION_MODULES) {
  const existing = new Set((await db.select({ name: permission.name }).from(permission)).map((row) => row.name));
  const missing = permissionCatalog(modules).filter((entry) => !existing.has(entry.name));
  if (missing.length === 0) return 0;
  const store = new CollectionStore(db, 'permission');
  // Several small batches: one statement per permission, and a new database lacks about 200.
  for (const part of chunk(missing, 25)) {
    const inserts = part.map((entry) => store.insert({ id: store.newId(), ...entry }));
    await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  }
  return missing.length;
}

export const addMissingPermissionsJob: CronJob = {
  name: 'add missing permissions',
  run: async ({ db }) => {
    await addMissingPermissions(db);
  },
};
