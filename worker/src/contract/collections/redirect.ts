import { choice, defineResource, flag, text } from '../fields.ts';
import { truncated } from '../admin.ts';

/**
 * Old addresses of the site sent on to new ones. A slug change adds one by itself; staff add
 * others, often from the log of addresses visitors found missing.
 */
export const redirect = defineResource({
  path: 'redirect',
  table: 'redirect',
  title: 'Redirects',
  titleField: 'from',
  permissionArea: 'seo',
  admin: {
    route: 'redirects',
    order: 190,
    title: 'Redirects',
    group: 'Sistem',
    columns: ['from', 'to', 'status', { field: 'note', cell: truncated(80) }, 'isActive', 'createdAt'],
    filters: ['status', 'isActive'],
  },
  sort: 'newest',
  public: false,
  searchable: ['from', 'to'],
  fields: {
    from: text('Dari', {
      required: true,
      unique: true,
      max: 500,
      pattern: { regex: '^/(?![/\\\\])[^\\s?#]*$', message: 'Alamat asal harus berupa alamat di situs ini, contoh: /vision/judul-lama.' },
    }),
    to: text('Ke', { required: true, format: 'link', max: 500 }),
    status: choice('Jenis', ['301', '302'], { default: '301', labels: { '301': '301 Permanen', '302': '302 Sementara' } }),
    // Why it exists ("tautan lama dari situs mitra"), for whoever finds it later.
    note: text('Catatan', { format: 'multiline', max: 500 }),
    isActive: flag('Status', true),
  },
});
