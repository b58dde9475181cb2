import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { resources } from '@cms/worker/contract';
import { writeSearchIndex } from '../../../integrations/search-index.ts';
import { siteCollections } from '../../lib/collections.ts';
import { servedPath } from './address.ts';
import { placeholderPicture } from '../../lib/media.ts';
import { addressOfFilter, articleSearch, cardMeta, cardsMatching, filterOfAddress, foundArticle } from './articles.ts';
import { safeExcerpt, type SearchHit } from './pagefind.ts';
import { indexedSection, searchSections } from './sections.ts';

const collections = siteCollections(resources);

describe('the sections of the site search', () => {
  it('are Home, every collection with a navigation entry in its order, and About Us, named in the page\'s language', () => {
    expect(searchSections(collections)).toEqual([
      { label: 'Beranda', path: '/' },
      { label: 'Karya Kami', path: '/our-work' },
      { label: 'Dampak Kami', path: '/our-impact' },
      { label: 'Visi', path: '/vision' },
      { label: 'BioCore', path: '/bio-core' },
      { label: 'Agenda', path: '/agenda' },
      { label: 'Tentang Kami', path: '/about-us' },
    ]);
    expect(searchSections(collections, 'en').map((section) => section.label)).toEqual(['Home', 'Our Work', 'Our Impact', 'Vision', 'BioCore', 'Events', 'About Us']);
  });

  it('put each page under the section of its address, as it is built or served', () => {
    expect(indexedSection({ pathname: '/index.html' }, collections)).toBe('Beranda');
    expect(indexedSection({ pathname: '/vision/a-circular-economy.html' }, collections)).toBe('Visi');
    // A category's page and a work under it are Our Work, from the category's own pattern.
    expect(indexedSection({ pathname: '/our-work/education' }, collections)).toBe('Karya Kami');
    expect(indexedSection({ pathname: '/our-work/education/sekolah-hijau' }, collections)).toBe('Karya Kami');
    expect(indexedSection({ pathname: '/bio-core' }, collections)).toBe('BioCore');
    expect(indexedSection({ pathname: '/about-us.html' }, collections)).toBe('Tentang Kami');
    // An English page, under its language's prefix, in English words.
    expect(indexedSection({ pathname: '/en.html' }, collections, 'en')).toBe('Home');
    expect(indexedSection({ pathname: '/en/our-work/education/green-schools.html' }, collections, 'en')).toBe('Our Work');
  });

  it('leave out pages that are not content of their own', () => {
    for (const pathname of ['/cari', '/en/cari', '/newsletter/confirm', '/vision/page/2.html', '/en/vision/page/2.html', '/agenda/_preview.html', '/visionary']) {
      expect(indexedSection({ pathname }, collections), pathname).toBeNull();
    }
    expect(indexedSection({ pathname: '/vision/x', notFound: true }, collections)).toBeNull();
    expect(indexedSection({ pathname: '/vision/x', robots: 'noindex, follow' }, collections)).toBeNull();
  });
});

describe('search results', () => {
  it('link the served address of a built page', () => {
    expect(servedPath('/vision/a.html')).toBe('/vision/a');
    expect(servedPath('/')).toBe('/');
    expect(servedPath('/our-work/')).toBe('/our-work');
  });

  it('keep only the <mark> of an excerpt as markup', () => {
    expect(safeExcerpt('kelola <mark>sampah</mark> &lt;b&gt;')).toBe('kelola <mark>sampah</mark> &lt;b&gt;');
    expect(safeExcerpt('<img src=x onerror=alert(1)><mark onclick="x">a</mark>')).toBe('&lt;img src=x onerror=alert(1)>&lt;mark onclick="x">a</mark>');
  });
});

