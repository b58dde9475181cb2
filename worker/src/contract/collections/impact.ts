import { defineResource, flag, list, text, type ListItemOf } from '../fields.ts';
import { truncated } from '../admin.ts';
import { icon, rowImage } from './shared.ts';

const statItems = { value: text('Value'), label: text('Label', { localized: true }), icon: icon() };
export type ImpactStat = ListItemOf<typeof statItems>;

export const impact = defineResource({
  path: 'impact',
  table: 'impact',
  title: 'Impact',
  titleField: 'title',
  admin: {
    route: 'impact',
    order: 30,
    title: 'Manage Impact',
    group: 'Konten',
    dialect: 'en',
    deleteConfirm: 'Are you sure you want to delete this data?',
    columns: [
      'title',
      { field: 'subtitle', cell: truncated(50) },
      { field: 'stats', cell: { as: 'list', show: 3, more: (n) => `+${n} more`, format: (stat) => `${String(stat.value)} ${String(stat.label)}` } },
      'isActive',
      { field: 'createdAt', label: 'Created', cell: { as: 'date', locale: 'en-US' } },
    ],
  },
  sort: 'newest',
  public: true,
  rebuildsSite: true,
  visibleWhen: 'isActive',
  fields: {
    title: text('Title', { required: true, localized: true }),
    subtitle: text('Subtitle', { localized: true }),
    isActive: flag('Status', true),
    stats: list('Statistics', statItems, {
      itemLabel: 'Statistic',
      required: true,
      minItems: { count: 1, message: 'At least one valid statistic is required' },
      requiredKeys: ['value', 'label'],
    }),
    // The public impact section (BioCore list and home) is edited with the same record.
    mainStatement: text('Main Statement', { format: 'multiline', localized: true }),
    collaborations: list(
      'Collaborations',
      { name: text('Name', { localized: true }), description: text('Description', { format: 'multiline', localized: true }), number: text('Number'), icon: icon(), image: rowImage() },
      { itemLabel: 'Collaboration' },
    ),
    metrics: list('Metrics', { value: text('Value'), label: text('Label', { localized: true }) }, { itemLabel: 'Metric' }),
    description: text('Description', { format: 'multiline', localized: true }),
    photos: list('Photos', { image: rowImage(), caption: text('Caption', { localized: true }) }, { itemLabel: 'Photo' }),
  },
});
