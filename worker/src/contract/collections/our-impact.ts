import { altText, defineResource, flag, richText, slug, text, publishingSchedule } from '../fields.ts';
import { image, contentLanguage } from './shared.ts';

export const ourImpact = defineResource({
  path: 'our-impact',
  table: 'our_impact',
  title: 'Our Impact',
  titleField: 'title',
  admin: {
    route: 'our-impact',
    order: 70,
    title: 'Our Impact',
    group: 'Konten',
    lightEditor: ['description'],
    columns: [
      { field: 'featuredImage', label: 'Image' },
      'title',
      'subtitle',
      { field: 'description', cell: { as: 'text', truncate: 100, expand: 'popup' } },
      'isActive',
      'publishAt',
    ],
  },
  sort: 'newest',
  snakeCaseTimestamps: true,
  site: {
    page: '/our-impact/:slug',
    list: { path: '/our-impact', paged: false },
    nav: { label: 'Our Impact', order: 30 },
    notFound: { title: 'Our Impact tidak ditemukan', back: 'Kembali ke Our Impact' },
  },
  public: true,
  rebuildsSite: true,
  preview: 'our-impact',
  visibleWhen: 'isActive',
  fields: {
    title: text('Title', { required: true, localized: true }),
    slug: slug('Slug', { from: 'title', style: 'words', localized: true }),
    subtitle: text('Subtitle', { localized: true }),
    description: richText('Description', { required: true, localized: true }),
    language: contentLanguage(),
    isActive: flag('Status', true),
    featuredImage: image('Featured Image'),
    featuredImageAlt: altText('featuredImage'),
    ...publishingSchedule(),
  },
});