describe('the BioCore list\'s search', () => {
  const inBioCore = { section: 'BioCore', article: 'bioCore' };

  it('searches nothing until words are typed or a tag is chosen: the page shows its own cards', () => {
    expect(articleSearch('', null, 'BioCore')).toEqual({ kind: 'none' });
    expect(articleSearch('   ', null, 'BioCore')).toEqual({ kind: 'none' });
  });

  it('looks for the words among the section\'s articles (best first), within the chosen tag', () => {
    expect(articleSearch('  biogas pasar ', null, 'BioCore')).toEqual({ kind: 'search', term: 'biogas pasar', filters: inBioCore, sort: undefined });
    expect(articleSearch('biogas', 'energi', 'BioCore')).toEqual({ kind: 'search', term: 'biogas', filters: { ...inBioCore, tag: 'energi' }, sort: undefined });
  });

  it('lists a tag\'s articles newest first when no words are typed', () => {
    expect(articleSearch('', 'energi', 'BioCore')).toEqual({ kind: 'search', term: null, filters: { ...inBioCore, tag: 'energi' }, sort: { date: 'desc' } });
  });

  it('refuses a query of 1,000 characters or of symbols only, whatever the tag, before searching', () => {
    expect(articleSearch('a'.repeat(1000), null, 'BioCore')).toEqual({ kind: 'refused', problem: 'too-long' });
    expect(articleSearch('a'.repeat(1000), 'energi', 'BioCore')).toEqual({ kind: 'refused', problem: 'too-long' });
    expect(articleSearch('a'.repeat(100), null, 'BioCore').kind).toBe('search');
    for (const symbols of ['%%% *** <>', '"\'"; -- <>', '…!?']) expect(articleSearch(symbols, null, 'BioCore'), symbols).toEqual({ kind: 'refused', problem: 'no-words' });
  });

  it('filters the sample cards on the page by every word and the tag while no article is published (no index section)', () => {
    const sample = (title: string, excerpt: string, tags: string[]) => ({ title, excerpt, tags, href: '/bio-core', image: { src: '', width: 4, height: 3, position: '50% 50%' }, imageAlt: title, date: '', readTime: '5 menit baca' });
    const cards = [sample('Apa itu BioCore?', 'Sampah organik menjadi biogas.', ['Energi']), sample('Kompos di rumah', 'Mulai dari dapur.', ['Kompos'])];
    expect(articleSearch('', null, null)).toEqual({ kind: 'none' });
    expect(articleSearch('a'.repeat(1000), null, null)).toEqual({ kind: 'refused', problem: 'too-long' });
    const find = (query: string, tag: string | null) => {
      const asked = articleSearch(query, tag, null);
      return asked.kind === 'cards' ? cardsMatching(cards, asked).map((card) => card.title) : asked.kind;
    };
    expect(find('  BIOGAS  sampah', null)).toEqual(['Apa itu BioCore?']);
    expect(find('kompos', null)).toEqual(['Kompos di rumah']);
    expect(find('', 'Energi')).toEqual(['Apa itu BioCore?']);
    expect(find('dapur', 'Energi')).toEqual([]);
    expect(find('tidakada', null)).toEqual([]);
  });

  it('shows a found article as its list card, with the matched words highlighted only when words were searched', () => {
    const card = { title: 'Biogas — pasar', href: '/bio-core/biogas', excerpt: 'Biogas dari pasar.', tags: ['energi'], image: { src: '/x.jpg', width: 4, height: 3, position: '50% 50%' }, imageAlt: 'Digester', date: '1 Mei 2026', readTime: '3 menit baca' };
    const hit: SearchHit = { href: '/bio-core/biogas', title: 'Biogas', excerpt: '<mark>Biogas</mark> dari pasar', section: 'BioCore', meta: { title: 'Biogas', card: cardMeta(card) } };
    expect(foundArticle(hit, true)).toEqual({ ...card, title: 'Biogas', href: '/bio-core/biogas', excerptHtml: '<mark>Biogas</mark> dari pasar' });
    expect(foundArticle(hit, false)?.excerptHtml).toBeNull();
    // A page without a readable card (the list page itself, an older index) is left out.
    expect(foundArticle({ ...hit, meta: { title: 'Biogas' } }, true)).toBeNull();
    expect(foundArticle({ ...hit, meta: { card: JSON.stringify(card) } }, true)).toBeNull();
    expect(foundArticle({ ...hit, meta: { card: '7b22' } }, true)).toBeNull();
    expect(foundArticle({ ...hit, meta: { card: 'ff00' } }, true)).toBeNull();
  });

  it('stores the card as one token no search word starts with, and shows the placeholder picture again on the found card', () => {
    const card = { title: 'Tanpa foto', href: '/bio-core/tanpa-foto', excerpt: 'Teks.', tags: [], image: placeholderPicture('card'), imageAlt: 'Tanpa foto', date: '1 Mei 2026', readTime: '1 menit baca' };
    const meta = cardMeta(card);
    // Pagefind searches metadata by word prefix: field names, picture addresses and the
    // placeholder's SVG markup (xmlns, rect...) must not be words of it.
    expect(meta).toMatch(/^7b22[0-9a-f]+$/);
    expect(meta.length).toBeLessThan(1_000);
    const hit: SearchHit = { href: card.href, title: card.title, excerpt: 'Teks.', section: 'BioCore', meta: { title: card.title, card: meta } };
    expect(foundArticle(hit, false)?.image).toEqual(placeholderPicture('card'));
  });
});

