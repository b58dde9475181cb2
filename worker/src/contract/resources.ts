/**
 * Every collection of the product, defined once. The worker builds tables, validation and
 * routes from these; the admin builds its forms and tables from them; the site reads their
 * record types.
 */
import {
  altText,
  choice,
  focalPoint,
  defineResource,
  file,
  flag,
  integer,
  list,
  order,
  password,
  publishingSchedule,
  reference,
  relation,
  richText,
  slug,
  tags,
  text,
  timestamp,
  type ListItemOf,
  type PreviewOf,
  type RecordOf,
} from './fields.ts';
import { ACTIVE_TOGGLE, PUBLISHED, SYSTEM_OR_CUSTOM, truncated, type ScreenErrors } from './admin.ts';
import {
  IMAGE_LABEL,
  IMAGE_TYPES,
  MAX_UPLOAD_BYTES,
  MEDIUM_IMAGE_BYTES,
  PERMISSION_ACTIONS,
  ROLE_LEVEL,
  SEO_IMAGE_BYTES,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_STATUSES,
} from './limits.ts';

const image = (label: string, maxBytes = MAX_UPLOAD_BYTES, more: { part?: string; required?: boolean } = {}) =>
  file(label, { maxBytes, accept: IMAGE_TYPES, acceptLabel: IMAGE_LABEL, ...more });

/** The inputs of list items: an icon by name or emoji, an image uploaded or chosen from the row. */
const icon = () => text('Ikon', { max: 40, hint: 'Nama ikon (leaf, bolt, recycle, users...) atau emoji' });
const rowImage = () => image('Gambar');
const READ_TIME_HINT = 'Kosongkan agar dihitung dari isi (sekitar 200 kata per menit).';
/** The language a record is written in: its page's `lang` and its feed item's language. */
const contentLanguage = () => choice('Bahasa', ['id', 'en'], { default: 'id', labels: { id: 'Indonesia', en: 'English' } });

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
    title: text('Title'),
    subtitle: text('Subtitle'),
    description: richText('Description'),
    content: richText('Content'),
    ctaText: text('CTA Text'),
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

export const vision = defineResource({
  path: 'vision',
  table: 'vision',
  title: 'Vision',
  titleField: 'title',
  admin: {
    route: 'vision',
    order: 20,
    title: 'Manage Vision',
    shortcut: 'Tulis Vision',
    group: 'Konten',
    errors: { network: 'Koneksi jaringan terputus. Silakan coba lagi.', deleteReason: true },
    texts: { actions: 'Aksi' },
    slug: 'while-adding',
    slugEditable: 'edit',
    columns: [
      'image',
      'title',
      { field: 'shortDescription', label: 'Deskripsi', cell: truncated(80) },
      { field: 'tags', cell: { as: 'list', show: 2, more: (n) => `+${n}` } },
      { field: 'isPublished', label: 'Status', cell: { as: 'flag', yes: 'Dipublikasi', no: 'Draft' } },
      { field: 'isFeatured', cell: { as: 'flag', yes: 'Ya', no: 'Tidak' } },
      { field: 'createdAt', label: 'Tanggal Dibuat' },
      'publishAt',
    ],
  },
  sort: 'newest',
  site: {
    page: '/vision/:slug',
    list: { path: '/vision', paged: true },
    nav: { label: 'Vision', order: 40, footerOnly: true },
    feed: 'Vision',
    newsletter: true,
    notFound: { title: 'Vision tidak ditemukan', back: 'Kembali ke Vision' },
  },
  public: true,
  rebuildsSite: true,
  preview: 'vision',
  visibleWhen: 'isPublished',
  fields: {
    title: text('Judul', { required: true }),
    slug: slug('Slug', { from: 'title', style: 'words', required: true }),
    shortDescription: text('Deskripsi Singkat', { required: true, format: 'multiline' }),
    content: richText('Konten', { required: true }),
    language: contentLanguage(),
    excerpt: text('Excerpt', { format: 'multiline' }),
    author: text('Penulis'),
    tags: tags(),
    isPublished: flag('Dipublikasi', true),
    isFeatured: flag('Featured', false),
    readTime: integer('Waktu Baca (menit)', { default: 3, min: 0, readingTimeOf: 'content', hint: READ_TIME_HINT }),
    image: image('Gambar'),
    imageAlt: altText('image'),
    imageFocus: focalPoint('image'),
    ...publishingSchedule(),
  },
});

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
    title: text('Title', { required: true }),
    slug: slug('Slug', { from: 'title', style: 'words', required: true }),
    description: text('Description', { format: 'multiline' }),
    isActive: flag('Status', true),
    order: order(),
    image: image('Image'),
    imageAlt: altText('image'),
  },
});

