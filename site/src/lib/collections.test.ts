import { existsSync } from 'node:fs';
import { defineResource, flag, PREVIEW_TEMPLATES, resources, slug, text, type ResourceDefinition } from '@cms/worker/contract';
import { describe, expect, it } from 'vitest';
import { collectionWords } from './collection-words.ts';
import { feeds, navigation, notFoundTexts, recordPaths, siteCollections, sitemapEntries, sitePages, type PageRecord } from './collections.ts';

/** A collection the site has never heard of, declared the way a new module would be. */
const events = defineResource({
  path: 'events',
  table: 'events',
  title: 'Events',
  titleField: 'title',
  sort: 'newest',
  site: {
    page: '/events/:slug',
    list: { path: '/events', paged: true },
    nav: { label: 'Events', order: 25 },
    feed: 'Events',
    notFound: { title: 'Acara tidak ditemukan', back: 'Kembali ke Events' },
  },
  public: true,
  visibleWhen: 'isActive',
  fields: { title: text('Title', { required: true }), slug: slug('Slug', { from: 'title', style: 'words' }), isActive: flag('Status', true) },
});

const definitions: Record<string, ResourceDefinition> = { ...resources, events };
const collections = siteCollections(definitions);
const collection = (key: string) => collections.find((candidate) => candidate.key === key)!;

const record = (id: string, fields: Record<string, unknown> = {}): PageRecord => ({ _id: id, updatedAt: `2026-11-${id.padStart(2, '0')}T08:00:00.000Z`, slug: `record-${id}`, ...fields });
const category = (slugValue: string, title: string) => ({ _id: `c-${slugValue}`, slug: slugValue, title });
const stored: Record<string, PageRecord[]> = {
  events: Array.from({ length: 13 }, (_, i) => record(String(i + 1), { title: `Event ${i + 1}` })),
  vision: [record('1', { slug: 'circular' })],
  agenda: [record('8', { slug: 'bersih-pantai', title: 'Bersih Pantai' })],
  category: [record('2', { slug: 'energy', title: 'Renewable Energy' }), record('3', { slug: 'education', title: 'Education' })],
  ourWork: [
    record('4', { slug: 'biogas', category_ids: [category('energy', 'Renewable Energy'), category('education', 'Education')] }),
    record('5', { slug: 'school', category_ids: [category('education', 'Education')] }),
    record('6', { slug: 'loose', category_ids: [] }),
  ],
};
const recordsOf = (key: string) => stored[key] ?? [];

