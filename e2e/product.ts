/**
 * The product this test process drives, held for it alone: files run side by side, each process
 * against its own product (e2e/global-setup.ts), so no file sees another's writes, builds or
 * restores while it runs. A test process runs its files one after another and loads this module
 * once (isolate: false), so a lease lasts as long as the process. A lease is a file made with
 * O_EXCL naming the holding process; a lease whose process has died is taken over.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
// What the global setup provides to inject(), typed.
import type {} from './context.d.ts';
import { backgroundSetupDone } from '../scripts/lib/background-setup.ts';
import { HOLD_BUILDS_FILE } from './markers.ts';

const products = inject('products');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function tryLease(lease: string) {
  try {
    const fd = openSync(lease, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lease, 'utf8'));
    // A lease still being written has no pid yet: its maker is alive.
    if (holder && !alive(holder)) {
      rmSync(lease, { force: true });
      writeFileSync(path.join(path.dirname(lease), HOLD_BUILDS_FILE), '');
    }
    return false;
  }
}

async function claim() {
  await backgroundSetupDone(inject('productsFolder'), "starting the browser tests' products", 300_000);
  // The pool runs no more files at once than there are products; a file that just ended may not have let go yet.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    for (const product of products) {
      const lease = path.join(product.stateDir, 'e2e-lease');
      if (tryLease(lease)) {
        process.once('exit', () => rmSync(lease, { force: true }));
        return product;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('every product stayed leased for a minute');
}

const product = await claim();
/** The product's address (worker, admin and site on one port). */
export const base = product.baseUrl;
/** Its local D1/R2 folder, for tests that write to D1 directly or run the backup scripts. */
export const stateDir = product.stateDir;
export const adminPassword = inject('adminPassword');
/** While this file exists, the product's builder holds the site builds asked for (global-setup.ts). */
const holdFile = path.join(stateDir, HOLD_BUILDS_FILE);

/**
 * Lets the product's saves rebuild the public site while this file runs, for files that save and
 * then read the site. Otherwise a product holds its builds (global-setup.ts): most files never look
 * at the public site, and their saves would each rebuild it for nobody. The builds held until now
 * run first, as one.
 */
export function rebuildSiteOnSave() {
  rmSync(holdFile, { force: true });
  afterAll(() => writeFileSync(holdFile, ''));
}

/** Runs `work` with the product's site builds held, then lets what it asked for run as one build. */
export async function oneSiteBuildFor(work: () => Promise<void>) {
  writeFileSync(holdFile, '');
  try {
    await work();
  } finally {
    rmSync(holdFile, { force: true });
  }
}

/** Whether this file's product holds its site builds (see rebuildSiteOnSave). */
export const holdsSiteBuilds = () => existsSync(holdFile);
