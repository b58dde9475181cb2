/** BioCore articles as the list's cards and its search index show them. */
import type { BioCore } from '@cms/worker/contract';
import type { ArticleCard } from '../islands/BioCoreBrowser.tsx';
import { formatDate, readTime, stripHtml } from './format.ts';
import { picture, placeholderPicture } from './picture.ts';

export const SEARCH_INDEX_URL = '/bio-core/search-index.json';

export const articleCard = async (a: BioCore): Promise<ArticleCard> => ({
  title: a.title,
  href: `/bio-core/${a.slug}`,
  excerpt: a.excerpt || stripHtml(a.description || a.content, 140),
  tags: a.tags,
  image: (await picture(a.featuredImage, 'card', a.featuredImageFocus)) ?? placeholderPicture('card'),
  imageAlt: a.featuredImageAlt || a.title,
  date: formatDate(a.createdAt),
  readTime: readTime(a.readTime),
});

/** Every tag of the published articles, for the filter buttons. */
export const allTags = (articles: BioCore[]) => [...new Set(articles.flatMap((a) => a.tags))].sort((a, b) => a.localeCompare(b));
