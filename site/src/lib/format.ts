/** Formatting rules: dates in the page's language, read time, text cut-offs. */
import { DEFAULT_READ_TIME } from '@cms/worker/contract';
import { ALL_LOCALES, textsOf, type Locale } from '../i18n/index.ts';

const dateFormats = new Map(ALL_LOCALES.map((locale) => [locale, new Intl.DateTimeFormat(textsOf(locale).dateLocale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' })]));

export const formatDate = (iso: string | null | undefined, locale: Locale) => (iso ? dateFormats.get(locale)!.format(new Date(iso)) : '');

const dateTimeFormats = new Map(
  ALL_LOCALES.map((locale) => [
    locale,
    new Intl.DateTimeFormat(textsOf(locale).dateLocale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Jakarta' }),
  ]),
);

/** A time staff entered in WIB (an event's), shown in WIB in the page's language; a preview shows a draft's as the default language does (wibDateTime). */
export const formatDateTime = (iso: string | null | undefined, locale: Locale) => (iso ? `${dateTimeFormats.get(locale)!.format(new Date(iso))} WIB` : '');

export const readTime = (minutes: number | null | undefined, locale: Locale) => textsOf(locale).readTime(minutes && minutes > 0 ? minutes : DEFAULT_READ_TIME);

export { stripHtml } from '@cms/worker/contract';
