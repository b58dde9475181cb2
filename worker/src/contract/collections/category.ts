import { altText, defineResource, flag, order, slug, text } from '../fields.ts';
import { truncated } from '../admin.ts';
import { image } from './shared.ts';

export const category = defineResource({
  path: 'category',
  table: 'category',
  title: 'Category',
  titleField: 'title',
  admin: {
    route: 'category',
    order: 50,
    title: 'Manage Category',
    group: 'Konten',
    slug: 'follows-title',
    columns: ['image', 'title', 'slug', { field: 'description', cell: truncated(80) }, 'isActive', 'order', 'createdAt'],
    filters: ['isActive'],
  },
  sort: 'order',
  site: {
    page: '/our-work/:slug',
    list: { path: '/our-work', paged: true },
    notFound: { title: 'Work Not Found', detail: 'Work not found', back: 'Back to Our Work' },
  },
  public: true,
  rebuildsSite: true,
  visibleWhen: 'isActive',
  fields: {
    title: text('Title', { required: true, localized: true }),
    slug: slug('Slug', { from: 'title', style: 'words', required: true, localized: true }),
    description: text('Description', { format: 'multiline', localized: true }),
    isActive: flag('Status', true),
    order: order(),
    image: image('Image'),
    imageAlt: altText('image'),
  },
});
