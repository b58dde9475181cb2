/** An RSS 2.0 feed of articles. */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface FeedItem {
  title: string;
  link: string;
  description: string;
  date: string;
}

export const rssFeed = (channel: { title: string; link: string; description: string }, items: FeedItem[]) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escape(channel.title)}</title><link>${escape(channel.link)}</link><description>${escape(channel.description)}</description><language>id</language>` +
      items
        .map((item) => `<item><title>${escape(item.title)}</title><link>${escape(item.link)}</link><guid>${escape(item.link)}</guid><description>${escape(item.description)}</description><pubDate>${new Date(item.date).toUTCString()}</pubDate></item>`)
        .join('') +
      '</channel></rss>',
    { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } },
  );
