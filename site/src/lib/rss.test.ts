import { describe, expect, it } from 'vitest';
import { rssXml } from './rss.ts';

const channel = { title: 'Vision', link: 'https://x.org/en/vision', description: 'Vision articles', self: 'https://x.org/en/vision/rss.xml', language: 'en' };
const item = { title: 'A & B', link: 'https://x.org/en/vision/a-b', description: 'Text', date: '2026-01-05T08:00:00.000Z' };

describe('RSS feeds', () => {
  it('name their own address with atom:link rel="self" in the Atom namespace', () => {
    const xml = rssXml(channel, [item]);
    expect(xml).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(xml).toContain('<atom:link href="https://x.org/en/vision/rss.xml" rel="self" type="application/rss+xml"/>');
  });

  it("state their language, the one every item is in, even when empty", () => {
    expect(rssXml(channel, [item, item])).toContain('<language>en</language>');
    expect(rssXml({ ...channel, language: 'id' }, [])).toContain('<language>id</language>');
    expect(rssXml(channel, [item])).toContain('<title>A &amp; B</title>');
  });
});

describe('a feed of many articles', () => {
  it('lists its newest 50 items, newest first', () => {
    const items = Array.from({ length: 152 }, (_, i) => ({ ...item, title: `Artikel ${i}`, date: new Date(Date.UTC(2020, 0, 1 + i)).toISOString() }));
    const titles = [...rssXml(channel, items).matchAll(/<item><title>([^<]+)<\/title>/g)].map((match) => match[1]);
    expect(titles).toHaveLength(50);
    expect(titles[0]).toBe('Artikel 151');
    expect(titles.at(-1)).toBe('Artikel 102');
  });
});
