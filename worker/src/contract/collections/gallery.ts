import { altText, choice, defineResource, flag, order, text } from '../fields.ts';
import { ACTIVE_TOGGLE, truncated } from '../admin.ts';
import { MAX_UPLOAD_BYTES } from '../limits.ts';
import { image } from './shared.ts';

export const gallery = defineResource({
  path: 'gallery',
  table: 'gallery',
  title: 'Gallery',
  titleField: 'title',
  admin: {
    route: 'about/gallery',
    order: 100,
    title: 'Gallery Management',
    group: 'About Us',
    deleteConfirm: 'Apakah Anda yakin ingin menghapus item ini?',
    success: { create: 'Gallery berhasil dibuat!', update: 'Gallery berhasil diperbarui!' },
    skeletonRows: 5,
    columns: ['image', 'title', { field: 'description', cell: truncated(100) }, 'category', 'order', { field: 'isActive', cell: ACTIVE_TOGGLE }],
  },
  sort: 'order',
  public: true,
  visibleWhen: 'isActive',
  fields: {
    title: text('Title', { required: true, localized: true }),
    description: text('Description', { required: true, format: 'multiline', localized: true }),
    category: choice('Category', ['team', 'office', 'event', 'other'], { default: 'team', required: true }),
    order: order(),
    isActive: flag('Status', true),
    // Required only while the record has none: an edit without a new file keeps the old one.
    image: image('Image', MAX_UPLOAD_BYTES, { required: true }),
    imageAlt: altText('image'),
  },
});
