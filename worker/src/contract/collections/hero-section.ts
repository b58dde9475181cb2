import { choice, focalPoint, defineResource, flag, richText, text, publishingSchedule } from '../fields.ts';
import { truncated } from '../admin.ts';
import { MAX_UPLOAD_BYTES } from '../limits.ts';
import { image } from './shared.ts';

export const heroSection = defineResource({
  path: 'hero-section',
  table: 'hero_section',
  title: 'Hero Section',
  titleField: 'title',
  admin: {
    route: 'hero-section',
    order: 10,
    title: 'Manage Hero Section',
    group: 'Konten',
    dialect: 'en',
    errors: { fileLimit: '10MB' },
    columns: [
      { field: 'backgroundImage', label: 'Preview' },
      'title',
      'subtitle',
      { field: 'description', cell: truncated(50) },
      { field: 'ctaText', label: 'CTA' },
      'align',
      'createdAt',
      'publishAt',
    ],
  },
  sort: 'oldest',
  public: true,
  rebuildsSite: true,
  preview: { template: 'hero-section', page: '/' },
  visibleWhen: 'isActive',
  fields: {
    title: text('Title', { localized: true }),
    subtitle: text('Subtitle', { localized: true }),
    description: richText('Description', { localized: true }),
    content: richText('Content', { localized: true }),
    ctaText: text('CTA Text', { localized: true }),
    ctaUrl: text('CTA URL', { format: 'link' }),
    bgColor: text('Background Color', { format: 'color', default: '#ffffff' }),
    align: choice('Posisi', ['left', 'right'], { default: 'left', labels: { left: 'Kiri', right: 'Kanan' } }),
    isActive: flag('Status', true),
    // A background behind the text: decorative, so no alternative text; shown cropped.
    backgroundImage: image('Background Image', MAX_UPLOAD_BYTES, { part: 'image' }),
    backgroundImageFocus: focalPoint('backgroundImage'),
    ...publishingSchedule(),
  },
});
