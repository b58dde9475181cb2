/**
 * The site's search index: Pagefind reads the built pages (the part marked `data-pagefind-body`,
 * see src/components/search/sections.ts) and writes one index per language found in the pages'
 * `<html lang>`, with that language's stemming, into `/pagefind/`. Visitors' browsers search it:
 * no server, nothing to run or pay for per query.
 *
 * Pagefind reads every page each time (it cannot update an index), about 2.5 s per 1,000 pages.
 * A one-off build (the deploy workflow) writes the index before it ends, and so does every build
 * of a site of at most INDEX_LATER_ABOVE pages. The local builder, which publishes a build per
 * save, names the served build in SITE_SEARCH_INDEX_FROM: a larger site's build then keeps that
 * build's index (hard links), is published with it, and its own index is written afterwards
 * (`refreshSearchIndex`), so a save is live in seconds and its search follows.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';

/** Where the index is served, under the site's root. */
export const SEARCH_INDEX_FOLDER = 'pagefind';

/** Pagefind's ready-made interfaces, written beside the index: the site has its own, so they are not served. */
const UNUSED_FILES = /^pagefind-(ui|component-ui|modular-ui|highlight)\.(js|css)$/;

/**
 * Indexed pages above which a build published by the local builder writes its index afterwards:
 * up to here the index costs a save about 2.5 s at most, and search stays exactly as current as
 * the pages. SITE_SEARCH_INDEX_LATER_ABOVE sets another count.
 */
const INDEX_LATER_ABOVE = Number(process.env.SITE_SEARCH_INDEX_LATER_ABOVE ?? 1_000);

/** What a build prints when it kept the served index: the builder then refreshes it. */
export const KEPT_INDEX_LINE = 'search index: the served one kept until this build is published';

/** Indexes the pages under `root` and writes the index into `folder` (`<root>/pagefind`); answers what it indexed. */
export async function writeSearchIndex(root: string, folder = path.join(root, SEARCH_INDEX_FOLDER)) {
  const { index, errors } = await createIndex({});
  if (!index) throw new Error(`Pagefind did not start: ${errors.join('; ')}`);
  try {
    const added = await index.addDirectory({ path: root });
    if (added.errors.length) throw new Error(`Pagefind could not index the site: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: folder });
    if (written.errors.length) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
    for (const file of readdirSync(folder)) if (UNUSED_FILES.test(file)) rmSync(path.join(folder, file));
    return { pagesRead: added.page_count };
  } finally {
    await close();
  }
}

/** The pages an index in `folder` holds, in every language; 0 without one. */
function indexedPages(folder: string) {
  try {
    const entry = JSON.parse(readFileSync(path.join(folder, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
  } catch {
    return 0;
  }
}

/** Hard-links every file of the index in `from` into `to` (which must not exist). */
function linkIndex(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) linkIndex(path.join(from, entry.name), path.join(to, entry.name));
    else linkSync(path.join(from, entry.name), path.join(to, entry.name));
  }
}

/**
 * Writes the index of a published build beside it, then puts it in place of the one it kept:
 * two renames, so a search meanwhile reads the old index or the new one.
 */
export async function refreshSearchIndex(root: string) {
  const folder = path.join(root, SEARCH_INDEX_FOLDER);
  const [next, old] = [`${folder}.next`, `${folder}.old`];
  rmSync(next, { recursive: true, force: true });
  const { pagesRead } = await writeSearchIndex(root, next);
  rmSync(old, { recursive: true, force: true });
  if (existsSync(folder)) renameSync(folder, old);
  renameSync(next, folder);
  rmSync(old, { recursive: true, force: true });
  return { pagesRead };
}

/** Bytes of a written index per language (its word index, filters, page fragments, metadata), and of the search script itself (the same for every language). */
export function searchIndexSize(root: string) {
  const folder = path.join(root, SEARCH_INDEX_FOLDER);
  const languages: Record<string, { files: number; bytes: number }> = {};
  let script = 0;
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const stats = statSync(path.join(folder, file));
    if (!stats.isFile()) continue;
    const language = /(?:^|\/|pagefind\.)([a-z-]+)_[0-9a-f]+\.pf_\w+$/.exec(file)?.[1];
    if (language === undefined) {
      script += stats.size;
      continue;
    }
    languages[language] ??= { files: 0, bytes: 0 };
    languages[language].files += 1;
    languages[language].bytes += stats.size;
  }
  return { languages, script };
}

/** The search index after every build, and `client:focus` for the header's search box. */
export default function searchIndex(): AstroIntegration {
  return {
    name: 'site-search',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'focus', entrypoint: fileURLToPath(new URL('../src/components/search/focus-directive.ts', import.meta.url).href) });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const served = process.env.SITE_SEARCH_INDEX_FROM && path.join(process.env.SITE_SEARCH_INDEX_FROM, SEARCH_INDEX_FOLDER);
        if (served && indexedPages(served) > INDEX_LATER_ABOVE) {
          linkIndex(served, path.join(fileURLToPath(dir.href), SEARCH_INDEX_FOLDER));
          logger.info(KEPT_INDEX_LINE);
          return;
        }
        const started = performance.now();
        const { pagesRead } = await writeSearchIndex(fileURLToPath(dir.href));
        logger.info(`search index: ${pagesRead} pages read in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}
