import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keepSiteBuildReady } from './lib/builds.ts';
const state = mkdtempSync(path.join(tmpdir(), 'cms-probe-'));
const stop = await keepSiteBuildReady('http://127.0.0.1:1', path.join(state, 'site'), state);
await new Promise((r) => setTimeout(r, 25000));
console.log(state);
await stop();
