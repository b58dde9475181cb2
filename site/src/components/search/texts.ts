/** What the site's search says, in the language of the page it is on (`<html lang>`). */
import { SEARCH_QUERY_MESSAGES, type SearchLanguage, type SearchQueryProblem } from '@cms/worker/contract/search';

export interface SearchTexts {
  label: string;
  /** The header's search box, told apart from the search page's form. */
  quickSearch: string;
  placeholder: string;
  submit: string;
  searching: string;
  /** Shown when nothing matches `query`. */
  nothing: (query: string) => string;
  found: (count: number) => string;
  all: string;
  sectionFilter: string;
  showAll: string;
  more: string;
  failed: string;
  problems: Record<SearchQueryProblem, string>;
}

export const SEARCH_TEXTS: Record<SearchLanguage, SearchTexts> = {
  id: {
    label: 'Cari di situs',
    quickSearch: 'Pencarian cepat',
    placeholder: 'Cari...',
    submit: 'Cari',
    searching: 'Mencari...',
    nothing: (query) => `Tidak ada halaman yang cocok dengan "${query}".`,
    found: (count) => `${count} halaman ditemukan`,
    all: 'Semua',
    sectionFilter: 'Saring menurut bagian',
    showAll: 'Lihat semua hasil',
    more: 'Tampilkan lebih banyak',
    failed: 'Pencarian tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.',
    problems: SEARCH_QUERY_MESSAGES.id,
  },
  en: {
    label: 'Search the site',
    quickSearch: 'Quick search',
    placeholder: 'Search...',
    submit: 'Search',
    searching: 'Searching...',
    nothing: (query) => `No page matches "${query}".`,
    found: (count) => `${count} ${count === 1 ? 'page' : 'pages'} found`,
    all: 'All',
    sectionFilter: 'Filter by section',
    showAll: 'See all results',
    more: 'Show more',
    failed: 'The search could not be loaded. Check your connection and try again.',
    problems: SEARCH_QUERY_MESSAGES.en,
  },
};

/** The texts of a page's language; Indonesian unless the page is English. */
export const searchTexts = (language: string | undefined) => SEARCH_TEXTS[language === 'en' ? 'en' : 'id'];
