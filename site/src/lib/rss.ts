/**
 * An RSS 2.0 feed of articles, naming its own address (`atom:link rel="self"`): one feed per
 * language, its channel and items in that language, the newest FEED_ITEMS items only (readers
 * poll it often; older articles stay on the site's lists).
 */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface FeedItem {
  title: string;
  link: string;
  description: string;
  date: string;
}

export interface FeedChannel {
  title: string;
  link: string;
  description: string;
  /** The feed's own address. */
  self: string;
  /** The language of the feed and of every item in it. */
  language: string;
}

/** Items in a feed at most: its newest. */
export const FEED_ITEMS = 50;

const newest = (items: readonly FeedItem[]) => [...items].sort((a, b) => Date.parse(b.date) - Date.parse(a.date)).slice(0, FEED_ITEMS);

export function rssXml(channel: FeedChannel, items: readonly FeedItem[]) {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>' +
    `<title>${escape(channel.title)}</title><link>${escape(channel.link)}</link><description>${escape(channel.description)}</description>` +
    `<atom:link href="${escape(channel.self)}" rel="self" type="application/rss+xml"/>` +
    `<language>${escape(channel.language)}</language>` +
    newest(items)
      .map(
        (item) =>
          `<item><title>${escape(item.title)}</title><link>${escape(item.link)}</link><guid>${escape(item.link)}</guid><description>${escape(item.description)}</description><pubDate>${new Date(item.date).toUTCString()}</pubDate></item>`,
      )
      .join('') +
    '</channel></rss>'
  );
}

/** A feed's media type, as its page links it and as it is served (`_headers`, security-headers.ts). */
export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

export const rssFeed = (channel: FeedChannel, items: readonly FeedItem[]) => new Response(rssXml(channel, items), { headers: { 'content-type': RSS_CONTENT_TYPE } });