describe('the BioCore list\'s address', () => {
  const tags = ['energi', 'kompos & dapur'];
  const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

  it('names the words and the tag chosen, so a filtered list can be shared and reloaded', () => {
    expect(addressOfFilter(at('/bio-core'), { query: 'biogas pasar', tag: 'kompos & dapur' })).toBe('/bio-core?q=biogas+pasar&tag=kompos+%26+dapur');
    expect(filterOfAddress('?q=biogas+pasar&tag=kompos+%26+dapur', tags)).toEqual({ query: 'biogas pasar', tag: 'kompos & dapur' });
    expect(addressOfFilter(at('/en/bio-core/2'), { query: '', tag: 'energi' })).toBe('/en/bio-core/2?tag=energi');
  });

  it('is the bare list without a filter, and keeps the address\'s other parameters and fragment', () => {
    expect(addressOfFilter(at('/bio-core', '?tag=energi&q=x'), { query: '', tag: null })).toBe('/bio-core');
    expect(addressOfFilter(at('/bio-core', '?utm_source=wa&tag=energi', '#articles-title'), { query: 'kompos', tag: null })).toBe('/bio-core?utm_source=wa&q=kompos#articles-title');
    expect(filterOfAddress('', tags)).toEqual({ query: '', tag: null });
  });

  it('shows no filter for a tag the list does not have', () => {
    expect(filterOfAddress('?tag=hilang&q=kompos', tags)).toEqual({ query: 'kompos', tag: null });
  });
});

describe('the search index', () => {
  it('is written per language with its stemming, only from the marked part of pages, with the section filter', { timeout: 60_000 }, async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cms-search-'));
    const page = (file: string, lang: string, section: string, words: string) =>
      writeFileSync(
        path.join(root, file),
        `<!doctype html><html lang="${lang}"><head><title>${words}</title></head><body><header>Menu Navigasi</header><main data-pagefind-body data-pagefind-filter="section:${section}"><h1>${words}</h1><p>${words} ${words}</p></main></body></html>`,
      );
    try {
      page('satu.html', 'id', 'Vision', 'Pengelolaan sampah organik');
      page('dua.html', 'id', 'BioCore', 'Biogas dari pasar');
      page('three.html', 'en', 'Vision', 'Managing organic waste');
      writeFileSync(path.join(root, 'outside.html'), '<!doctype html><html lang="id"><body><p>Halaman tanpa tanda</p></body></html>');
      await writeSearchIndex(root);
      const entry = JSON.parse(readFileSync(path.join(root, 'pagefind', 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number; wasm: string }> };
      expect(entry.languages.id).toMatchObject({ page_count: 2, wasm: 'id' });
      expect(entry.languages.en).toMatchObject({ page_count: 1, wasm: 'en' });
      expect(Object.keys(entry.languages).sort()).toEqual(['en', 'id']);
      // The browser's part is served; Pagefind's own ready-made interfaces are not.
      const files = readdirSync(path.join(root, 'pagefind'));
      expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'wasm.id.pagefind', 'wasm.en.pagefind']));
      expect(files.filter((file) => /-ui\.|highlight/.test(file))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('leaves out what a page marks as not its own words, and keeps the filters marked inside it', { timeout: 60_000 }, async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cms-search-'));
    writeFileSync(
      path.join(root, 'artikel.html'),
      `<!doctype html><html lang="id"><head><title>Biogas</title></head><body><main data-pagefind-body data-pagefind-filter="section:BioCore">
        <p class="meta" data-pagefind-ignore><span>Unggulan</span><span>5 menit baca</span></p>
        <h1>Biogas dari pasar</h1>
        <ul class="tags" data-pagefind-ignore><li data-pagefind-filter="tag">energi</li></ul>
        <p>Sampah organik menjadi gas.</p>
        <a class="back-link" data-pagefind-ignore href="/bio-core">Kembali ke BioCore</a>
      </main></body></html>`,
    );
    try {
      await writeSearchIndex(root);
      const folder = path.join(root, 'pagefind', 'fragment');
      // A fragment is gzipped JSON after Pagefind's 12-byte signature.
      const [page] = readdirSync(folder).map((file) => JSON.parse(gunzipSync(readFileSync(path.join(folder, file))).subarray(12).toString()) as { content: string; filters: Record<string, string[]> });
      expect(page?.content).toBe('Biogas dari pasar. Sampah organik menjadi gas.');
      expect(page?.filters).toEqual({ section: ['BioCore'], tag: ['energi'] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
