import { choice, defineResource, text, timestamp } from '../fields.ts';
import { SUBSCRIBER_PAGE_SIZE, SUBSCRIBER_STATUSES } from '../limits.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../locales.ts';

const LANGUAGES = Object.keys(LOCALES) as Locale[];

export const subscriber = defineResource({
  path: 'subscribe',
  table: 'subscriber',
  title: 'Email Subscribers',
  titleField: 'email',
  permissionArea: 'newsletter',
  admin: {
    route: 'subscribe',
    order: 180,
    aliases: ['subscribers'],
    title: 'Email Subscribers',
    shortcut: 'Lihat subscribers',
    group: 'Sistem',
    // Subscribers sign up on the public site; staff change their status or delete them.
    readOnly: true,
    pageSize: SUBSCRIBER_PAGE_SIZE,
    columns: ['email', 'status', 'source', 'language', { field: 'subscribedAt', label: 'Subscribed' }],
    filters: ['status'],
    counts: [
      { label: 'Total' },
      { label: 'Active', where: { field: 'status', value: 'active' } },
      { label: 'Unsubscribed', where: { field: 'status', value: 'unsubscribed' } },
    ],
    // Back to pending is not offered: pending means the address was never confirmed.
    setActions: [
      { label: 'Activate', field: 'status', value: 'active' },
      { label: 'Unsubscribe', field: 'status', value: 'unsubscribed' },
    ],
    widgets: ['csv-export', 'csv-import'],
    empty: 'Belum ada subscriber.',
    deleteConfirm: 'Are you sure you want to delete this subscriber?',
    texts: {
      search: 'Cari email',
      noMatch: 'Tidak ada subscriber yang cocok.',
      delete: 'Delete',
      updated: 'Status updated successfully!',
      updateFailed: 'Error updating status',
      deleted: 'Subscriber deleted successfully!',
      deleteFailed: 'Error deleting subscriber',
    },
  },
  sort: 'newest',
  public: false,
  searchable: ['email'],
  fields: {
    email: text('Email', { required: true, unique: true, format: 'email' }),
    status: choice('Status', SUBSCRIBER_STATUSES, { default: 'active', labels: { active: 'Active', unsubscribed: 'Unsubscribed', pending: 'Pending' } }),
    source: text('Source', { default: 'website' }),
    /** The language of the page the address signed up on: the newsletter it gets. */
    language: choice('Bahasa', LANGUAGES, { default: DEFAULT_LOCALE, labels: Object.fromEntries(LANGUAGES.map((locale) => [locale, LOCALES[locale].label])) }),
    subscribedAt: timestamp('Subscribed At', { defaultNow: true }),
    /** When the last confirmation email went out: a repeated sign-up re-sends it at most every 10 minutes. */
    confirmationSentAt: timestamp('Confirmation Sent At'),
    unsubscribedAt: timestamp('Unsubscribed At'),
  },
});
