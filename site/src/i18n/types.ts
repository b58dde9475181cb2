import type { ResourceKey, resources } from '@cms/worker/contract';

/** The collections with pages of their own (a `site` in their definition). */
export type SiteCollectionKey = {
  [K in ResourceKey]: [NonNullable<(typeof resources)[K]['site']>] extends [never] ? never : K;
}[ResourceKey];

/** What the site says about one collection: its navigation entry, feed title and not-found texts. */
export interface CollectionTexts {
  nav: string;
  /** Title of its RSS feed, when it has one. */
  feed?: string;
  notFound: { title: string; detail?: string; back: string };
}

/** Every collection with pages has its texts in every language. */
export const collectionTexts = (texts: Record<SiteCollectionKey, CollectionTexts>) => texts;
