/**
 * Walks the built site in the browser from a few addresses, following every internal link, the
 * hreflang alternates and feed links, and reads what each page says and in which language.
 */
import type { BrowserContext } from 'playwright-core';
import { splitLocale } from '../src/i18n/index.ts';
import type { PageFacts } from '../src/i18n/language-rules.ts';

export interface Crawl {
  /** Every HTML page reached, with its language facts. */
  pages: PageFacts[];
  /** Internal addresses a page links to that do not answer 200, with the page linking. */
  broken: string[];
  /** Every hreflang alternate: the page naming it, the language and the address. */
  alternates: Array<{ from: string; hreflang: string; path: string }>;
  /** The `<html lang>` of each page reached, by address. */
  langs: Map<string, string>;
}

/** Addresses the site serves but no page of its own (the API, the admin, uploads). */
const OUTSIDE_THE_SITE = /^\/(api|admin|login|uploads|pagefind|_astro)(\/|$)/;

export async function crawlSite(browser: BrowserContext, base: string, starts: readonly string[]): Promise<Crawl> {
  const origin = new URL(base).origin;
  const queue = [...new Set(starts)];
  const seen = new Set(queue);
  const linkedFrom = new Map<string, string>();
  const crawl: Crawl = { pages: [], broken: [], alternates: [], langs: new Map() };
  const page = await browser.newPage();
  const enqueue = (from: string, href: string) => {
    const url = new URL(href, base);
    if (url.origin !== origin || OUTSIDE_THE_SITE.test(url.pathname)) return;
    const path = url.pathname + url.search;
    if (seen.has(path)) return;
    seen.add(path);
    linkedFrom.set(path, from);
    queue.push(path);
  };
  while (queue.length) {
    const path = queue.shift()!;
    // A file that is no page (a calendar, a feed) may start a download when opened: it is only asked for.
    if (/\.(?!html$)[a-z0-9]+$/i.test(new URL(path, base).pathname)) {
      const status = (await page.request.get(base + path)).status();
      if (status !== 200) crawl.broken.push(`${path} answered ${status} (linked from ${linkedFrom.get(path) ?? 'the start'})`);
      continue;
    }
    const response = await page.goto(base + path, { waitUntil: 'load' });
    const status = response?.status() ?? 0;
    const type = response?.headers()['content-type'] ?? '';
    if (status !== 200) {
      crawl.broken.push(`${path} answered ${status} (linked from ${linkedFrom.get(path) ?? 'the start'})`);
      continue;
    }
    if (!type.includes('text/html')) continue;
    const facts = await page.evaluate(() => {
      const lang = document.documentElement.lang;
      // Text marked as another language (the switcher's name for it) is that language's, rightly.
      const foreign = [...document.querySelectorAll('body [lang]')].filter((element) => element.getAttribute('lang') !== lang);
      const restore = foreign.map((element) => {
        const parent = element.parentNode!;
        const next = element.nextSibling;
        parent.removeChild(element);
        return () => parent.insertBefore(element, next);
      });
      const attributes = [...document.querySelectorAll('[alt], [title], [aria-label], [placeholder]')].flatMap((element) =>
        ['alt', 'title', 'aria-label', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
      );
      const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="description"], meta[property^="og:"][property$="title"], meta[property="og:description"], meta[property="og:image:alt"], meta[name^="twitter:"]')]
        .filter((meta) => !/^(twitter:card|twitter:image|twitter:site|twitter:creator)$/.test(meta.name))
        .map((meta) => meta.content);
      const text = [document.title, document.body.innerText, ...attributes, ...metas].join('\n');
      restore.forEach((put) => put());
      const links = [...document.querySelectorAll<HTMLAnchorElement | HTMLLinkElement>('a[href], link[rel="alternate"][href], link[rel="canonical"]')].map((element) => ({
        href: element.href,
        hreflang: element instanceof HTMLLinkElement && element.rel === 'alternate' ? element.hreflang : '',
      }));
      return { lang, text, links };
    });
    crawl.langs.set(path, facts.lang);
    crawl.pages.push({ path, expected: splitLocale(new URL(path, base).pathname).locale, lang: facts.lang, text: facts.text });
    for (const link of facts.links) {
      if (link.hreflang) crawl.alternates.push({ from: path, hreflang: link.hreflang, path: new URL(link.href).pathname });
      enqueue(path, link.href);
    }
  }
  await page.close();
  return crawl;
}
