import { defineResource, flag, password, reference, relation, text, timestamp } from '../fields.ts';
import { MEDIUM_IMAGE_BYTES } from '../limits.ts';
import { image } from './shared.ts';

export const user = defineResource({
  path: 'user',
  table: 'user',
  title: 'Users',
  titleField: 'username',
  permissionArea: 'access',
  admin: {
    route: 'users/list',
    order: 150,
    title: 'Kelola Users',
    group: 'Users',
    permissionPickers: ['permissions'],
    // No admin types a colleague's password: colleagues join by invite and reset their own by email.
    formOmits: ['password'],
    addedByInvite: true,
    rowCommands: [{ label: 'Akhiri sesi', path: '/sessions/of/:id/end', confirm: 'Akhiri semua sesi {title}? Ia harus login lagi di setiap perangkat.' }],
    errors: { payloadLimit: '10MB' },
    empty: 'Belum ada data user',
    loadError: { failed: 'Gagal memuat data user', unreachable: 'Terjadi kesalahan saat memuat data user. Pastikan server API berjalan.' },
    columns: [
      'avatar',
      'username',
      'fullName',
      { field: 'email', cell: { as: 'link', kind: 'email' } },
      { field: 'role', cell: { as: 'reference', empty: 'Tidak ada role' } },
      { field: 'department', cell: { as: 'text', fallback: '-' } },
      'isActive',
      'lastLogin',
      { field: 'createdAt', label: 'Dibuat' },
    ],
  },
  sort: 'oldest',
  public: false,
  searchable: ['username', 'email', 'fullName'],
  fields: {
    username: text('Username', {
      required: true,
      unique: true,
      ignoreCase: true,
      pattern: { regex: '^[A-Za-z0-9._-]{3,50}$', message: 'Username 3-50 karakter: huruf, angka, titik, garis bawah atau strip.' },
    }),
    email: text('Email', { required: true, unique: true, ignoreCase: true, format: 'email' }),
    // Required when adding; a blank password on edit keeps the current one.
    password: password('Password', { required: true }),
    fullName: text('Nama Lengkap', { required: true }),
    role: reference('Role', 'role', 'name', { required: true }),
    phone: text('Phone'),
    department: text('Department'),
    position: text('Position'),
    isActive: flag('Status', true),
    permissions: relation('Permissions', 'permission', ['name', 'displayName', 'module', 'action'] as const),
    avatar: image('Avatar', MEDIUM_IMAGE_BYTES),
    lastLogin: timestamp('Last Login'),
  },
});
