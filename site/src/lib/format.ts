/** Formatting rules: dates in the page's language, read time, text cut-offs. */
import { DEFAULT_READ_TIME, wibSpan } from '@cms/worker/contract';
import { ALL_LOCALES, textsOf, type Locale } from '../i18n/index.ts';

const dateFormats = new Map(ALL_LOCALES.map((locale) => [locale, new Intl.DateTimeFormat(textsOf(locale).dateLocale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' })]));

export const formatDate = (iso: string | null | undefined, locale: Locale) => (iso ? dateFormats.get(locale)!.format(new Date(iso)) : '');

/** A time staff entered in WIB (an event's), with its end if it has one, shown in WIB in the page's language. */
export const formatEventTime = (start: string | null | undefined, end: string | null | undefined, locale: Locale) => wibSpan(start, end, textsOf(locale).dateLocale);

export const readTime = (minutes: number | null | undefined, locale: Locale) => textsOf(locale).readTime(minutes && minutes > 0 ? minutes : DEFAULT_READ_TIME);

export { stripHtml } from '@cms/worker/contract';
