/**
 * One site build in its own Node process, started by builds.ts with the build's environment
 * (PUBLIC_API_URL, SITE_OUT_DIR, ASTRO_CACHE_DIR). Exits 0 when the site built, 1 when not,
 * with Astro's log on stdout/stderr as `astro build` prints it.
 *
 * With `--prepare` it does everything that depends only on the site's code ahead of time
 * (loading Astro, the config, Vite bundling of pages and islands) and then waits for a line on
 * stdin before rendering the pages, the only step that reads content. A builder keeps one such
 * process ready so a save pays for rendering only. Each build still gets a fresh process, so no
 * module state, memory or Node module cache is carried from one build to the next.
 */
import { build } from 'astro';
import path from 'node:path';
import type { Plugin } from 'vite';

const prepareOnly = process.argv.includes('--prepare');
let requested = !prepareOnly;
/** When the build was asked for: what the request waited for, against the time spent before it. */
let requestedAt = { wall: 0, cpu: { user: 0, system: 0 } };
const released = new Promise<void>((resolve) => {
  if (requested) return resolve();
  process.stdin.once('data', () => {
    requested = true;
    requestedAt = { wall: performance.now(), cpu: process.cpuUsage() };
    resolve();
  });
  // The builder closing stdin unasked (it stopped, or dropped this process) means no build will be asked.
  process.stdin.once('end', () => requested || process.exit(2));
});

/**
 * Packages the site's server bundle imports that take long to load; loaded while waiting, the
 * rendering then finds them in Node's module cache. (The bundle's own modules are not: Astro
 * still writes its manifest into them after this point.)
 */
const SLOW_TO_LOAD = ['preact', 'preact/compat', 'preact-render-to-string', 'sharp'];

/**
 * Vite runs `buildApp` hooks of order 'post' after Astro's own bundling of every environment
 * and before Astro's page generation (a later 'post' hook of an `enforce: 'post'` plugin).
 */
const waitForRelease: Plugin = {
  name: 'cms:wait-for-build-request',
  buildApp: {
    order: 'post',
    async handler() {
      if (!prepareOnly) return;
      await Promise.all(SLOW_TO_LOAD.map((name) => import(name)));
      console.log('[site-build] bundled; waiting for the build request to render the pages');
      await released;
    },
  },
};

try {
  await build({ root: path.resolve(import.meta.dirname, '../../site'), vite: { plugins: [waitForRelease] } });
  const cpu = process.cpuUsage(requestedAt.cpu);
  console.log(
    `[site-build] since the request: ${((performance.now() - requestedAt.wall) / 1000).toFixed(1)} s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`,
  );
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
