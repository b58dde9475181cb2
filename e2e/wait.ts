import { holdsSiteBuilds } from './product.ts';

/**
 * Waits in a hook, where expect.poll is not available: asks `check` every 250 ms until it answers
 * true, and fails with `what` after `timeout` ms (a site rebuild after saves, on a loaded machine).
 */
export async function until(what: string, check: () => Promise<boolean>, timeout: number) {
  for (const deadline = Date.now() + timeout; ; ) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`waited ${timeout / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Site builds not yet ended: asked, sent to the builder, or running. */
const UNFINISHED_BUILDS = ['pending', 'sent', 'building'];

/**
 * Waits until no site build of the product is under way: files that ran before on this product,
 * or this file's own saves, may still be rebuilding it, and a build ending mid-test swaps the
 * pages and the search index under the browser. A product holding its builds builds nothing
 * meanwhile: its site is settled already.
 */
export async function untilSiteBuildsEnd(base: string, cookie: string, timeout = 240_000) {
  if (holdsSiteBuilds()) return;
  await until(
    'the running site builds to end',
    async () => {
      const builds = (await (await fetch(`${base}/api/rebuild`, { headers: { cookie } })).json()) as { data: { status: string }[] };
      return !builds.data.some((build) => UNFINISHED_BUILDS.includes(build.status));
    },
    timeout,
  );
}
