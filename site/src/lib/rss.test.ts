import { describe, expect, it } from 'vitest';
import { rssXml } from './rss.ts';

const channel = { title: 'Vision', link: 'https://x.org/vision', description: 'Vision articles', self: 'https://x.org/vision/rss.xml' };
const item = (language: string) => ({ title: 'A & B', link: `https://x.org/vision/${language}`, description: 'Teks', date: '2026-01-05T08:00:00.000Z', language });

describe('RSS feeds', () => {
  it('name their own address with atom:link rel="self" in the Atom namespace', () => {
    const xml = rssXml(channel, [item('en')]);
    expect(xml).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(xml).toContain('<atom:link href="https://x.org/vision/rss.xml" rel="self" type="application/rss+xml"/>');
  });

  it('state the channel language only when every item shares it, and each item\'s own', () => {
    expect(rssXml(channel, [item('en'), item('en')])).toContain('<language>en</language>');
    const mixed = rssXml(channel, [item('en'), item('id')]);
    expect(mixed).not.toContain('<language>');
    expect(mixed).toContain('<dc:language>en</dc:language>');
    expect(mixed).toContain('<dc:language>id</dc:language>');
    expect(mixed).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
  });
});
