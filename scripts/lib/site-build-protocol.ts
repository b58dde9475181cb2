/** What builds.ts and its long-lived build process (site-build.ts) say to each other. */

/** One build, sent as a line of JSON. */
export interface SiteBuildRequest {
  /** The build's environment: PUBLIC_API_URL, SITE_OUT_DIR, ASTRO_CACHE_DIR and the like. */
  env: Record<string, string>;
  /** A new folder for the build's intermediate files, inside the site's packages' reach. */
  folder: string;
  /** Bundle, then wait for a line `build` before rendering the pages. */
  prepare: boolean;
}

/** Printed once a prepared build has bundled and waits for the request. */
export const PREPARED_LINE = '[site-build] bundled; waiting for the build request to render the pages';
/** Ends each build's log, followed by `ok` or `failed`. */
export const RESULT_LINE = '[site-build] result:';
