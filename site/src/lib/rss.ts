/**
 * An RSS 2.0 feed of articles, naming its own address (`atom:link rel="self"`). The channel
 * states a language only when every item is written in it; each item states its own
 * (`dc:language`), since a record's language is its own.
 */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface FeedItem {
  title: string;
  link: string;
  description: string;
  date: string;
  language: string;
}

export interface FeedChannel {
  title: string;
  link: string;
  description: string;
  /** The feed's own address. */
  self: string;
}

/** The one language all items share, or null when they differ (or there are none). */
export const channelLanguage = (items: readonly FeedItem[]) => {
  const languages = new Set(items.map((item) => item.language));
  return languages.size === 1 ? [...languages][0]! : null;
};

export function rssXml(channel: FeedChannel, items: readonly FeedItem[]) {
  const language = channelLanguage(items);
  return (
    '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>' +
    `<title>${escape(channel.title)}</title><link>${escape(channel.link)}</link><description>${escape(channel.description)}</description>` +
    `<atom:link href="${escape(channel.self)}" rel="self" type="application/rss+xml"/>` +
    (language ? `<language>${escape(language)}</language>` : '') +
    items
      .map(
        (item) =>
          `<item><title>${escape(item.title)}</title><link>${escape(item.link)}</link><guid>${escape(item.link)}</guid><description>${escape(item.description)}</description><pubDate>${new Date(item.date).toUTCString()}</pubDate><dc:language>${escape(item.language)}</dc:language></item>`,
      )
      .join('') +
    '</channel></rss>'
  );
}

export const rssFeed = (channel: FeedChannel, items: readonly FeedItem[]) => new Response(rssXml(channel, items), { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
