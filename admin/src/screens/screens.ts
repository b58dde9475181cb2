/**
 * The collection screens of the back-office: for each, the resource it edits (whose definition
 * drives the form and validation) and what its table shows, as the spec lists it.
 */
// Types only: this module is in the login route's bundle, the definitions are not.
import type { ResourceKey } from '@cms/worker/contract';
import type { Dialect, ErrorProfile } from '../api/messages.ts';

export type Cell =
  | { as: 'image' }
  | { as: 'text'; truncate?: number; fallback?: string; expand?: 'toggle' | 'popup' }
  | { as: 'flag'; yes: string; no: string }
  /** A choice shown with its definition's labels (Kiri/Kanan), else as stored. */
  | { as: 'choice' }
  | { as: 'date'; locale?: 'id-ID' | 'en-US' }
  | { as: 'list'; show: number; more: (n: number) => string; key?: string; format?: (item: Record<string, unknown>) => string }
  | { as: 'link'; kind: 'url' | 'email' }
  | { as: 'reference'; empty: string }
  | { as: 'social'; links: Record<string, string> }
  /** The publish/unpublish times of a scheduled record, in WIB. */
  | { as: 'schedule' };

export interface Column {
  field: string;
  label: string;
  cell: Cell;
}

export type Group = 'Konten' | 'About Us' | 'Users' | 'Sistem';

export interface Screen {
  route: string;
  title: string;
  resource: ResourceKey;
  group: Group;
  columns: Column[];
  /** How the slug follows the title: generated while adding, or on every title change. */
  slug?: 'while-adding' | 'follows-title';
  /** The slug can be edited only when editing (vision, our work) or only when adding (bio core). */
  slugEditable?: 'edit' | 'add';
  dialect?: Dialect;
  /** Success texts of screens that have their own (gallery). */
  success?: { create: string; update: string };
  /** Failure texts of the spec particular to this screen. */
  errors?: Omit<ErrorProfile, 'dialect'>;
  deleteConfirm?: string;
  empty?: string;
  /** Form fields grouped under headings; fields not named stay in one group first. */
  sections?: Array<{ title: string; fields: string[] }>;
  /** Links chosen from a dropdown with search (categories) instead of checkboxes (permissions). */
  dropdowns?: string[];
  /** Rich-text fields edited with the light editor (headings 1-3, 300 px). */
  lightEditor?: string[];
  /** A load failure shown with a retry (Users); other lists show an empty list. */
  loadError?: { failed: string; unreachable: string };
  /** A loading skeleton of table rows instead of the loading line (Gallery). */
  skeletonRows?: number;
}

const text = (field: string, label: string, truncate?: number): Column => ({ field, label, cell: { as: 'text', truncate } });
const image = (field: string, label: string): Column => ({ field, label, cell: { as: 'image' } });
const status = (field = 'isActive', label = 'Status'): Column => ({ field, label, cell: { as: 'flag', yes: 'Active', no: 'Inactive' } });
const published = (field = 'isPublished'): Column => ({ field, label: 'Status', cell: { as: 'flag', yes: 'Published', no: 'Draft' } });
const created = (label = 'Date Created', locale: 'id-ID' | 'en-US' = 'id-ID'): Column => ({ field: 'createdAt', label, cell: { as: 'date', locale } });
const order: Column = text('order', 'Order');
const schedule: Column = { field: 'publishAt', label: 'Jadwal', cell: { as: 'schedule' } };

const SAVE_DETAIL = 'Terjadi kesalahan saat menyimpan data: ';

const aboutBlock = (route: string, title: string, resource: ResourceKey, errors: Screen['errors']): Screen => ({
  route,
  title,
  resource,
  group: 'About Us',
  errors,
  columns: [image('image', 'Image'), text('title', 'Title'), text('excerpt', 'Excerpt', 80), published(), order, created()],
});