export const ourWork = defineResource({
  path: 'our-work',
  table: 'our_work',
  title: 'Our Work',
  titleField: 'title',
  admin: {
    route: 'our-work',
    order: 60,
    title: 'Manage Our Work',
    shortcut: 'Tambah Our Work',
    group: 'Konten',
    slug: 'while-adding',
    slugEditable: 'edit',
    dropdowns: ['category_ids'],
    columns: [
      'image',
      'title',
      { field: 'activeYear', cell: { as: 'text', fallback: '-' } },
      { field: 'category_ids', cell: { as: 'list', show: 2, more: (n) => `+${n} lainnya`, key: 'title' } },
      { field: 'description', cell: truncated(80) },
      'slug',
      'isActive',
      'order',
      'createdAt',
      'publishAt',
    ],
  },
  sort: 'order',
  site: {
    page: '/our-work/:category_ids/:slug',
    list: { path: '/our-work', paged: true },
    nav: { label: 'Our Work', order: 20 },
    notFound: { title: 'Work Not Found', detail: 'Work not found', back: 'Back to Our Work' },
  },
  public: true,
  rebuildsSite: true,
  preview: 'our-work',
  visibleWhen: 'isActive',
  fields: {
    title: text('Title', { required: true }),
    subtitle: text('Subtitle'),
    slug: slug('Slug', { from: 'title', style: 'words', required: true }),
    description: text('Description', { format: 'multiline' }),
    content: richText('Content'),
    language: contentLanguage(),
    activeYear: text('Active Year'),
    category_ids: relation('Categories', 'category', ['title', 'slug'] as const),
    isActive: flag('Status', true),
    order: order(),
    image: image('Image'),
    imageAlt: altText('image'),
    imageFocus: focalPoint('image'),
    ...publishingSchedule(),
  },
});

const statItems = { value: text('Value'), label: text('Label'), icon: icon() };
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
    title: text('Title', { required: true }),
    subtitle: text('Subtitle'),
    isActive: flag('Status', true),
    stats: list('Statistics', statItems, {
      itemLabel: 'Statistic',
      required: true,
      minItems: { count: 1, message: 'At least one valid statistic is required' },
      requiredKeys: ['value', 'label'],
    }),
    // The public impact section (BioCore list and home) is edited with the same record.
    mainStatement: text('Main Statement', { format: 'multiline' }),
    collaborations: list(
      'Collaborations',
      { name: text('Name'), description: text('Description', { format: 'multiline' }), number: text('Number'), icon: icon(), image: rowImage() },
      { itemLabel: 'Collaboration' },
    ),
    metrics: list('Metrics', { value: text('Value'), label: text('Label') }, { itemLabel: 'Metric' }),
    description: text('Description', { format: 'multiline' }),
    photos: list('Photos', { image: rowImage(), caption: text('Caption') }, { itemLabel: 'Photo' }),
  },
});

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
    description: text('Description', { format: 'multiline' }),
    website: text('Website', { format: 'url' }),
    category: choice('Category', ['corporate', 'academic', 'government', 'ngo', 'other'], { default: 'other' }),
    isActive: flag('Status', true),
    order: order(),
    logo: image('Logo'),
    logoAlt: altText('logo'),
  },
});

