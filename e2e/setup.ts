/** Run in every browser test file: the contexts it left open close after the file's own hooks. */
import { afterAll } from 'vitest';
import { closeContexts } from './browser.ts';

afterAll(closeContexts);
