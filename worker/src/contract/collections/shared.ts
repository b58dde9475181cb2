/** Field builders several collections share: pictures, icons, reading times, a record's language, the About Us blocks. */
import { altText, choice, defineResource, file, flag, order, richText, text, type PreviewOf } from '../fields.ts';
import { PUBLISHED, truncated, type ScreenErrors } from '../admin.ts';
import { IMAGE_LABEL, IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../limits.ts';

export const image = (label: string, maxBytes = MAX_UPLOAD_BYTES, more: { part?: string; required?: boolean } = {}) =>
  file(label, { maxBytes, accept: IMAGE_TYPES, acceptLabel: IMAGE_LABEL, ...more });

/** The inputs of list items: an icon by name or emoji, an image uploaded or chosen from the row. */
export const icon = () => text('Ikon', { max: 40, hint: 'Nama ikon (leaf, bolt, recycle, users...) atau emoji' });
export const rowImage = () => image('Gambar');
export const READ_TIME_HINT = 'Kosongkan agar dihitung dari isi (sekitar 200 kata per menit).';
/** The language a record is written in: its page's `lang` and its feed item's language. */
export const contentLanguage = () => choice('Bahasa', ['id', 'en'], { default: 'id', labels: { id: 'Indonesia', en: 'English' } });

export const SAVE_DETAIL = 'Terjadi kesalahan saat menyimpan data: ';

/** A block of the About Us page: a titled text with a picture, in the order staff give. */
export const aboutBlock = <P extends string>(path: P, table: string, title: string, menuOrder: number, imageBytes: number, rebuildsSite: boolean, errors: ScreenErrors, preview?: PreviewOf) =>
  defineResource({
    path,
    table,
    title,
    titleField: 'title',
    admin: {
      route: `about/${path}`,
      title,
      group: 'About Us',
      order: menuOrder,
      errors,
      columns: ['image', 'title', { field: 'excerpt', cell: truncated(80) }, { field: 'isPublished', cell: PUBLISHED }, 'order', 'createdAt'],
    },
    sort: 'order',
    public: true,
    rebuildsSite,
    preview,
    visibleWhen: 'isPublished',
    fields: {
      title: text('Title', { required: true, localized: true }),
      content: richText('Content', { required: true, localized: true }),
      excerpt: text('Excerpt', { format: 'multiline', localized: true }),
      isPublished: flag('Status', true),
      order: order(),
      image: image('Image', imageBytes),
      imageAlt: altText('image'),
    },
  });
