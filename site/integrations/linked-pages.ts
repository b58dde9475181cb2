/**
 * Lets a build's cost follow the change: the pages Astro's incremental build would copy from
 * its cache one by one are hard-linked into the (empty) output folder before the build starts,
 * so at 10,000 articles a build writes only the pages it renders.
 *
 * Linked files are shared with the cache and with earlier builds still being served, so no
 * file is ever written in place: before a page is rendered, its linked file (in the output and
 * in the cache, where Astro stores the new copy) is unlinked, and the write makes a new file.
 * Linked pages of routes that no longer exist (a deleted or unpublished article) are removed
 * once the build knows its paths.
 *
 * Used by the local builder (scripts/lib/builds.ts sets SITE_LINK_CACHED_PAGES); a build
 * without it (the production workflow) restores pages by copying, as Astro does.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The part of Astro's incremental manifest (`<cacheDir>/incremental-build.json`) read here. */
interface IncrementalManifest {
  routes: Record<string, { paths: Record<string, { outputFile: string }> }>;
}

/** Astro keeps its copy of each cached page under `<cacheDir>/dist/`. */
const CACHED_PAGES = 'dist';
const MANIFEST = 'incremental-build.json';

function readManifest(cacheDir: string): IncrementalManifest | null {
  try {
    return JSON.parse(readFileSync(path.join(cacheDir, MANIFEST), 'utf8')) as IncrementalManifest;
  } catch {
    return null; // first build, or the cache was cleared: Astro renders everything
  }
}

/** Links every cached page into `outDir`; answers the linked files by route component and pathname. */
function linkCachedPages(cacheDir: string, outDir: string) {
  const linked = new Map<string, string>();
  const manifest = readManifest(cacheDir);
  if (!manifest) return linked;
  const folders = new Set<string>();
  for (const [component, route] of Object.entries(manifest.routes)) {
    for (const [pathname, { outputFile }] of Object.entries(route.paths)) {
      const cached = path.join(cacheDir, CACHED_PAGES, outputFile);
      const target = path.join(outDir, outputFile);
      const folder = path.dirname(target);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      try {
        linkSync(cached, target);
        linked.set(`${component}\n${pathname}`, outputFile);
      } catch {
        // no cached copy (pruned, or an earlier build stopped): Astro renders or restores it
      }
    }
  }
  return linked;
}

export default function linkedPages(): AstroIntegration {
  let cacheDir = '';
  let outDir = '';
  const rendered: string[] = [];
  return {
    name: 'linked-pages',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        // The output folder starts with the linked pages: Astro must not empty it.
        updateConfig({ vite: { build: { emptyOutDir: false } } });
      },
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': ({ setPrerenderer, logger }) => {
        rmSync(outDir, { recursive: true, force: true });
        const linked = linkCachedPages(cacheDir, outDir);
        logger.info(`${linked.size} cached pages linked`);
        const linkedFiles = new Set(linked.values());
        setPrerenderer((astro) => ({
          name: 'linked-pages',
          setup: () => astro.setup?.() ?? Promise.resolve(),
          teardown: () => astro.teardown?.() ?? Promise.resolve(),
          collectStaticImages: astro.collectStaticImages && (() => astro.collectStaticImages!()),
          async getStaticPaths() {
            const paths = await astro.getStaticPaths();
            const current = new Set(paths.map(({ pathname, route }) => `${route.component}\n${pathname}`));
            let removed = 0;
            for (const [key, outputFile] of linked) {
              if (current.has(key)) continue;
              rmSync(path.join(outDir, outputFile), { force: true });
              linkedFiles.delete(outputFile);
              removed++;
            }
            if (removed) logger.info(`${removed} linked pages of paths that are gone removed`);
            return paths;
          },
          render(request, options) {
            // With the `file` format a request's path is its output file's path.
            const outputFile = decodeURIComponent(new URL(request.url).pathname).replace(/^\//, '');
            if (linkedFiles.delete(outputFile)) rmSync(path.join(outDir, outputFile), { force: true });
            // A cached copy left now can only be the one this render writes (see astro:build:done).
            rmSync(path.join(cacheDir, CACHED_PAGES, outputFile), { force: true });
            rendered.push(outputFile);
            return astro.render(request, options);
          },
        }));
      },
      'astro:build:done': () => {
        // Astro wrote each cached page twice (output and cache): the output becomes a link to the
        // cache's copy, so the next build links the same file and finds it unchanged.
        for (const outputFile of rendered) {
          const cached = path.join(cacheDir, CACHED_PAGES, outputFile);
          if (!existsSync(cached)) continue;
          const target = path.join(outDir, outputFile);
          try {
            linkSync(cached, `${target}.link`);
            renameSync(`${target}.link`, target);
          } catch {
            // another file system (no hard links): the written file stays, the next build copies
          }
        }
      },
    },
  };
}
