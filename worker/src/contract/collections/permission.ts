/**
 * Permissions, a collection apart: its `module` field lists the modules of every other
 * collection (their paths) and the areas of the back-office that are not collections.
 */
import { choice, defineResource, flag, text } from '../fields.ts';
import { SYSTEM_OR_CUSTOM, truncated } from '../admin.ts';
import { ALL_PERMISSION_ACTIONS } from '../limits.ts';
import { collections } from './registry.ts';

/** Areas of the back-office with permissions of their own that are not collections. */
const BACK_OFFICE_AREAS = ['files', 'settings', 'audit', 'rebuild', 'dashboard', 'newsletter', 'backup', 'inquiry', 'privacy'] as const;
const PERMISSION_PATH = 'permission';

/** A permission module: a collection's path or an area of the back-office. */
export type PermissionModule = (typeof collections)[keyof typeof collections]['path'] | typeof PERMISSION_PATH | (typeof BACK_OFFICE_AREAS)[number];

/** Permission modules: one per collection (its path), plus the areas of the back-office. */
export const PERMISSION_MODULES: PermissionModule[] = [...Object.values(collections).map((resource) => resource.path), PERMISSION_PATH, ...BACK_OFFICE_AREAS];

export const permission = defineResource({
  path: PERMISSION_PATH,
  table: 'permission',
  title: 'Permission',
  titleField: 'name',
  permissionArea: 'access',
  admin: {
    route: 'users/hak-akses',
    order: 170,
    title: 'Permission (Hak Akses)',
    group: 'Users',
    columns: [
      'name',
      'displayName',
      // Plain text, not a choice badge: the module and action read as parts of the name.
      { field: 'module', cell: { as: 'text' } },
      { field: 'action', cell: { as: 'text' } },
      { field: 'description', cell: truncated(80) },
      'isActive',
      { field: 'isSystem', label: 'Type', cell: SYSTEM_OR_CUSTOM },
      { field: 'createdAt', label: 'Dibuat' },
    ],
  },
  sort: 'oldest',
  public: false,
  protectedWhen: 'isSystem',
  fields: {
    name: text('Name', {
      required: true,
      unique: true,
      pattern: { regex: '^[a-z0-9-]+\\.[a-z]+$', message: 'Nama permission harus berpola modul.aksi, contoh: user.create.' },
    }),
    displayName: text('Display Name', { required: true }),
    description: text('Description', { format: 'multiline' }),
    module: choice('Module', PERMISSION_MODULES, { required: true }),
    action: choice('Action', ALL_PERMISSION_ACTIONS, { required: true }),
    isActive: flag('Status', true),
    isSystem: flag('System', false),
  },
});

