/**
 * The site's search index, written after every build: Pagefind reads the built pages (the part
 * marked `data-pagefind-body`, see src/components/search/sections.ts) and writes one index per
 * language found in the pages' `<html lang>`, with that language's stemming, into `/pagefind/`.
 * Visitors' browsers search it: no server, nothing to run or pay for per query.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';

/** Where the index is served, under the site's root. */
export const SEARCH_INDEX_FOLDER = 'pagefind';

/** Pagefind's ready-made interfaces, written beside the index: the site has its own, so they are not served. */
const UNUSED_FILES = /^pagefind-(ui|component-ui|modular-ui|highlight)\.(js|css)$/;

/** Indexes the pages under `root` and writes the index into `<root>/pagefind`; answers what it indexed. */
export async function writeSearchIndex(root: string) {
  const { index, errors } = await createIndex({});
  if (!index) throw new Error(`Pagefind did not start: ${errors.join('; ')}`);
  try {
    const added = await index.addDirectory({ path: root });
    if (added.errors.length) throw new Error(`Pagefind could not index the site: ${added.errors.join('; ')}`);
    const folder = path.join(root, SEARCH_INDEX_FOLDER);
    const written = await index.writeFiles({ outputPath: folder });
    if (written.errors.length) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
    for (const file of readdirSync(folder)) if (UNUSED_FILES.test(file)) rmSync(path.join(folder, file));
    return { pagesRead: added.page_count };
  } finally {
    await close();
  }
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
        const started = performance.now();
        const { pagesRead } = await writeSearchIndex(fileURLToPath(dir.href));
        logger.info(`search index: ${pagesRead} pages read in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}
