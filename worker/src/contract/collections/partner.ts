import { altText, choice, defineResource, flag, order, text } from '../fields.ts';
import { truncated } from '../admin.ts';
import { image } from './shared.ts';

export const partner = defineResource({
  path: 'partner',
  table: 'partner',
  title: 'Partners',
  titleField: 'name',
  admin: {
    route: 'partners',
    order: 40,
    title: 'Kelola Partners',
    group: 'Konten',
    columns: [
      'logo',
      'name',
      { field: 'description', cell: truncated(80) },
      { field: 'website', cell: { as: 'link', kind: 'url' } },
      'category',
      'isActive',
      'order',
      { field: 'createdAt', label: 'Date' },
    ],
    filters: ['category', 'isActive'],
  },
  sort: 'order',
  public: true,
  rebuildsSite: true,
  visibleWhen: 'isActive',
  fields: {
    name: text('Name', { required: true }),
    description: text('Description', { format: 'multiline', localized: true }),
    website: text('Website', { format: 'url' }),
    category: choice('Category', ['corporate', 'academic', 'government', 'ngo', 'other'], { default: 'other' }),
    isActive: flag('Status', true),
    order: order(),
    logo: image('Logo'),
    logoAlt: altText('logo'),
  },
});
