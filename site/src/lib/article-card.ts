import type { Picture } from './picture.ts';

/** A BioCore article as a card of the list, and of the list's search results. */
export interface ArticleCard {
  title: string;
  href: string;
  excerpt: string;
  tags: string[];
  image: Picture;
  imageAlt: string;
  date: string;
  readTime: string;
}
