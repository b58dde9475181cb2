/**
 * The BioCore list's own search, on the site's search index: the BioCore section's article pages
 * of the page's language, by words (best first) or by tag (newest first). An article page marks
 * what this needs: the article filter, its tags as a filter, its date as a sort key and its list
 * card as metadata (BioCoreArticle.astro), so the results look like the list's cards.
 */
import { searchQueryProblem, type SearchQueryProblem } from '@cms/worker/contract/search';
import type { ArticleCard } from '../../lib/article-card.ts';
import { PLACEHOLDER, placeholderPicture } from '../../lib/media.ts';
import { SECTION_FILTER, type Filters, type SearchHit, type SortOrder } from './pagefind.ts';

/** The filter an article page carries (`article:bioCore`): the section's list page itself is not an article. */
export const ARTICLE_FILTER = 'article';
export const ARTICLE_KIND = 'bioCore';
/** The filter each of an article's tags is. */
export const TAG_FILTER = 'tag';
/** The sort key of an article: its publication time (ISO, so text order is time order). */
export const DATE_SORT = 'date';
/** The metadata holding an article's list card (JSON). */
export const CARD_META = 'card';

/**
 * An article's list card as its page's metadata, in hex. Pagefind makes metadata searchable, so
 * the card is stored as one token no search word can start with (JSON's `{"` is `7b22`): its field
 * names, picture addresses and the placeholder's SVG markup find nothing. Its words that belong to
 * the article (title, excerpt, tags) are searched on the page itself.
 */
export const cardMeta = (card: ArticleCard) =>
  Array.from(new TextEncoder().encode(JSON.stringify({ ...card, image: card.image.src === PLACEHOLDER ? null : card.image })), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The card cardMeta stored, or null when the text is not one. */
function readCardMeta(hex: string | undefined): unknown {
  if (!hex || !/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  const bytes = Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
}

/** An article as the list's search shows it: its card, and the excerpt with the matched words in <mark> when words were searched. */
export interface FoundArticle extends ArticleCard {
  excerptHtml: string | null;
}

export type ArticleSearch =
  /** Nothing to search: the page shows its own cards and page links. */
  | { kind: 'none' }
  /** Refused before anything is searched; the page says why. */
  | { kind: 'refused'; problem: Exclude<SearchQueryProblem, 'empty'> }
  | { kind: 'search'; term: string | null; filters: Filters; sort: SortOrder | undefined }
  /** No index to search (no article is published): the page's own sample cards are filtered. */
  | { kind: 'cards'; words: string[]; tag: string | null };

/**
 * What the list's search asks for the words typed and the tag chosen: of the index, in the section
 * named `section`, or of the page's own cards when there is no section to search (null).
 */
export function articleSearch(query: string, tag: string | null, section: string | null): ArticleSearch {
  const problem = searchQueryProblem(query);
  if (problem === 'empty' && tag === null) return { kind: 'none' };
  if (problem && problem !== 'empty') return { kind: 'refused', problem };
  if (section === null) return { kind: 'cards', words: query.toLowerCase().split(/\s+/).filter(Boolean), tag };
  const filters: Filters = { [SECTION_FILTER]: section, [ARTICLE_FILTER]: ARTICLE_KIND, ...(tag === null ? {} : { [TAG_FILTER]: tag }) };
  return problem === 'empty' ? { kind: 'search', term: null, filters, sort: { [DATE_SORT]: 'desc' } } : { kind: 'search', term: query.trim(), filters, sort: undefined };
}

/** The list's address names the words searched (as the search page does) and the tag chosen: `?q=...&tag=...`. */
export const WORDS_PARAM = 'q';
export const TAG_PARAM = 'tag';

/** What the list is filtered by: the words typed (as typed) and the tag chosen. */
export interface ListFilter {
  query: string;
  tag: string | null;
}

/** The filter an address asks for; a tag the list does not have is no filter. */
export function filterOfAddress(search: string, tags: readonly string[]): ListFilter {
  const params = new URLSearchParams(search);
  const tag = params.get(TAG_PARAM);
  return { query: params.get(WORDS_PARAM) ?? '', tag: tag !== null && tags.includes(tag) ? tag : null };
}

/** The address of the list showing `filter`: the same path, fragment and other parameters, with its words and tag set or left out. */
export function addressOfFilter(url: { pathname: string; search: string; hash: string }, { query, tag }: ListFilter): string {
  const params = new URLSearchParams(url.search);
  if (query) params.set(WORDS_PARAM, query);
  else params.delete(WORDS_PARAM);
  if (tag !== null) params.set(TAG_PARAM, tag);
  else params.delete(TAG_PARAM);
  return `${url.pathname}${params.size ? `?${params}` : ''}${url.hash}`;
}

/** The cards holding every word (in title, excerpt or tags) and the tag chosen, in their order. */
export function cardsMatching(cards: ArticleCard[], { words, tag }: { words: string[]; tag: string | null }): ArticleCard[] {
  return cards.filter((card) => {
    if (tag !== null && !card.tags.includes(tag)) return false;
    const text = [card.title, card.excerpt, ...card.tags].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The card an article page stored for the list's search; null when the page carries none that reads as one. */
export function foundArticle(hit: SearchHit, withExcerpt: boolean): FoundArticle | null {
  const card = readCardMeta(hit.meta[CARD_META]) as Partial<Omit<ArticleCard, 'image'> & { image: ArticleCard['image'] | null }> | null;
  if (!card || typeof card !== 'object' || card.image === undefined || !Array.isArray(card.tags)) return null;
  return {
    title: hit.title,
    href: hit.href,
    excerpt: String(card.excerpt ?? ''),
    tags: card.tags.map(String),
    image: card.image ?? placeholderPicture('card'),
    imageAlt: String(card.imageAlt ?? hit.title),
    date: String(card.date ?? ''),
    readTime: String(card.readTime ?? ''),
    excerptHtml: withExcerpt ? hit.excerpt : null,
  };
}
