/**
 * `npm run bench:upload`: measures a 50 MB upload through the local worker: wall time and how much
 * the Workers runtime's peak memory grows, for parsing alone (a refused type) and for a stored
 * upload (which locally includes the R2 simulator running in the same runtime). Linux only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ADMIN, migrateAndSeed, startWorker } from './lib/local.ts';
import { runtimeMemoryKb } from './lib/runtime-memory.ts';

const MB = 1024 * 1024;
const state = mkdtempSync(path.join(tmpdir(), 'cms-bench-'));
await migrateAndSeed(state);
const worker = await startWorker({ stateDir: state, port: 9600 + Math.floor(Math.random() * 100), assetsDir: path.join(state, 'www') });

const peakKb = () => runtimeMemoryKb(worker.process.pid!, 'VmHWM');

try {
  const login = await fetch(`${worker.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: worker.url },
    body: JSON.stringify(DEFAULT_ADMIN),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  for (const [label, route, expected] of [
    ['parse only (refused type)', '/api/upload', 400],
    ['stored in R2', '/api/files/upload', 201],
  ] as const) {
    const before = peakKb();
    const body = new FormData();
    body.append('file', new File([new Uint8Array(50 * MB)], 'fifty.bin'));
    const started = performance.now();
    const response = await fetch(worker.url + route, { method: 'POST', headers: { cookie, origin: worker.url }, body });
    const seconds = (performance.now() - started) / 1000;
    const growth = (peakKb() - before) / 1024;
    if (response.status !== expected) throw new Error(`${route} answered ${response.status}`);
    console.log(`50 MB upload, ${label}: ${seconds.toFixed(2)} s, runtime peak memory +${growth.toFixed(0)} MB (${(growth / 50).toFixed(1)}x the file)`);
  }
} finally {
  await worker.stop();
  rmSync(state, { recursive: true, force: true });
}
