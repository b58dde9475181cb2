import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite, keepSiteBuildReady } from './lib/builds.ts';
import { migrate, seedIfEmpty, startWorker } from './lib/local.ts';
const state = mkdtempSync(path.join(tmpdir(), 'cms-probe-'));
migrate(state); await seedIfEmpty(state);
const worker = await startWorker({ stateDir: state, port: 9400 + Math.floor(Math.random() * 90), assetsDir: path.join(state, 'www') });
const siteDir = path.join(state, 'site');
const stop = await keepSiteBuildReady(worker.url, siteDir, state);
for (let i = 0; i < 4; i++) {
  if (i > 0) await new Promise((r) => setTimeout(r, 8000));
  const t = performance.now();
  const r = await buildSite(worker.url, siteDir, state);
  console.log(`build ${i}: ${r.ok} ${((performance.now() - t) / 1000).toFixed(2)} s`);
  if (i === 3) console.log(r.output.split('\n').slice(-60).join('\n'));
}
await stop(); await worker.stop(); rmSync(state, { recursive: true, force: true });
