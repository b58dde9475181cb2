/**
 * Writes the built site's `_headers` (applied by Workers static assets in production and by
 * the local site server): the page headers, a Content-Security-Policy allowing exactly the
 * inline scripts the pages carry, by their SHA-256, plus the analytics hosts when a page loads
 * them, a year's caching of the content-hashed build files, and the RSS media type of the feeds
 * (static assets would serve an `.xml` file as `application/xml`). Hashes are computed after the
 * build, from the files as served.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { resources } from '@cms/worker/contract';
import { ANALYTICS_SOURCES, cspWith, HASHED_FILE_CACHE, PAGE_HEADERS } from '@cms/worker/contract/headers';
import { ALL_LOCALES, localized } from '../src/i18n/index.ts';
import { feeds, siteCollections } from '../src/lib/collections.ts';
import { RSS_CONTENT_TYPE } from '../src/lib/rss.ts';

/** Workers assets ignore a `_headers` line longer than this. */
const MAX_LINE = 2000;
/** Script types that are data, not code: the policy does not apply to them. */
const DATA_SCRIPT = /\btype\s*=\s*["']?(application\/(ld\+)?json|text\/plain)/i;

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(file);
    else if (entry.name.endsWith('.html')) yield file;
  }
}

type AnalyticsName = keyof typeof ANALYTICS_SOURCES;

/** What one page asks of the policy: its inline scripts' hashes and the analytics it loads. */
interface PageNeeds {
  hashes: string[];
  analytics: AnalyticsName[];
}

function pageNeeds(html: string): PageNeeds {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!) || DATA_SCRIPT.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  const analytics = (Object.keys(ANALYTICS_SOURCES) as AnalyticsName[]).filter((name) => html.includes(ANALYTICS_SOURCES[name].marker));
  return { hashes: [...hashes], analytics };
}

/** The policy of a set of pages: their inline scripts' hashes and the analytics they load. */
export function pagePolicy(pages: Iterable<string>) {
  return policyFor((function* () {
    for (const html of pages) yield pageNeeds(html);
  })());
}

export function policyFor(needs: Iterable<PageNeeds>) {
  const hashes = new Set<string>();
  const found = new Set<AnalyticsName>();
  for (const page of needs) {
    for (const hash of page.hashes) hashes.add(hash);
    for (const name of page.analytics) found.add(name);
  }
  // The site's search (Pagefind) runs WebAssembly; 'wasm-unsafe-eval' allows compiling it, not eval() of JavaScript.
  const merged: Record<string, string[]> = { 'script-src': ["'wasm-unsafe-eval'", ...[...hashes].sort()] };
  for (const name of [...found].sort()) {
    for (const [directive, sources] of Object.entries(ANALYTICS_SOURCES[name].csp)) merged[directive] = [...(merged[directive] ?? []), ...sources];
  }
  return cspWith(merged);
}

/**
 * Each page's needs, read again only for files that changed since the last build. A file is
 * known by its inode, size and change time: a page linked unchanged from the last build
 * (linked-pages.ts) keeps all three, so a build at 10,000 articles reads the pages it wrote.
 */
export function builtPagesNeeds(root: string, cacheFile: string) {
  let known: Record<string, PageNeeds> = {};
  try {
    known = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, PageNeeds>;
  } catch {
    // first build, or the cache was cleared
  }
  const next: Record<string, PageNeeds> = {};
  for (const file of htmlFiles(root)) {
    const stat = statSync(file);
    const identity = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    next[identity] = known[identity] ?? pageNeeds(readFileSync(file, 'utf8'));
  }
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(next));
  return Object.values(next);
}

/**
 * Files named by their content: Astro's scripts, styles and images, and the search index's chunks
 * and per-language metadata (Pagefind's entry file, script and WebAssembly keep their names and
 * are asked for again).
 */
const HASHED_FILES = ['/_astro/*', '/pagefind/fragment/*', '/pagefind/index/*', '/pagefind/filter/*', '/pagefind/pagefind.*.pf_meta'];

/** The address of every feed the site builds: each collection's that declares one, in every language. */
export const feedPaths = () => {
  const declared = feeds(siteCollections(resources));
  return ALL_LOCALES.flatMap((locale) => declared.map((feed) => localized(locale, feed.href)));
};

export function headersFile(csp: string, feedAddresses: readonly string[]) {
  const lines = [
    '/*',
    ...Object.entries(PAGE_HEADERS).map(([name, value]) => `  ${name}: ${value}`),
    `  Content-Security-Policy: ${csp}`,
    ...HASHED_FILES.flatMap((pattern) => [pattern, `  Cache-Control: ${HASHED_FILE_CACHE}`]),
    ...feedAddresses.flatMap((address) => [address, `  Content-Type: ${RSS_CONTENT_TYPE}`]),
  ];
  return `# Written by site/integrations/security-headers.ts at build time.\n${lines.join('\n')}\n`;
}

export default function securityHeaders(): AstroIntegration {
  let cacheFile = '';
  return {
    name: 'security-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheFile = path.join(fileURLToPath(config.cacheDir), 'page-script-hashes.json');
      },
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const csp = policyFor(builtPagesNeeds(root, cacheFile));
        if (`  Content-Security-Policy: ${csp}`.length > MAX_LINE) {
          throw new Error(`The pages carry too many different inline scripts: the Content-Security-Policy is longer than ${MAX_LINE} characters.`);
        }
        writeFileSync(path.join(root, '_headers'), headersFile(csp, feedPaths()));
        logger.info(`_headers written (${csp.match(/'sha256-/g)?.length ?? 0} inline script hashes)`);
      },
    },
  };
}
