/**
 * `npm run bench`: measures a 50 MB upload through the local worker: wall time and how much
 * the Workers runtime's peak memory grows, for parsing alone (a refused type) and for a stored
 * upload (which locally includes the R2 simulator running in the same runtime). Linux only.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ADMIN, migrate, seedIfEmpty, startWorker } from './lib/local.ts';

const MB = 1024 * 1024;
const state = mkdtempSync(path.join(tmpdir(), 'cms-bench-'));
migrate(state);
await seedIfEmpty(state);
const worker = await startWorker({ stateDir: state, port: 9600 + Math.floor(Math.random() * 100), assetsDir: path.join(state, 'www') });

const parentOf = (pid: string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]!;
/** The runtime processes started by our wrangler, not other workers on the machine. */
const runtimePids = () =>
  readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('workerd')) return false;
        for (let p = pid; p !== '0' && p !== '1'; p = parentOf(p)) if (p === String(worker.process.pid)) return true;
      } catch {
        // the process ended while we looked
      }
      return false;
    });
const peakKb = () => runtimePids().reduce((sum, pid) => sum + Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)![1]), 0);

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
