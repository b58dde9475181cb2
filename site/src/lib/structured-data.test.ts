import { describe, expect, it } from 'vitest';
import { wibIso } from '@cms/worker/contract';
import { article, breadcrumbList, event, organization, ownJsonLd, scriptJson } from './structured-data.ts';

describe('JSON-LD', () => {
  it('cannot close its script element, and still parses to the same text', () => {
    const value = { name: 'A </script><script>alert(1)</script> <!-- B' };
    const written = scriptJson(value);
    expect(written).not.toMatch(/<\/script/i);
    expect(written).not.toContain('<!--');
    expect(JSON.parse(written)).toEqual(value);
  });

  it('names an article\'s author as a person, or the publisher when no one is named, and the publisher with its home page and logo', () => {
    const facts = { headline: 'Judul', url: 'https://x.org/vision/a', publisher: { name: 'Resik', url: 'https://x.org/en', logo: 'https://x.org/logo.png' }, datePublished: '2026-01-01T00:00:00.000Z', dateModified: '2026-01-02T00:00:00.000Z', image: 'https://x.org/a.jpg', language: 'en' };
    expect(article({ ...facts, author: 'Sari' })).toMatchObject({ '@type': 'Article', author: { '@type': 'Person', name: 'Sari' }, image: ['https://x.org/a.jpg'], inLanguage: 'en' });
    expect(article({ ...facts, author: ' ' }).author).toEqual({ '@type': 'Organization', name: 'Resik', url: 'https://x.org/en' });
    expect(article(facts).publisher).toEqual({ '@type': 'Organization', name: 'Resik', url: 'https://x.org/en', logo: { '@type': 'ImageObject', url: 'https://x.org/logo.png' } });
  });

  it('dates an event in WIB and places it where staff said, held in person', () => {
    const facts = { name: 'Bersih Sungai', url: 'https://x.org/agenda/bersih-sungai', startDate: wibIso('2026-12-05T00:30:00.000Z'), place: 'Taman Cikapundung, Bandung', organizer: { name: 'Resik', url: 'https://x.org/' }, image: 'https://x.org/a.jpg', language: 'id' };
    expect(event(facts)).toMatchObject({
      '@type': 'Event',
      startDate: '2026-12-05T07:30:00+07:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Taman Cikapundung, Bandung', address: 'Taman Cikapundung, Bandung' },
      organizer: { '@type': 'Organization', name: 'Resik' },
    });
    expect(event(facts)).not.toHaveProperty('endDate');
    expect(event({ ...facts, endDate: wibIso('2026-12-05T04:00:00.000Z') }).endDate).toBe('2026-12-05T11:00:00+07:00');
    // Late in the UTC day is the next day in WIB.
    expect(wibIso('2026-12-31T20:00:00.000Z')).toBe('2027-01-01T03:00:00+07:00');
    expect(Date.parse(wibIso('2026-12-31T20:00:00.000Z'))).toBe(Date.parse('2026-12-31T20:00:00.000Z'));
  });

  it('numbers the breadcrumb trail from 1 with absolute addresses, ending at the page itself', () => {
    const list = breadcrumbList('https://x.org/', [{ label: 'Home', href: '/' }, { label: 'Vision', href: '/vision' }, { label: 'Artikel' }], 'https://x.org/vision/a');
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://x.org/' },
      { '@type': 'ListItem', position: 2, name: 'Vision', item: 'https://x.org/vision' },
      { '@type': 'ListItem', position: 3, name: 'Artikel', item: 'https://x.org/vision/a' },
    ]);
  });

  it('lists the organisation\'s profiles only when it has some', () => {
    expect(organization({ name: 'Resik', url: 'https://x.org/', logo: 'https://x.org/logo.png', sameAs: [] })).not.toHaveProperty('sameAs');
    expect(organization({ name: 'Resik', url: 'https://x.org/', logo: 'https://x.org/logo.png', sameAs: ['https://instagram.com/resik'] }).sameAs).toEqual(['https://instagram.com/resik']);
  });

  it('takes an SEO record\'s own JSON-LD when it parses, and drops it when it does not', () => {
    expect(ownJsonLd('{"@type":"Event","name":"Bersih Sungai"}')).toEqual({ '@type': 'Event', name: 'Bersih Sungai' });
    expect(ownJsonLd('{not json')).toBeNull();
    expect(ownJsonLd('  ')).toBeNull();
  });
});
