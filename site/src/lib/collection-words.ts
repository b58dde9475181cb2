import { DEFAULT_LOCALE, textsOf, type Locale } from '../i18n/index.ts';
import type { SiteCollectionKey } from '../i18n/types.ts';
import { definitionWords, type WordsOf } from './collections.ts';

const isTranslated = (key: string): key is SiteCollectionKey => Object.hasOwn(textsOf(DEFAULT_LOCALE).collections, key);

/** What a collection's links, feed and not-found page say in a language: its translation files' words. */
export const collectionWords =
  (locale: Locale): WordsOf =>
  (collection) =>
    isTranslated(collection.key) ? textsOf(locale).collections[collection.key] : definitionWords(collection);
