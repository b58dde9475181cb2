/**
 * What "no page mixes languages" means, checked over every built page by the browser test
 * (site/tests/languages.e2e.ts): an English page holds no Indonesian function word, an
 * Indonesian page none of the English fixed texts. Text marked with its own `lang` (the language
 * switcher's name for the other language) is left out by the caller.
 */
import { textsOf, type Locale } from './index.ts';

/** Words every Indonesian sentence uses and no English one does. */
export const INDONESIAN_WORDS = ['yang', 'dan', 'untuk', 'dengan', 'dari', 'ini', 'tidak', 'kami', 'adalah', 'atau', 'ke', 'pada', 'sudah', 'belum'];

const wordPattern = new RegExp(`(?<![\\p{L}\\p{N}])(${INDONESIAN_WORDS.join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** The Indonesian function words in a text, each once, lower-cased. */
export const indonesianWordsIn = (text: string) => [...new Set([...text.matchAll(wordPattern)].map((match) => match[1]!.toLowerCase()))];

/** Every string leaf of a translation file, by its key path. */
function leaves(value: unknown, key = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item, at) => leaves(item, `${key}.${at}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => leaves(item, key ? `${key}.${name}` : name));
  return [];
}

/**
 * The fixed texts of a language that another language says differently: phrases of two words or
 * more (single words such as "Email" or "BioCore" are shared by both languages).
 */
export function ownFixedTexts(locale: Locale, other: Locale): string[] {
  const others = new Map(leaves(textsOf(other)));
  const texts = leaves(textsOf(locale))
    .filter(([key, text]) => others.get(key) !== text && /\S+\s+\S+/.test(text))
    .map(([, text]) => text.replace(/^[←→\s]+|[←→\s]+$/g, ''))
    .filter((text) => text.length > 0);
  return [...new Set(texts)];
}

export interface PageFacts {
  /** The page's address. */
  path: string;
  /** The language the address says (its prefix). */
  expected: Locale;
  /** `<html lang>`. */
  lang: string;
  /** The page's text and its attribute texts (alt, title, aria-label, placeholder, descriptions). */
  text: string;
}

/** What is wrong with a page's language, as sentences for the test's failure message. */
export function languageProblems(page: PageFacts, englishOnly: readonly string[]): string[] {
  const problems: string[] = [];
  if (page.lang !== page.expected) problems.push(`${page.path}: <html lang="${page.lang}">, expected "${page.expected}"`);
  if (page.expected === 'en') {
    const words = indonesianWordsIn(page.text);
    if (words.length) problems.push(`${page.path}: Indonesian words on an English page: ${words.join(', ')}`);
  } else {
    const found = englishOnly.filter((text) => page.text.includes(text));
    if (found.length) problems.push(`${page.path}: English fixed texts on an Indonesian page: ${found.map((text) => `"${text}"`).join(', ')}`);
  }
  return problems;
}