export const SCREENS: Screen[] = [
  {
    route: 'hero-section',
    title: 'Manage Hero Section',
    resource: 'heroSection',
    group: 'Konten',
    dialect: 'en',
    errors: { fileLimit: '10MB' },
    columns: [
      image('backgroundImage', 'Preview'),
      text('title', 'Title'),
      text('subtitle', 'Subtitle'),
      text('description', 'Description', 50),
      text('ctaText', 'CTA'),
      { field: 'align', label: 'Posisi', cell: { as: 'choice' } },
      created(),
      schedule,
    ],
  },
  {
    route: 'vision',
    title: 'Manage Vision',
    resource: 'vision',
    group: 'Konten',
    errors: { network: 'Koneksi jaringan terputus. Silakan coba lagi.', deleteReason: true },
    slug: 'while-adding',
    slugEditable: 'edit',
    columns: [
      image('image', 'Gambar'),
      text('title', 'Judul'),
      text('shortDescription', 'Deskripsi', 80),
      { field: 'tags', label: 'Tags', cell: { as: 'list', show: 2, more: (n) => `+${n}` } },
      { field: 'isPublished', label: 'Status', cell: { as: 'flag', yes: 'Dipublikasi', no: 'Draft' } },
      { field: 'isFeatured', label: 'Featured', cell: { as: 'flag', yes: 'Ya', no: 'Tidak' } },
      created('Tanggal Dibuat'),
      schedule,
    ],
  },
  {
    route: 'impact',
    title: 'Manage Impact',
    resource: 'impact',
    group: 'Konten',
    dialect: 'en',
    deleteConfirm: 'Are you sure you want to delete this data?',
    columns: [
      text('title', 'Title'),
      text('subtitle', 'Subtitle', 50),
      { field: 'stats', label: 'Statistics', cell: { as: 'list', show: 3, more: (n) => `+${n} more`, format: (stat) => `${String(stat.value)} ${String(stat.label)}` } },
      status(),
      created('Created', 'en-US'),
    ],
  },
  {
    route: 'partners',
    title: 'Kelola Partners',
    resource: 'partner',
    group: 'Konten',
    columns: [
      image('logo', 'Logo'),
      text('name', 'Name'),
      text('description', 'Description', 80),
      { field: 'website', label: 'Website', cell: { as: 'link', kind: 'url' } },
      { field: 'category', label: 'Category', cell: { as: 'choice' } },
      status(),
      order,
      created('Date'),
    ],
  },
  {
    route: 'category',
    title: 'Manage Category',
    resource: 'category',
    group: 'Konten',
    slug: 'follows-title',
    columns: [image('image', 'Image'), text('title', 'Title'), text('slug', 'Slug'), text('description', 'Description', 80), status(), order, created()],
  },
  {
    route: 'our-work',
    title: 'Manage Our Work',
    resource: 'ourWork',
    group: 'Konten',
    slug: 'while-adding',
    slugEditable: 'edit',
    dropdowns: ['category_ids'],
    columns: [
      image('image', 'Image'),
      text('title', 'Title'),
      { field: 'activeYear', label: 'Active Year', cell: { as: 'text', fallback: '-' } },
      { field: 'category_ids', label: 'Categories', cell: { as: 'list', show: 2, more: (n) => `+${n} lainnya`, key: 'title' } },
      text('description', 'Description', 80),
      text('slug', 'Slug'),
      status(),
      order,
      created(),
      schedule,
    ],
  },
  {
    route: 'our-impact',
    title: 'Our Impact',
    resource: 'ourImpact',
    group: 'Konten',
    lightEditor: ['description'],
    columns: [
      image('featuredImage', 'Image'),
      text('title', 'Title'),
      text('subtitle', 'Subtitle'),
      { field: 'description', label: 'Description', cell: { as: 'text', truncate: 100, expand: 'popup' } },
      status(),
      schedule,
    ],
  },
  {
    route: 'bio-core',
    title: 'Bio Core',
    resource: 'bioCore',
    group: 'Konten',
    slug: 'while-adding',
    slugEditable: 'add',
    columns: [image('featuredImage', 'Image'), text('title', 'Title'), text('slug', 'Slug'), published(), schedule, created('Date')],
  },
  {
    route: 'seo',
    title: 'SEO Management',
    resource: 'seo',
    group: 'Konten',
    errors: { payloadLimit: '10MB' },
    sections: [
      { title: 'Basic SEO', fields: ['page', 'title', 'description', 'keywords', 'isActive'] },
      { title: 'Open Graph', fields: ['ogTitle', 'ogDescription', 'ogType', 'ogUrl', 'ogImage'] },
      { title: 'Twitter Card', fields: ['twitterCard', 'twitterTitle', 'twitterDescription', 'twitterSite', 'twitterCreator', 'twitterImage'] },
      { title: 'Branding', fields: ['logo', 'favicon', 'appleTouchIcon'] },
      { title: 'Analytics & Tracking', fields: ['googleAnalyticsId', 'googleTagManagerId', 'facebookPixelId'] },
      { title: 'Advanced SEO', fields: ['canonicalUrl', 'robots', 'author', 'language', 'structuredData', 'customMetaTags'] },
    ],
    columns: [text('page', 'Page'), text('title', 'Title', 60), text('description', 'Description', 80), status(), created('Date')],
  },
  {
    route: 'about/gallery',
    title: 'Gallery Management',
    resource: 'gallery',
    group: 'About Us',
    deleteConfirm: 'Apakah Anda yakin ingin menghapus item ini?',
    success: { create: 'Gallery berhasil dibuat!', update: 'Gallery berhasil diperbarui!' },
    skeletonRows: 5,
    columns: [image('image', 'Image'), text('title', 'Title'), text('description', 'Description', 100), { field: 'category', label: 'Category', cell: { as: 'choice' } }, order, status()],
  },
  aboutBlock('about/history', 'History', 'history', { deleteReason: true }),
  aboutBlock('about/vision-mission', 'Vision & Mission', 'visionMission', { payloadLimit: '10MB', savePrefix: SAVE_DETAIL }),
  aboutBlock('about/values', 'Values', 'values', { payloadLimit: '10MB', savePrefix: SAVE_DETAIL, deleteReason: true }),
  {
    route: 'about/team',
    title: 'Team',
    resource: 'team',
    group: 'About Us',
    errors: { deleteReason: true },
    lightEditor: ['bio'],
    columns: [
      image('image', 'Photo'),
      text('name', 'Name'),
      text('position', 'Position'),
      text('bio', 'Bio', 80),
      { field: 'email', label: 'Email', cell: { as: 'link', kind: 'email' } },
      { field: 'linkedin', label: 'Social', cell: { as: 'social', links: { linkedin: 'LinkedIn', instagram: 'Instagram', twitter: 'Twitter' } } },
      published(),
      order,
      created('Date'),
    ],
  },
  {
    route: 'users/list',
    title: 'Kelola Users',
    resource: 'user',
    group: 'Users',
    errors: { payloadLimit: '10MB' },
    empty: 'Belum ada data user',
    loadError: { failed: 'Gagal memuat data user', unreachable: 'Terjadi kesalahan saat memuat data user. Pastikan server API berjalan.' },
    columns: [
      image('avatar', 'Avatar'),
      text('username', 'Username'),
      text('fullName', 'Nama Lengkap'),
      { field: 'email', label: 'Email', cell: { as: 'link', kind: 'email' } },
      { field: 'role', label: 'Role', cell: { as: 'reference', empty: 'Tidak ada role' } },
      { field: 'department', label: 'Department', cell: { as: 'text', fallback: '-' } },
      status(),
      { field: 'lastLogin', label: 'Last Login', cell: { as: 'date' } },
      created('Dibuat'),
    ],
  },
  {
    route: 'users/role',
    title: 'Role',
    resource: 'role',
    group: 'Users',
    columns: [
      text('name', 'Name'),
      text('description', 'Description', 80),
      { field: 'level', label: 'Level', cell: { as: 'choice' } },
      { field: 'permissions', label: 'Permissions', cell: { as: 'list', show: 3, more: (n) => `+${n} lagi`, key: 'displayName' } },
      status(),
      { field: 'isSystem', label: 'Type', cell: { as: 'flag', yes: 'System', no: 'Custom' } },
      created('Dibuat'),
    ],
  },
  {
    route: 'users/hak-akses',
    title: 'Permission (Hak Akses)',
    resource: 'permission',
    group: 'Users',
    columns: [
      text('name', 'Name'),
      text('displayName', 'Display Name'),
      text('module', 'Module'),
      text('action', 'Action'),
      text('description', 'Description', 80),
      status(),
      { field: 'isSystem', label: 'Type', cell: { as: 'flag', yes: 'System', no: 'Custom' } },
      created('Dibuat'),
    ],
  },
  {
    route: 'redirects',
    title: 'Redirects',
    resource: 'redirect',
    group: 'Sistem',
    columns: [text('from', 'Dari'), text('to', 'Ke'), { field: 'status', label: 'Jenis', cell: { as: 'choice' } }, text('note', 'Catatan', 80), status(), created()],
  },
];
