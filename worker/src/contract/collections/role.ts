import { defineResource, flag, integer, relation, text } from '../fields.ts';
import { SYSTEM_OR_CUSTOM, truncated } from '../admin.ts';
import { ROLE_LEVEL } from '../limits.ts';

export const role = defineResource({
  path: 'role',
  table: 'role',
  title: 'Role',
  titleField: 'name',
  permissionArea: 'access',
  admin: {
    route: 'users/role',
    order: 160,
    title: 'Role',
    group: 'Users',
    accessField: 'permissions',
    permissionPickers: ['permissions'],
    columns: [
      'name',
      { field: 'description', cell: truncated(80) },
      { field: 'level', cell: { as: 'choice' } },
      { field: 'permissions', cell: { as: 'list', show: 3, more: (n) => `+${n} lagi`, key: 'displayName' } },
      'isActive',
      { field: 'isSystem', label: 'Type', cell: SYSTEM_OR_CUSTOM },
      { field: 'createdAt', label: 'Dibuat' },
    ],
  },
  sort: 'oldest',
  public: false,
  protectedWhen: 'isSystem',
  fields: {
    name: text('Name', { required: true, unique: true }),
    description: text('Description', { format: 'multiline' }),
    isActive: flag('Status', true),
    isSystem: flag('System', false),
    level: integer('Level', { default: ROLE_LEVEL.default, min: ROLE_LEVEL.min, max: ROLE_LEVEL.max }),
    // Its users sign in with a passkey or an authenticator app code; they set one up at their next sign-in.
    requireSecondFactor: {
      ...flag('Wajib Verifikasi Dua Langkah', false),
      hint: 'Pengguna dengan role ini harus masuk dengan passkey atau kode aplikasi autentikator.',
    },
    permissions: relation('Permissions', 'permission', ['name', 'displayName', 'module', 'action'] as const),
  },
});
