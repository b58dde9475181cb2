/**
 * Placeholder records the preview templates are rendered with: every optional part present, so
 * the worker only fills or removes the marked elements (worker/src/preview/page.ts).
 */
import { PREVIEW_SLUG } from '@cms/worker/contract';
import { ALL_LOCALES, localeParam, splitLocale } from '../i18n/index.ts';

/** An optional image of a placeholder record: shown as the placeholder picture, never read. */
export const PREVIEW_IMAGE = 'preview:image';

/** List items a template holds; a draft with more shows the first ones. */
export const PREVIEW_LIST_SLOTS = 12;

export const previewRecord = <T>(fields: Record<string, unknown>): T =>
  ({
    _id: 'preview',
    slug: 'preview',
    title: 'Judul',
    content: '<p>Isi</p>',
    tags: [],
    readTime: 1,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    ...fields,
  }) as T;

/**
 * A record page's paths plus its placeholder record's at PREVIEW_SLUG in every language, for a
 * collection previewed in its own page (`preview: OWN_PAGE`): a draft in a language fills that
 * language's page. The sitemap lists records, never this path, and the page says noindex (`isPreviewPath`).
 */
export const withPreviewPath = <P>(paths: Array<{ params: { locale: string | undefined; slug: string }; props: P; cacheKey?: string }>, placeholder: P) => [
  ...paths,
  ...ALL_LOCALES.map((locale) => ({ params: { locale: localeParam(locale), slug: PREVIEW_SLUG }, props: placeholder })),
];

/**
 * Whether an address (or the file it is built as, `/agenda/_preview.html`) is a preview template:
 * a record page's at PREVIEW_SLUG, or one of the templates under /preview-template/ in any
 * language. Neither is indexed nor listed as another page's twin.
 */
export const isPreviewPath = (pathname: string) => {
  const parts = splitLocale(pathname.replace(/\.html$/, '')).path.split('/');
  return parts.includes(PREVIEW_SLUG) || parts[1] === 'preview-template';
};
