import { choice, defineResource, file, flag, text } from '../fields.ts';
import { truncated } from '../admin.ts';
import { SEO_IMAGE_BYTES } from '../limits.ts';

export const seo = defineResource({
  path: 'seo',
  table: 'seo',
  title: 'SEO',
  titleField: 'title',
  permissionArea: 'seo',
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
    title: text('Title', { required: true, localized: true }),
    description: text('Description', { required: true, format: 'multiline', localized: true }),
    keywords: text('Keywords', { localized: true }),
    ogTitle: text('OG Title', { localized: true }),
    ogDescription: text('OG Description', { format: 'multiline', localized: true }),
    ogType: choice('OG Type', ['website', 'article', 'product'], { default: 'website' }),
    ogUrl: text('OG URL', { format: 'url' }),
    twitterCard: choice('Twitter Card', ['summary', 'summary_large_image', 'app', 'player'], {
      default: 'summary_large_image',
    }),
    twitterTitle: text('Twitter Title', { localized: true }),
    twitterDescription: text('Twitter Description', { format: 'multiline', localized: true }),
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