export const bioCore = defineResource({
  path: 'bio-core',
  table: 'bio_core',
  title: 'Bio Core',
  titleField: 'title',
  admin: {
    route: 'bio-core',
    order: 80,
    title: 'Bio Core',
    shortcut: 'Tulis artikel Bio Core',
    group: 'Konten',
    slug: 'while-adding',
    slugEditable: 'add',
    columns: [{ field: 'featuredImage', label: 'Image' }, 'title', 'slug', { field: 'isPublished', label: 'Status', cell: PUBLISHED }, 'publishAt', { field: 'createdAt', label: 'Date' }],
  },
  sort: 'newest',
  site: {
    page: '/bio-core/:slug',
    list: { path: '/bio-core', paged: true },
    nav: { label: 'BioCore', order: 50, footerOnly: true },
    feed: 'BioCore',
    newsletter: true,
    notFound: { title: 'Artikel tidak ditemukan', detail: 'Artikel yang Anda cari tidak dapat ditemukan atau telah dihapus.', back: 'Kembali ke BioCore' },
  },
  public: true,
  rebuildsSite: true,
  preview: 'bio-core',
  visibleWhen: 'isPublished',
  fields: {
    title: text('Title', { required: true }),
    subtitle: text('Subtitle'),
    slug: slug('Slug', { from: 'title', style: 'alnum', required: true }),
    description: text('Description', { format: 'multiline' }),
    content: richText('Content', { required: true }),
    language: contentLanguage(),
    excerpt: text('Excerpt', { format: 'multiline' }),
    author: text('Author'),
    tags: tags(),
    isPublished: flag('Published', false),
    isFeatured: flag('Featured', false),
    readTime: integer('Read Time (minutes)', { default: 5, min: 0, readingTimeOf: 'content', hint: READ_TIME_HINT }),
    featuredImage: image('Featured Image'),
    featuredImageAlt: altText('featuredImage'),
    featuredImageFocus: focalPoint('featuredImage'),
    features: list(
      'Fitur Utama',
      { title: text('Judul'), description: text('Deskripsi', { format: 'multiline' }), icon: icon(), image: rowImage() },
      { itemLabel: 'Fitur' },
    ),
    ...publishingSchedule(),
  },
});

export const seo = defineResource({
  path: 'seo',
  table: 'seo',
  title: 'SEO',
  titleField: 'title',
  admin: {
    route: 'seo',
    order: 90,
    title: 'SEO Management',
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
    columns: ['page', { field: 'title', cell: truncated(60) }, { field: 'description', cell: truncated(80) }, 'isActive', { field: 'createdAt', label: 'Date' }],
  },
  sort: 'newest',
  public: true,
  rebuildsSite: true,
  visibleWhen: 'isActive',
  fields: {
    page: text('Page', { required: true, unique: true }),
    title: text('Title', { required: true }),
    description: text('Description', { required: true, format: 'multiline' }),
    keywords: text('Keywords'),
    ogTitle: text('OG Title'),
    ogDescription: text('OG Description', { format: 'multiline' }),
    ogType: choice('OG Type', ['website', 'article', 'product'], { default: 'website' }),
    ogUrl: text('OG URL', { format: 'url' }),
    twitterCard: choice('Twitter Card', ['summary', 'summary_large_image', 'app', 'player'], {
      default: 'summary_large_image',
    }),
    twitterTitle: text('Twitter Title'),
    twitterDescription: text('Twitter Description', { format: 'multiline' }),
    twitterSite: text('Twitter Site'),
    twitterCreator: text('Twitter Creator'),
    canonicalUrl: text('Canonical URL', { format: 'url' }),
    robots: text('Robots', { default: 'index, follow' }),
    author: text('Author'),
    language: choice('Language', ['id', 'en'], { default: 'id' }),
    googleAnalyticsId: text('Google Analytics ID', {
      pattern: { regex: '^(G|UA)-[A-Z0-9-]+$', message: 'Google Analytics ID tidak valid (contoh: G-XXXXXXX).' },
    }),
    googleTagManagerId: text('Google Tag Manager ID', {
      pattern: { regex: '^GTM-[A-Z0-9]+$', message: 'Google Tag Manager ID tidak valid (contoh: GTM-XXXXXX).' },
    }),
    facebookPixelId: text('Facebook Pixel ID', {
      pattern: { regex: '^[0-9]+$', message: 'Facebook Pixel ID hanya berisi angka.' },
    }),
    structuredData: text('Structured Data (JSON-LD)', { format: 'json' }),
    customMetaTags: text('Custom Meta Tags', { format: 'meta-tags' }),
    isActive: flag('Status', true),
    logo: file('Logo', {
      maxBytes: SEO_IMAGE_BYTES,
      accept: ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml'],
      acceptLabel: 'JPG, PNG, GIF, SVG',
    }),
    favicon: file('Favicon', {
      maxBytes: SEO_IMAGE_BYTES,
      accept: ['image/x-icon', 'image/vnd.microsoft.icon', 'image/png', 'image/svg+xml'],
      acceptLabel: 'ICO, PNG, SVG',
    }),
    appleTouchIcon: file('Apple Touch Icon', { maxBytes: SEO_IMAGE_BYTES, accept: ['image/png'], acceptLabel: 'PNG' }),
    ogImage: file('OG Image', {
      maxBytes: SEO_IMAGE_BYTES,
      accept: ['image/jpeg', 'image/png', 'image/gif'],
      acceptLabel: 'JPG, PNG, GIF',
    }),
    twitterImage: file('Twitter Image', {
      maxBytes: SEO_IMAGE_BYTES,
      accept: ['image/jpeg', 'image/png', 'image/gif'],
      acceptLabel: 'JPG, PNG, GIF',
    }),
  },
});

