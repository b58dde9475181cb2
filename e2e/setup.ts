/** Run in every browser test file: its shared browser closes after the file's own hooks. */
import { afterAll } from 'vitest';
import { closeBrowser } from './browser.ts';

afterAll(closeBrowser);
