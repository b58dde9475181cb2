/**
 * The site's languages (from the contract's one list) and their fixed texts. A page file serves
 * every language through its `[...locale]` route parameter: empty for the default language at
 * `/`, the prefix's name (`en`) for the others.
 */
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@cms/worker/contract/locales';
import { en } from './en.ts';
import { id } from './id.ts';
import type { Texts } from './id.ts';

export { DEFAULT_LOCALE, LOCALES, type Locale };
export type { Texts };

/** One translation file per language. */
const TEXTS: Record<Locale, Texts> = { id, en };

/** Every language, the default first. */
export const ALL_LOCALES = Object.keys(LOCALES) as Locale[];

export const textsOf = (locale: Locale): Texts => TEXTS[locale];

/** The `[...locale]` route parameter of a language: none for the default. */
export const localeParam = (locale: Locale): string | undefined => LOCALES[locale].prefix.replace(/^\//, '') || undefined;

/** The language of a page from its `[...locale]` parameter; an unknown one is a build error, never a page. */
export function localeOf(param: string | undefined): Locale {
  if (param === undefined || param === '') return DEFAULT_LOCALE;
  const locale = ALL_LOCALES.find((candidate) => localeParam(candidate) === param);
  if (!locale || !isLocale(locale)) throw new Error(`no language at /${param}`);
  return locale;
}

/** The address of a site path (`/vision/x`, `/`) in a language: `/en/vision/x`, `/en`. */
export function localized(locale: Locale, path: string): string {
  const prefix = LOCALES[locale].prefix;
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** The language a site address is in and the address without its language's prefix. */
export function splitLocale(path: string): { locale: Locale; path: string } {
  for (const locale of ALL_LOCALES) {
    const prefix = LOCALES[locale].prefix;
    if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) return { locale, path: path.slice(prefix.length) || '/' };
  }
  return { locale: DEFAULT_LOCALE, path };
}

/** One static path per language for a page that exists in every language. */
export const everyLocale = () => ALL_LOCALES.map((locale) => ({ params: { locale: localeParam(locale) }, props: {} }));

/** A page's language, its texts and its links, from the page's route parameters (`Astro.params`). */
export function pageLocale(params: Record<string, string | undefined>) {
  const locale = localeOf(params.locale);
  return { locale, t: textsOf(locale), href: (path: string) => localized(locale, path) };
}