export const gallery = defineResource({
  path: 'gallery',
  table: 'gallery',
  title: 'Gallery',
  titleField: 'title',
  admin: {
    route: 'about/gallery',
    order: 100,
    title: 'Gallery Management',
    group: 'About Us',
    deleteConfirm: 'Apakah Anda yakin ingin menghapus item ini?',
    success: { create: 'Gallery berhasil dibuat!', update: 'Gallery berhasil diperbarui!' },
    skeletonRows: 5,
    columns: ['image', 'title', { field: 'description', cell: truncated(100) }, 'category', 'order', { field: 'isActive', cell: ACTIVE_TOGGLE }],
  },
  sort: 'order',
  public: true,
  visibleWhen: 'isActive',
  fields: {
    title: text('Title', { required: true }),
    description: text('Description', { required: true, format: 'multiline' }),
    category: choice('Category', ['team', 'office', 'event', 'other'], { default: 'team', required: true }),
    order: order(),
    isActive: flag('Status', true),
    // Required only while the record has none: an edit without a new file keeps the old one.
    image: image('Image', MAX_UPLOAD_BYTES, { required: true }),
    imageAlt: altText('image'),
  },
});

const aboutBlock = <P extends string>(path: P, table: string, title: string, menuOrder: number, imageBytes: number, rebuildsSite: boolean, errors: ScreenErrors, preview?: PreviewOf) =>
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
      title: text('Title', { required: true }),
      content: richText('Content', { required: true }),
      excerpt: text('Excerpt', { format: 'multiline' }),
      isPublished: flag('Status', true),
      order: order(),
      image: image('Image', imageBytes),
      imageAlt: altText('image'),
    },
  });

const SAVE_DETAIL = 'Terjadi kesalahan saat menyimpan data: ';

export const history = aboutBlock('history', 'history', 'History', 110, MAX_UPLOAD_BYTES, true, { deleteReason: true }, { template: 'history', page: '/about-us' });
export const visionMission = aboutBlock('vision-mission', 'vision_mission', 'Vision & Mission', 120, MEDIUM_IMAGE_BYTES, false, { payloadLimit: '10MB', savePrefix: SAVE_DETAIL });
export const values = aboutBlock('values', 'value', 'Values', 130, MEDIUM_IMAGE_BYTES, true, { payloadLimit: '10MB', savePrefix: SAVE_DETAIL, deleteReason: true }, { template: 'values', page: '/about-us' });

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
    position: text('Position', { required: true }),
    bio: richText('Bio', { required: true }),
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
    title: text('Title', { required: true }),
    slug: slug('Slug', { from: 'title', style: 'words' }),
    subtitle: text('Subtitle'),
    description: richText('Description', { required: true }),
    language: contentLanguage(),
    isActive: flag('Status', true),
    featuredImage: image('Featured Image'),
    featuredImageAlt: altText('featuredImage'),
    ...publishingSchedule(),
  },
});

