/** The site's languages: the first is the default, served at `/`; the others under their prefix. */
export const LOCALES = {
  id: { label: 'Bahasa Indonesia', short: 'ID', prefix: '' },
  en: { label: 'English', short: 'EN', prefix: '/en' },
} as const;
export type Locale = keyof typeof LOCALES;
export const DEFAULT_LOCALE: Locale = 'id';
/** Languages a record can be translated into (all but the default). */
export const TRANSLATIONS = (Object.keys(LOCALES) as Locale[]).filter((locale) => locale !== DEFAULT_LOCALE);
export const isLocale = (value: string): value is Locale => Object.hasOwn(LOCALES, value);
