/**
 * The site builds of one site folder, one after another in a long-lived Node process started by
 * builds.ts: Astro, Vite and the slow packages load once, so a build after the first costs about
 * half the CPU (a full build of the seeded site: 4.7 s of CPU in a new process, 1.9-2.4 s here).
 * Each build still bundles the site's code afresh and reads the content when it is asked for.
 *
 * The builder writes one line per build: the build's JSON (`{"env": {...}, "folder": "...",
 * "prepare": true}`). A prepared build does everything that depends only on the site's code
 * (the config, Vite bundling of pages and islands), prints PREPARED_LINE and waits for a line
 * `build` before rendering the pages, the only step that reads content. Every build ends with
 * RESULT_LINE and `ok` or `failed`; Astro's log is printed as `astro build` prints it.
 *
 * The process ends after a failed build and when its stdin closes: the builder retires it after
 * a number of builds, as each build's server bundle stays in Node's module cache.
 */
import { build } from 'astro';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Plugin } from 'vite';
import { PREPARED_LINE, RESULT_LINE, type SiteBuildRequest } from './site-build-protocol.ts';

// One stream keeps the log in order, so each build's log ends at its result line (Astro's
// warnings and the skipped records' lines go to stderr).
process.stderr.write = process.stdout.write.bind(process.stdout);

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
/** The next line from the builder; none (stdin closed) means no build will be asked for. */
async function nextLine() {
  const line = await lines.next();
  if (line.done) process.exit(0);
  return line.value;
}

/**
 * Packages the site's server bundle imports that take long to load; loaded while the first build
 * bundles, each rendering then finds them in Node's module cache.
 */
const SLOW_TO_LOAD = ['preact', 'preact/compat', 'preact-render-to-string', 'sharp'];

/** When the build was asked for: what the request waited for, against the time spent before it. */
let requestedAt = { wall: 0, cpu: { user: 0, system: 0 } };

/**
 * Vite runs `buildApp` hooks of order 'post' after Astro's own bundling of every environment
 * and before Astro's page generation (a later 'post' hook of an `enforce: 'post'` plugin).
 */
const waitForRelease = (prepare: boolean): Plugin => ({
  name: 'cms:wait-for-build-request',
  buildApp: {
    order: 'post',
    async handler() {
      await Promise.all(SLOW_TO_LOAD.map((name) => import(name)));
      if (!prepare) return;
      console.log(PREPARED_LINE);
      await nextLine();
      requestedAt = { wall: performance.now(), cpu: process.cpuUsage() };
    },
  },
});

/** Where the builder started this process. */
const home = process.cwd();

for (;;) {
  const request = JSON.parse(await nextLine()) as SiteBuildRequest;
  Object.assign(process.env, request.env);
  // Astro writes the server bundle under the working folder, and Node caches an imported module
  // by its path: a bundle written where the last one was would run as the last one, with its
  // content. Each build gets a folder of its own.
  mkdirSync(request.folder, { recursive: true });
  process.chdir(request.folder);
  requestedAt = { wall: performance.now(), cpu: process.cpuUsage() };
  try {
    await build({ root: path.resolve(import.meta.dirname, '../../site'), vite: { plugins: [waitForRelease(request.prepare)] } });
    // Out of the build's folder before it ends: the builder removes it (Windows refuses to remove a working folder).
    process.chdir(home);
    const cpu = process.cpuUsage(requestedAt.cpu);
    console.log(`[site-build] since the request: ${((performance.now() - requestedAt.wall) / 1000).toFixed(1)} s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`);
    console.log(`${RESULT_LINE} ok`);
  } catch (error) {
    process.chdir(home);
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    console.log(`${RESULT_LINE} failed`);
    process.exit(1);
  }
}
