/** BioCore articles as the list's cards (and its search results, from the card each article page carries) show them. */
import type { BioCore } from '@cms/worker/contract';
import { localized, type Locale } from '../i18n/index.ts';
import type { ArticleCard } from './article-card.ts';
import { formatDate, readTime, stripHtml } from './format.ts';
import { picture, placeholderPicture } from './picture.ts';

export const articleCard = async (a: BioCore, locale: Locale): Promise<ArticleCard> => ({
  title: a.title,
  href: localized(locale, `/bio-core/${a.slug}`),
  excerpt: a.excerpt || stripHtml(a.description || a.content, 140),
  tags: a.tags,
  image: (await picture(a.featuredImage, 'card', a.featuredImageFocus)) ?? placeholderPicture('card'),
  imageAlt: a.featuredImageAlt || a.title,
  date: formatDate(a.createdAt, locale),
  readTime: readTime(a.readTime, locale),
});

/** Every tag of the published articles, for the filter buttons. */
export const allTags = (articles: BioCore[]) => [...new Set(articles.flatMap((a) => a.tags))].sort((a, b) => a.localeCompare(b));
