import { altText, focalPoint, defineResource, flag, order, richText, text } from '../fields.ts';
import { PUBLISHED, truncated } from '../admin.ts';
import { image } from './shared.ts';

export const team = defineResource({
  path: 'team',
  table: 'team',
  title: 'Team',
  titleField: 'name',
  admin: {
    route: 'about/team',
    order: 140,
    title: 'Team',
    group: 'About Us',
    errors: { deleteReason: true },
    lightEditor: ['bio'],
    columns: [
      'image',
      'name',
      'position',
      { field: 'bio', cell: truncated(80) },
      { field: 'email', cell: { as: 'link', kind: 'email' } },
      { field: 'linkedin', label: 'Social', cell: { as: 'social', links: { linkedin: 'LinkedIn', instagram: 'Instagram', twitter: 'Twitter' } } },
      { field: 'isPublished', cell: PUBLISHED },
      'order',
      { field: 'createdAt', label: 'Date' },
    ],
  },
  sort: 'order',
  public: true,
  rebuildsSite: true,
  preview: { template: 'team', page: '/about-us' },
  visibleWhen: 'isPublished',
  fields: {
    name: text('Name', { required: true }),
    position: text('Position', { required: true, localized: true }),
    bio: richText('Bio', { required: true, localized: true }),
    email: text('Email', { format: 'email' }),
    linkedin: text('LinkedIn', { format: 'url' }),
    instagram: text('Instagram', { format: 'url' }),
    twitter: text('Twitter', { format: 'url' }),
    isPublished: flag('Status', true),
    order: order(),
    image: image('Photo'),
    imageAlt: altText('image'),
    imageFocus: focalPoint('image'),
  },
});
