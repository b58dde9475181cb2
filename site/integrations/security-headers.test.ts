import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHeaders, headersFor } from '../../scripts/lib/site-server.ts';
import { builtPagesNeeds, feedPaths, headersFile, pagePolicy, policyFor } from './security-headers.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const scriptSrc = (csp: string) => csp.match(/script-src ([^;]*)/)![1]!.split(' ');

describe('the public pages policy', () => {
  it('allows each inline script by its hash, not external or data scripts', () => {
    const menu = 'document.querySelector("[data-menu-toggle]")';
    const csp = pagePolicy([
      `<head><script type="module">${menu}</script><script type="application/ld+json">{"@type":"Organization"}</script></head>`,
      `<body><script src="/_astro/page.js"></script><script type="module">${menu}</script><script>(()=>{})()</script></body>`,
    ]);
    expect(scriptSrc(csp).sort()).toEqual(["'self'", "'wasm-unsafe-eval'", sha(menu), sha('(()=>{})()')].sort());
    // The search's WebAssembly may be compiled; JavaScript eval() stays refused.
    expect(scriptSrc(csp)).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('googletagmanager');
  });

  it('allows the analytics hosts only when a page loads them', () => {
    const ga = '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>';
    const pixel = "<script>!function(f,b,e,v){}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');</script>";
    const csp = pagePolicy([`<head>${ga}</head>`, `<head>${pixel}</head>`]);
    expect(scriptSrc(csp)).toEqual(expect.arrayContaining(['https://www.googletagmanager.com', 'https://connect.facebook.net']));
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(pagePolicy([`<head>${ga}</head>`])).not.toContain('connect.facebook.net');
  });

  it('writes one rule for every page with the page headers', () => {
    const file = headersFile("default-src 'self'", feedPaths());
    expect(file).toContain('/*\n  X-Frame-Options: DENY\n');
    expect(file).toContain("  Content-Security-Policy: default-src 'self'\n");
    expect(file).toContain('  Referrer-Policy: strict-origin-when-cross-origin');
  });

  it('lets browsers keep the files named by their content for a year, and ask again for pages', () => {
    const rules = parseHeaders(headersFile("default-src 'self'", feedPaths()));
    expect(headersFor(rules, '/_astro/HeroCarousel.CZxAcM8p.js')['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/_astro/banner.Bx1_960w.webp')['x-frame-options']).toBe('DENY');
    expect(headersFor(rules, '/bio-core/')['cache-control']).toBeUndefined();
    // The search index's chunks are named by their content too; its entry file and script are not.
    for (const chunk of ['/pagefind/fragment/en_1e428a3.pf_fragment', '/pagefind/index/id_38c2173.pf_index', '/pagefind/filter/en_208bb0b.pf_filter', '/pagefind/pagefind.id_f2dbe6ef31.pf_meta']) {
      expect(headersFor(rules, chunk)['cache-control'], chunk).toBe('public, max-age=31536000, immutable');
    }
    for (const file of ['/pagefind/pagefind.js', '/pagefind/pagefind-entry.json', '/pagefind/wasm.id.pagefind']) expect(headersFor(rules, file)['cache-control'], file).toBeUndefined();
  });

  it('serves every feed, in every language, as RSS, and other XML with the static files\' own type', () => {
    expect(feedPaths()).toEqual(expect.arrayContaining(['/vision/rss.xml', '/bio-core/rss.xml', '/en/vision/rss.xml', '/en/bio-core/rss.xml']));
    const rules = parseHeaders(headersFile("default-src 'self'", feedPaths()));
    for (const feed of feedPaths()) expect(headersFor(rules, feed)['content-type'], feed).toBe('application/rss+xml; charset=utf-8');
    expect(headersFor(rules, '/sitemap.xml')['content-type']).toBeUndefined();
    expect(headersFor(rules, '/vision/a-circular-economy')['content-type']).toBeUndefined();
  });

  it('reads again only the pages that changed since the last build, and follows their changes', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cms-csp-'));
    const cacheFile = path.join(root, 'cache', 'hashes.json');
    const site = path.join(root, 'site');
    const page = (name: string, script: string) => writeFileSync(path.join(site, name), `<html><script>${script}</script></html>`);
    try {
      mkdirSync(site);
      page('a.html', 'one()');
      page('b.html', 'two()');
      expect(scriptSrc(policyFor(builtPagesNeeds(site, cacheFile)))).toEqual(expect.arrayContaining([sha('one()'), sha('two()')]));
      // A page the cache knows is taken from it: its stored needs stand in for reading the file.
      const known = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, { hashes: string[] }>;
      for (const needs of Object.values(known)) if (needs.hashes.includes(sha('one()'))) needs.hashes = [sha('cached()')];
      writeFileSync(cacheFile, JSON.stringify(known));
      expect(scriptSrc(policyFor(builtPagesNeeds(site, cacheFile)))).toContain(sha('cached()'));
      // A page written again is a new file: read, and the policy follows it.
      rmSync(path.join(site, 'b.html'));
      page('b.html', 'three()');
      const csp = scriptSrc(policyFor(builtPagesNeeds(site, cacheFile)));
      expect(csp).toContain(sha('three()'));
      expect(csp).not.toContain(sha('two()'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