describe('collections derived from the definitions', () => {
  it('puts a new collection and its numbered pages in the sitemap, with its records dated', () => {
    const entries = sitemapEntries(collections, recordsOf);
    const paths = entries.map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/about-us', '/events', '/events/page/2', '/events/record-13', '/vision', '/vision/circular', '/bio-core', '/our-impact']));
    expect(paths).not.toContain('/events/page/3');
    expect(entries.find((entry) => entry.path === '/events/record-13')?.updated).toBe('2026-11-13T08:00:00.000Z');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lists the agenda and its items in the sitemap, never the page built for previews', () => {
    const paths = sitemapEntries(collections, recordsOf).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['/agenda', '/agenda/bersih-pantai']));
    expect(paths.some((path) => path.includes('_preview'))).toBe(false);
  });

  it('lists a work once at its first category, and each category as a list of its works', () => {
    const paths = sitemapEntries(collections, recordsOf).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['/our-work', '/our-work/energy', '/our-work/education', '/our-work/energy/biogas', '/our-work/education/school', '/our-work/all/loose']));
    expect(paths).not.toContain('/our-work/education/biogas');
    expect(paths.filter((path) => path.startsWith('/our-work/') && path.split('/').length === 3)).toEqual(['/our-work/energy', '/our-work/education']);
  });

  it('gives a work one address per category, skipping a category slug that cannot be a page, else "all"', () => {
    const work = collection('ourWork');
    expect(recordPaths(work, stored.ourWork![0]!)).toEqual(['/our-work/energy/biogas', '/our-work/education/biogas']);
    expect(recordPaths(work, record('7', { slug: 'odd', category_ids: [category('a/b', 'Slashed')] }))).toEqual(['/our-work/all/odd']);
  });

  it('orders the navigation by the definitions, with the categories under Our Work and footer-only links marked', () => {
    const links = navigation(collections, recordsOf);
    expect(links.map((link) => [link.label, link.href, link.footerOnly])).toEqual([
      ['Our Work', '/our-work', false],
      ['Events', '/events', false],
      ['Our Impact', '/our-impact', false],
      ['Vision', '/vision', true],
      ['BioCore', '/bio-core', true],
      ['Agenda', '/agenda', true],
    ]);
    expect(links[0]!.children).toEqual([
      { href: '/our-work', label: 'All' },
      { href: '/our-work/energy', label: 'Renewable Energy' },
      { href: '/our-work/education', label: 'Education' },
    ]);
    expect(links[1]!.children).toEqual([]);
  });

  it("names what was not found under each collection's addresses, in its own words", () => {
    expect(notFoundTexts(collections)).toEqual({
      '/vision/': { title: 'Vision tidak ditemukan', back: { href: '/vision', label: 'Kembali ke Vision' } },
      '/our-work/': { title: 'Work Not Found', detail: 'Work not found', back: { href: '/our-work', label: 'Back to Our Work' } },
      '/bio-core/': {
        title: 'Artikel tidak ditemukan',
        detail: 'Artikel yang Anda cari tidak dapat ditemukan atau telah dihapus.',
        back: { href: '/bio-core', label: 'Kembali ke BioCore' },
      },
      '/our-impact/': { title: 'Our Impact tidak ditemukan', back: { href: '/our-impact', label: 'Kembali ke Our Impact' } },
      '/agenda/': { title: 'Agenda tidak ditemukan', detail: 'Acara yang Anda cari tidak ada atau sudah dihapus.', back: { href: '/agenda', label: 'Kembali ke Agenda' } },
      '/events/': { title: 'Acara tidak ditemukan', back: { href: '/events', label: 'Kembali ke Events' } },
    });
  });

  it('links every declared feed from its list', () => {
    expect(feeds(collections)).toEqual([
      { href: '/vision/rss.xml', label: 'Vision' },
      { href: '/bio-core/rss.xml', label: 'BioCore' },
      { href: '/events/rss.xml', label: 'Events' },
    ]);
  });

  it("has a feed route for every feed the site's collections declare, so no page links to a missing feed", () => {
    const declared = feeds(siteCollections(resources));
    expect(declared.length).toBeGreaterThan(0);
    for (const feed of declared) expect(existsSync(new URL(`../pages/[...locale]${feed.href}.ts`, import.meta.url)), feed.href).toBe(true);
  });

  it('has a page template for every preview template the definitions name', () => {
    for (const name of PREVIEW_TEMPLATES) expect(existsSync(new URL(`../pages/[...locale]/preview-template/${name}.astro`, import.meta.url)), name).toBe(true);
  });

  it('keys every page so a language finds its twin: a record by its id, a work under a category by both ids, whatever the slugs', () => {
    const english: Record<string, PageRecord[]> = {
      ...stored,
      category: [record('2', { slug: 'energi', title: 'Energi' })],
      ourWork: [record('4', { slug: 'biogas-id', category_ids: [{ ...category('energi', 'Energi'), _id: 'c-energy' }] })],
    };
    const keyOf = (records: Record<string, PageRecord[]>, path: string) => sitePages(collections, (key) => records[key] ?? []).find((page) => page.path === path)?.key;
    expect(keyOf(english, '/our-work/energi/biogas-id')).toBe(keyOf(stored, '/our-work/energy/biogas'));
    expect(keyOf(english, '/our-work/energi')).toBe(keyOf(stored, '/our-work/energy'));
    expect(keyOf(stored, '/our-work/education/biogas')).not.toBe(keyOf(stored, '/our-work/energy/biogas'));
    // A work's page under its second category is a page, but not the sitemap's.
    const second = sitePages(collections, recordsOf).find((page) => page.path === '/our-work/education/biogas');
    expect(second?.canonical).toBe(false);
    expect(keyOf(stored, '/vision')).toBe('/vision');
  });

  it("names the navigation and the not-found texts in the page's language", () => {
    const site = collections.filter((candidate) => candidate.key !== 'events');
    expect(navigation(site, recordsOf, collectionWords('en'), 'All').map((link) => link.label)).toEqual(['Our Work', 'Our Impact', 'Vision', 'BioCore', 'Events']);
    expect(navigation(site, recordsOf, collectionWords('id'), 'Semua').map((link) => link.label)).toEqual(['Karya Kami', 'Dampak Kami', 'Visi', 'BioCore', 'Agenda']);
    expect(navigation(site, recordsOf, collectionWords('id'), 'Semua')[0]!.children[0]).toEqual({ href: '/our-work', label: 'Semua' });
    expect(notFoundTexts(site, collectionWords('en'))['/agenda/']).toEqual({ title: 'Event not found', detail: 'The event you are looking for does not exist or was removed.', back: { href: '/agenda', label: 'Back to Events' } });
  });

  it('leaves out collections that are not public or have no pages', () => {
    const keys = collections.map((candidate) => candidate.key);
    expect(keys).not.toContain('user');
    expect(keys).not.toContain('partner');
    expect(siteCollections({ hidden: { ...events, public: false } })).toEqual([]);
  });
});
