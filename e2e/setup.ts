/** Run in every browser test file: it names itself in its product's log, and the contexts it left open close after its own hooks. */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { closeContexts } from './browser.ts';
import { PRODUCT_LOG } from './markers.ts';
import { stateDir } from './product.ts';

const file = path.relative(path.resolve(import.meta.dirname, '..'), expect.getState().testPath ?? '');
appendFileSync(PRODUCT_LOG, `${new Date().toISOString()} [${path.basename(stateDir)}] ${file} starts\n`);
afterAll(closeContexts);