export const role = defineResource({
  path: 'role',
  table: 'role',
  title: 'Role',
  titleField: 'name',
  admin: {
    route: 'users/role',
    order: 160,
    title: 'Role',
    group: 'Users',
    accessField: 'permissions',
    permissionPickers: ['permissions'],
    columns: [
      'name',
      { field: 'description', cell: truncated(80) },
      { field: 'level', cell: { as: 'choice' } },
      { field: 'permissions', cell: { as: 'list', show: 3, more: (n) => `+${n} lagi`, key: 'displayName' } },
      'isActive',
      { field: 'isSystem', label: 'Type', cell: SYSTEM_OR_CUSTOM },
      { field: 'createdAt', label: 'Dibuat' },
    ],
  },
  sort: 'oldest',
  public: false,
  protectedWhen: 'isSystem',
  fields: {
    name: text('Name', { required: true, unique: true }),
    description: text('Description', { format: 'multiline' }),
    isActive: flag('Status', true),
    isSystem: flag('System', false),
    level: integer('Level', { default: ROLE_LEVEL.default, min: ROLE_LEVEL.min, max: ROLE_LEVEL.max }),
    permissions: relation('Permissions', 'permission', ['name', 'displayName', 'module', 'action'] as const),
  },
});

export const user = defineResource({
  path: 'user',
  table: 'user',
  title: 'Users',
  titleField: 'username',
  admin: {
    route: 'users/list',
    order: 150,
    title: 'Kelola Users',
    group: 'Users',
    permissionPickers: ['permissions'],
    errors: { payloadLimit: '10MB' },
    empty: 'Belum ada data user',
    loadError: { failed: 'Gagal memuat data user', unreachable: 'Terjadi kesalahan saat memuat data user. Pastikan server API berjalan.' },
    columns: [
      'avatar',
      'username',
      'fullName',
      { field: 'email', cell: { as: 'link', kind: 'email' } },
      { field: 'role', cell: { as: 'reference', empty: 'Tidak ada role' } },
      { field: 'department', cell: { as: 'text', fallback: '-' } },
      'isActive',
      'lastLogin',
      { field: 'createdAt', label: 'Dibuat' },
    ],
  },
  sort: 'oldest',
  public: false,
  searchable: ['username', 'email', 'fullName'],
  fields: {
    username: text('Username', {
      required: true,
      unique: true,
      ignoreCase: true,
      pattern: { regex: '^[A-Za-z0-9._-]{3,50}$', message: 'Username 3-50 karakter: huruf, angka, titik, garis bawah atau strip.' },
    }),
    email: text('Email', { required: true, unique: true, ignoreCase: true, format: 'email' }),
    // Required when adding; a blank password on edit keeps the current one.
    password: password('Password', { required: true }),
    fullName: text('Nama Lengkap', { required: true }),
    role: reference('Role', 'role', 'name', { required: true }),
    phone: text('Phone'),
    department: text('Department'),
    position: text('Position'),
    isActive: flag('Status', true),
    permissions: relation('Permissions', 'permission', ['name', 'displayName', 'module', 'action'] as const),
    avatar: image('Avatar', MEDIUM_IMAGE_BYTES),
    lastLogin: timestamp('Last Login'),
  },
});

export const subscriber = defineResource({
  path: 'subscribe',
  table: 'subscriber',
  title: 'Email Subscribers',
  titleField: 'email',
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
    columns: ['email', 'status', 'source', { field: 'subscribedAt', label: 'Subscribed' }],
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
    subscribedAt: timestamp('Subscribed At', { defaultNow: true }),
    /** When the last confirmation email went out: a repeated sign-up re-sends it at most every 10 minutes. */
    confirmationSentAt: timestamp('Confirmation Sent At'),
    unsubscribedAt: timestamp('Unsubscribed At'),
  },
});

/**
 * Old addresses of the site sent on to new ones. A slug change adds one by itself; staff add
 * others, often from the log of addresses visitors found missing.
 */
