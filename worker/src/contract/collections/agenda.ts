/** Events: a start and an optional end entered in WIB, a place, a description; listed upcoming first. */
import { altText, defineResource, eventTime, flag, focalPoint, OWN_PAGE, richText, slug, text } from '../fields.ts';
import { PUBLISHED } from '../admin.ts';
import { image } from './shared.ts';

export const agenda = defineResource({
  path: 'agenda',
  table: 'agenda',
  title: 'Agenda',
  titleField: 'title',
  admin: {
    route: 'agenda',
    order: 75,
    title: 'Agenda',
    group: 'Konten',
    slug: 'while-adding',
    slugEditable: 'edit',
    columns: [
      'image',
      'title',
      'startsAt',
      'place',
      { field: 'isPublished', label: 'Status', cell: PUBLISHED },
      { field: 'createdAt', label: 'Tanggal Dibuat' },
    ],
  },
  sort: { field: 'startsAt', until: 'endsAt', order: 'upcoming' },
  site: {
    page: '/agenda/:slug',
    list: { path: '/agenda', paged: true },
    nav: { label: 'Agenda', order: 60, footerOnly: true },
    notFound: { title: 'Agenda tidak ditemukan', detail: 'Acara yang Anda cari tidak ada atau sudah dihapus.', back: 'Kembali ke Agenda' },
  },
  public: true,
  rebuildsSite: true,
  preview: OWN_PAGE,
  visibleWhen: 'isPublished',
  fields: {
    title: text('Judul', { required: true, localized: true }),
    slug: slug('Slug', { from: 'title', style: 'words', required: true, localized: true }),
    startsAt: eventTime('Tanggal & Waktu', { required: true }),
    endsAt: eventTime('Selesai', { after: 'startsAt' }),
    place: text('Tempat', { required: true, localized: true }),
    description: richText('Deskripsi', { required: true, localized: true }),
    isPublished: flag('Dipublikasi', true),
    image: image('Gambar'),
    imageAlt: altText('image'),
    imageFocus: focalPoint('image'),
  },
});
