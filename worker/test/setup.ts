/** Before each API test file: its own worker (worker.ts), stopped after the file. */
import { afterAll } from 'vitest';
import { startFileWorker } from './worker.ts';

const worker = await startFileWorker();
afterAll(() => worker.stop());