export const redirect = defineResource({
  path: 'redirect',
  table: 'redirect',
  title: 'Redirects',
  titleField: 'from',
  admin: {
    route: 'redirects',
    order: 190,
    title: 'Redirects',
    group: 'Sistem',
    columns: ['from', 'to', 'status', { field: 'note', cell: truncated(80) }, 'isActive', 'createdAt'],
    filters: ['status', 'isActive'],
  },
  sort: 'newest',
  public: false,
  searchable: ['from', 'to'],
  fields: {
    from: text('Dari', {
      required: true,
      unique: true,
      max: 500,
      pattern: { regex: '^/(?![/\\\\])[^\\s?#]*$', message: 'Alamat asal harus berupa alamat di situs ini, contoh: /vision/judul-lama.' },
    }),
    to: text('Ke', { required: true, format: 'link', max: 500 }),
    status: choice('Jenis', ['301', '302'], { default: '301', labels: { '301': '301 Permanen', '302': '302 Sementara' } }),
    // Why it exists ("tautan lama dari situs mitra"), for whoever finds it later.
    note: text('Catatan', { format: 'multiline', max: 500 }),
    isActive: flag('Status', true),
  },
});

/** Every collection but the permissions themselves, which list the modules of all the others. */
const collections = {
  heroSection,
  vision,
  category,
  ourWork,
  impact,
  partner,
  bioCore,
  seo,
  gallery,
  history,
  visionMission,
  values,
  team,
  ourImpact,
  role,
  user,
  subscriber,
  redirect,
};

/** Areas of the back-office with permissions of their own that are not collections. */
const BACK_OFFICE_AREAS = ['files', 'settings', 'audit', 'rebuild', 'dashboard', 'newsletter', 'backup'] as const;
const PERMISSION_PATH = 'permission';

/** A permission module: a collection's path or an area of the back-office. */
export type PermissionModule = (typeof collections)[keyof typeof collections]['path'] | typeof PERMISSION_PATH | (typeof BACK_OFFICE_AREAS)[number];

/** Permission modules: one per collection (its path), plus the areas of the back-office. */
export const PERMISSION_MODULES: PermissionModule[] = [...Object.values(collections).map((resource) => resource.path), PERMISSION_PATH, ...BACK_OFFICE_AREAS];

export const permission = defineResource({
  path: PERMISSION_PATH,
  table: 'permission',
  title: 'Permission',
  titleField: 'name',
  admin: {
    route: 'users/hak-akses',
    order: 170,
    title: 'Permission (Hak Akses)',
    group: 'Users',
    columns: [
      'name',
      'displayName',
      // Plain text, not a choice badge: the module and action read as parts of the name.
      { field: 'module', cell: { as: 'text' } },
      { field: 'action', cell: { as: 'text' } },
      { field: 'description', cell: truncated(80) },
      'isActive',
      { field: 'isSystem', label: 'Type', cell: SYSTEM_OR_CUSTOM },
      { field: 'createdAt', label: 'Dibuat' },
    ],
  },
  sort: 'oldest',
  public: false,
  protectedWhen: 'isSystem',
  fields: {
    name: text('Name', {
      required: true,
      unique: true,
      pattern: { regex: '^[a-z0-9-]+\\.[a-z]+$', message: 'Nama permission harus berpola modul.aksi, contoh: user.create.' },
    }),
    displayName: text('Display Name', { required: true }),
    description: text('Description', { format: 'multiline' }),
    module: choice('Module', PERMISSION_MODULES, { required: true }),
    action: choice('Action', PERMISSION_ACTIONS, { required: true }),
    isActive: flag('Status', true),
    isSystem: flag('System', false),
  },
});

/** Every collection, keyed by the name code uses. */
export const resources = { ...collections, permission };
export type ResourceKey = keyof typeof resources;

/** Each collection's record as the API returns it. */
export type Records = { [K in ResourceKey]: RecordOf<(typeof resources)[K]> };

export type HeroSection = Records['heroSection'];
export type Vision = Records['vision'];
export type Category = Records['category'];
export type OurWork = Records['ourWork'];
export type Impact = Records['impact'];
export type Partner = Records['partner'];
export type BioCore = Records['bioCore'];
export type Seo = Records['seo'];
export type Gallery = Records['gallery'];
export type AboutBlock = Records['history'];
export type TeamMember = Records['team'];
export type OurImpact = Records['ourImpact'] & { create_time: string; update_time: string };
export type Permission = Records['permission'];
export type Role = Records['role'];
export type User = Records['user'];
export type Subscriber = Records['subscriber'];
export type Redirect = Records['redirect'];
