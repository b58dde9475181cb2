/** Before each API test file: its own worker (worker.ts), stopped after the file. */
import { readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
import { startFileWorker } from './worker.ts';

const testFile = expect.getState().testPath;
const readsMail = testFile !== undefined && readFileSync(testFile, 'utf8').includes("from './mail.ts'");
const worker = await startFileWorker({ mailbox: readsMail });
afterAll(() => worker.stop());
