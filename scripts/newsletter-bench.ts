/**
 * `node scripts/newsletter-bench.ts [subscribers]`: how long the local worker takes to send one
 * newsletter issue to 2,000 (or the given number of) active subscribers through the simulated
 * Email Service binding, run by run of the Cron Trigger's job, and that each got exactly one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ADMIN, migrateAndSeed, startWorker } from './lib/local.ts';

const count = Number(process.argv[2] ?? 2000);
const state = mkdtempSync(path.join(tmpdir(), 'cms-newsletter-bench-'));
await migrateAndSeed(state);
const worker = await startWorker({ stateDir: state, port: 9700 + Math.floor(Math.random() * 100), assetsDir: path.join(state, 'www') });
try {
  const base = worker.url;
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify(DEFAULT_ADMIN) });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const headers = { origin: base, cookie };
  const csv = `email\n${Array.from({ length: count }, (_, i) => `pembaca-${i}@example.com`).join('\n')}\n`;
  const form = new FormData();
  form.append('file', new File([csv], 'bench.csv', { type: 'text/csv' }));
  let started = performance.now();
  const imported = (await (await fetch(`${base}/api/subscribe/import`, { method: 'POST', headers, body: form })).json()) as { message: string };
  console.log(`import of ${count} addresses: ${Math.round(performance.now() - started)} ms (${imported.message})`);

  const issue = (await (await fetch(`${base}/api/newsletter/issues`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ subject: 'Uji kecepatan', body: '<p>Halo!</p>' }) })).json()) as { data: { _id: string } };
  const id = issue.data._id;
  const queued = (await (await fetch(`${base}/api/newsletter/issues/${id}/send`, { method: 'POST', headers })).json()) as { data: { progress: { total: number } } };
  const total = queued.data.progress.total;
  started = performance.now();
  for (let run = 1; ; run++) {
    const runStart = performance.now();
    await worker.runScheduled();
    const progress = ((await (await fetch(`${base}/api/newsletter/issues/${id}`, { headers })).json()) as { data: { status: string; progress: { sent: number; failed: number; left: number } } }).data;
    console.log(`run ${run}: ${Math.round(performance.now() - runStart)} ms, sent ${progress.progress.sent}, failed ${progress.progress.failed}, left ${progress.progress.left}`);
    if (progress.status === 'sent') break;
  }
  const elapsed = performance.now() - started;
  console.log(`sent ${total} emails in ${(elapsed / 1000).toFixed(1)} s of job time (${Math.round((total / elapsed) * 60_000)} a minute)`);

  const recipients: string[] = [];
  let cursor = '';
  for (;;) {
    const query = new URLSearchParams({ per_page: '100', ...(cursor ? { cursor } : {}) });
    const page = (await (await fetch(`${base}/cdn-cgi/local/explorer/api/local/email/sending?${query}`)).json()) as { result: { subject: string; to: string[] }[]; result_info: { has_more: boolean; cursor?: string } };
    recipients.push(...page.result.filter((email) => email.subject === 'Uji kecepatan').flatMap((email) => email.to));
    if (!page.result_info.has_more || !page.result_info.cursor) break;
    cursor = page.result_info.cursor;
  }
  console.log(`the binding got ${recipients.length} emails for ${new Set(recipients).size} different addresses`);
} finally {
  await worker.stop();
  rmSync(state, { recursive: true, force: true });
}
