/**
 * The rules that keep the access model safe from those who may edit it, as hooks on the
 * permission, role and user collections.
 *
 * Power: every permission a record could give, active or not (whoever may edit a record may
 * also switch it back on): a permission gives its module.action, a role its permissions (the
 * Super Admin role all of them), an account its role's and its own. Nobody acts on (edits,
 * deletes) a record carrying power they lack, nor leaves one carrying such power after their
 * write. System roles and permissions, and what a permission is (name, module, action), are
 * changed only by whoever holds every permission: the Super Admin. A role's level is a label for
 * people and grants nothing, so the rules compare permissions only.
 */
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../contract/api.ts';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import type { HookSet } from '../collections/hooks.ts';
import type { Row } from '../collections/store.ts';
import { ApiError } from '../http/errors.ts';
import { accountPower, holdsEverything, linkedPermissionIds, permissionNames, rolePower, SUPER_ADMIN_ROLE } from './permissions.ts';
import { endSessionsOf } from './session.ts';

const refuse = (message: string, details?: unknown) => new ApiError(403, 'FORBIDDEN', message, details);

const lacking = (who: SessionUser, power: readonly string[]) => {
  const held = new Set(who.permissions);
  return power.filter((name) => !held.has(name));
};

/** A record carrying power the caller lacks is out of their reach. */
function assertWithinReach(who: SessionUser, power: readonly string[], verb: 'mengubah' | 'menghapus' | 'membuat', noun: string) {
  if (lacking(who, power).length) throw refuse(`Anda tidak dapat ${verb} ${noun} dengan hak akses yang tidak Anda miliki.`);
}

/** Staff hand out only rights they hold: to a role, to another user, or to themselves. */
function assertGrantsHeld(who: SessionUser, power: readonly string[]) {
  const beyond = lacking(who, power);
  if (beyond.length === 0) return;
  const shown = beyond.length > 5 ? `${beyond.slice(0, 5).join(', ')} dan ${beyond.length - 5} lainnya` : beyond.join(', ');
  throw refuse(`Anda tidak dapat memberikan hak akses yang tidak Anda miliki: ${shown}.`, { permissions: beyond });
}

/** System records are the Super Admin's: only they edit one or mark a record as system. */
function assertSystemUntouched(who: SessionUser, title: string, existing: Row | undefined, values: Row) {
  if (holdsEverything(who)) return;
  if (existing?.isSystem) throw refuse(`${title} sistem hanya dapat diubah oleh Super Admin.`);
  if (values.isSystem === true) throw refuse(`Hanya Super Admin yang dapat menandai ${title.toLowerCase()} sebagai sistem.`);
}

const grantOf = (row: Row) => [`${String(row.module)}.${String(row.action)}`];
const PERMISSION_IDENTITY = ['name', 'module', 'action'] as const;

const roleIdOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const first = new Set(a);
  return first.size === new Set(b).size && b.every((item) => first.has(item));
};

/** How many users hold a role. */
const roleHolders = async (db: Database, roleId: string) => (await db.select({ id: user.id }).from(user).where(eq(user.role, roleId))).length;

export const accessRules: HookSet = {
  permission: {
    beforeChange({ who, existing, values }) {
      assertSystemUntouched(who, 'Permission', existing, values);
      if (!existing) {
        assertWithinReach(who, grantOf(values), 'membuat', 'permission');
        return;
      }
      assertWithinReach(who, grantOf(existing), 'mengubah', 'permission');
      // Changing what a permission is would change the rights of every role and user holding it.
      const redefined = PERMISSION_IDENTITY.some((field) => values[field] !== undefined && values[field] !== existing[field]);
      if (redefined && !holdsEverything(who)) throw refuse('Nama, modul dan aksi permission hanya dapat diubah oleh Super Admin.');
    },
    beforeDelete({ who, existing }) {
      assertWithinReach(who, grantOf(existing), 'menghapus', 'permission');
    },
  },

  role: {
    async beforeChange({ db, who, id, existing, values, relations }) {
      // The Super Admin role's name is what grants every permission: it stays as it is.
      if (existing?.isSystem && existing.name === SUPER_ADMIN_ROLE) {
        if (values.isActive === false || values.isSystem === false || (values.name !== undefined && values.name !== SUPER_ADMIN_ROLE)) {
          throw refuse(`Role ${SUPER_ADMIN_ROLE} harus tetap aktif, bernama ${SUPER_ADMIN_ROLE} dan bersifat sistem.`);
        }
      }
      assertSystemUntouched(who, 'Role', existing, values);
      if (existing) assertWithinReach(who, await rolePower(db, id), 'mengubah', 'role');
      if (relations.permissions) assertGrantsHeld(who, await permissionNames(db, relations.permissions));
    },
    async beforeDelete({ db, who, id }) {
      assertWithinReach(who, await rolePower(db, id), 'menghapus', 'role');
      // Its users would silently lose their access.
      const holders = await roleHolders(db, id);
      if (holders > 0) throw new ApiError(409, 'CONFLICT', `Role masih dipakai oleh ${holders} user. Pindahkan user tersebut ke role lain terlebih dahulu.`, { users: holders });
    },
  },

  user: {
    async beforeChange({ db, who, session, id, existing, values, relations }) {
      const self = existing?.id === who.id;
      if (self && values.isActive === false) throw refuse('Anda tidak dapat menonaktifkan akun Anda sendiri.');
      const ownBefore = existing ? await linkedPermissionIds(db, 'user', id) : [];
      const roleBefore = roleIdOf(existing?.role);
      if (existing) assertWithinReach(who, await accountPower(db, roleBefore, ownBefore), 'mengubah', 'akun');

      const roleAfter = values.role === undefined ? roleBefore : roleIdOf(values.role);
      const ownAfter = relations.permissions ?? ownBefore;
      if (!existing || roleAfter !== roleBefore || relations.permissions) assertGrantsHeld(who, await accountPower(db, roleAfter, ownAfter));

      // A changed password or access ends the account's sessions; the caller's own stays.
      const changesAccess =
        values.passwordHash !== undefined ||
        roleAfter !== roleBefore ||
        (values.isActive !== undefined && values.isActive !== existing?.isActive) ||
        !sameSet(ownBefore, ownAfter);
      if (existing && changesAccess) return [endSessionsOf(db, id, self ? session : null)];
    },
    async beforeDelete({ db, who, id, existing }) {
      if (existing.id === who.id) throw refuse('Anda tidak dapat menghapus akun Anda sendiri.');
      assertWithinReach(who, await accountPower(db, roleIdOf(existing.role), await linkedPermissionIds(db, 'user', id)), 'menghapus', 'akun');
    },
  },
};
