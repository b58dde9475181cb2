import preact from '@astrojs/preact';
import { defineConfig } from 'astro/config';
import linkedPages from './integrations/linked-pages.ts';
import searchIndex from './integrations/search-index.ts';
import securityHeaders from './integrations/security-headers.ts';

// Built by scripts/lib/builds.ts with PUBLIC_API_URL (where the content comes from at build
// time) and SITE_OUT_DIR (the worker's assets folder); SITE_URL is the public address.
const apiUrl = process.env.PUBLIC_API_URL ?? 'http://127.0.0.1:8787';

/**
 * @astrojs/preact always hands Preact's Vite preset Babel options, and with them the preset
 * compiles every island's JSX with Babel: the largest single cost of bundling the site. Vite's own
 * Oxc transform compiles the same JSX for Preact into the same bundles, byte for byte; a build's
 * bundling took 2.0-2.1 s of CPU instead of 2.5-2.7 s. The preset's other plugins (the React
 * aliases of compat) stay.
 */
const preactJsxByOxc = {
  name: 'cms:preact-jsx-by-oxc',
  config: () => ({ oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } } }),
  configResolved(config) {
    const babel = config.plugins.find((plugin) => plugin.name === 'vite:preact-jsx');
    if (babel) babel.transform = undefined;
  },
};

/** The hosts stored images are read from at build time, for Astro's image pipeline. */
const imageHosts = [process.env.PUBLIC_MEDIA_URL, apiUrl, 'http://127.0.0.1:8787']
  .filter(Boolean)
  .map((address) => new URL(address));

export default defineConfig({
  site: process.env.SITE_URL ?? apiUrl,
  outDir: process.env.SITE_OUT_DIR ?? 'dist',
  // Islands are written against React's API and run on Preact (compat): the same components for
  // a tenth of the JavaScript a phone must download, parse and run before the page responds.
  // Only .tsx files hold JSX: they are the Preact components, their JSX compiled by Oxc (above).
  // The local builder links unchanged pages instead of copying them (integrations/linked-pages.ts).
  integrations: [preact({ compat: true, include: ['**/*.tsx'] }), ...(process.env.SITE_LINK_CACHED_PAGES ? [linkedPages()] : []), securityHeaders(), searchIndex()],
  trailingSlash: 'ignore',
  // page.html files are served at /page by the worker's assets without a trailing-slash redirect.
  build: { format: 'file', inlineStylesheets: 'always' },
  image: {
    remotePatterns: imageHosts.map((url) => ({ protocol: url.protocol.replace(':', ''), hostname: url.hostname, port: url.port || undefined })),
  },
  devToolbar: { enabled: false },
  vite: { plugins: [preactJsxByOxc] },
  // Kept between builds (scripts/lib/builds.ts gives each local state its own): it holds the
  // incremental build's copies of pages and the build's copy of the API's large lists.
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  // Pages whose cacheKey (their record's change time and the layout's data) and template are
  // unchanged are copied from the last build instead of rendered. Needs build.concurrency 1.
  experimental: { incrementalBuild: true },
});
