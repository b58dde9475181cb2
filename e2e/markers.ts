import path from 'node:path';

/** Files by which the global setup and the browser test files tell each other what they may do. */

/**
 * While this file exists in a product's state folder, its site builds wait (global-setup.ts
 * makes it once the first builds are done; product.ts lifts it for files that rebuild the site).
 */
export const HOLD_BUILDS_FILE = 'e2e-hold-builds';

/** The products' own log (their builds and which file drives each), kept after the run for a failure's story. */
export const PRODUCT_LOG = path.resolve(import.meta.dirname, '../.build/test/e2e-product.log');
