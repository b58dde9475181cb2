/**
 * What a search may be given, shared by the site's search (Pagefind, in the browser) and the
 * admin's (GET /api/search): a query too long or without a letter or digit is refused with a
 * message in the page's language, and nothing is searched.
 */
import type { Locale } from './locales.ts';

/** Longest query either search accepts, in characters (UTF-16 units, as the browser's input counts them). */
export const SEARCH_QUERY_MAX = 100;

export type SearchQueryProblem = 'empty' | 'too-long' | 'no-words';

/** Why a query cannot be searched, or null when it can. */
export function searchQueryProblem(query: string): SearchQueryProblem | null {
  const trimmed = query.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > SEARCH_QUERY_MAX) return 'too-long';
  if (!/[\p{L}\p{N}]/u.test(trimmed)) return 'no-words';
  return null;
}

export type SearchLanguage = 'id' | 'en';

export const SEARCH_QUERY_MESSAGES: Record<SearchLanguage, Record<SearchQueryProblem, string>> = {
  id: {
    empty: 'Ketik kata yang ingin Anda cari.',
    'too-long': `Kata pencarian terlalu panjang. Gunakan paling banyak ${SEARCH_QUERY_MAX} karakter.`,
    'no-words': 'Kata pencarian harus berisi huruf atau angka.',
  },
  en: {
    empty: 'Type the words you are looking for.',
    'too-long': `The search is too long. Use at most ${SEARCH_QUERY_MAX} characters.`,
    'no-words': 'The search must contain a letter or a digit.',
  },
};

/**
 * One record the admin's search found: its collection (`resources` key), id, title and slug;
 * `locale` when it was found by its version in that language, whose title and slug these are
 * (`sourceTitle` is then the record's own, default-language title, which its list searches).
 */
export interface AdminSearchHit {
  collection: string;
  id: string;
  title: string;
  slug: string | null;
  locale?: Locale;
  sourceTitle?: string;
}
