/**
 * The deploy workflow's reports to the worker (`POST /api/rebuild/report`), so the dashboard
 * follows a build it asked for.
 *
 *   node scripts/report-build.ts building            at the start; remembers the start time
 *   node scripts/report-build.ts finish <job status> at the end (success, failure, cancelled)
 *
 * Reads PUBLIC_API_URL, REBUILD_SECRET, BUILD_ID (the request's id; empty for a push to main:
 * then there is nothing to report), BUILD_LOG (file whose tail goes into a failure's message),
 * and on GitHub Actions GITHUB_ENV (to pass the start time to the last step). The log's tail is
 * redacted (secret variables' values, tokens, credentials) before it leaves. Only Node's own
 * modules: it runs before `npm ci`. A report that cannot be delivered is printed as a warning
 * and never fails the deploy itself.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The report route keeps at most this many characters of message. */
const MESSAGE_LIMIT = 2000;
const TAIL_LINES = 20;

export interface BuildReport {
  buildId: string;
  status: 'building' | 'succeeded' | 'failed';
  durationMs?: number;
  message?: string;
}

/** The last lines of the build log, without colour codes, short enough for the report. */
export function logTail(log: string, lines = TAIL_LINES, limit = MESSAGE_LIMIT - 100) {
  const plain = log.replace(/\u001b\[[0-9;]*m/g, '').trimEnd();
  const tail = plain.split('\n').slice(-lines).join('\n');
  return tail.length > limit ? `…${tail.slice(-limit)}` : tail;
}

const REDACTED = '[disembunyikan]';

/** Names of variables whose values are secret wherever they appear. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE|CREDENTIAL/i;

/** Token shapes a log may carry whatever the variable was called. */
const TOKEN_SHAPES: RegExp[] = [
  // GitHub tokens (classic and fine-grained, app and OAuth ones).
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b/g,
  // An Authorization header's credentials.
  /\b(Bearer|Basic|token)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  // `name=value` or `name: value` where the name says it is secret.
  /\b([A-Za-z_]*(?:token|secret|password|passwd|api[_-]?key|private[_-]?key|credential)[A-Za-z_]*)(["']?\s*[:=]\s*["']?)[^\s"',;]+/gi,
  // Credentials inside a URL.
  /(\/\/[^/\s:@]+:)[^@\s/]+@/g,
];

/**
 * The text with secrets replaced: the values of this process's secret variables, and anything
 * shaped like a token or a credential. The log it is used on is shown to staff in the dashboard.
 */
export function redact(text: string, env: NodeJS.ProcessEnv) {
  let redacted = text;
  for (const [name, value] of Object.entries(env)) {
    if (value && value.length >= 6 && SECRET_NAME.test(name)) redacted = redacted.split(value).join(REDACTED);
  }
  return TOKEN_SHAPES.reduce(
    (current, shape) =>
      current.replace(shape, (match: string, first?: string, second?: string) => {
        if (shape === TOKEN_SHAPES[1]) return `${first} ${REDACTED}`;
        if (shape === TOKEN_SHAPES[2]) return `${first}${second}${REDACTED}`;
        if (shape === TOKEN_SHAPES[3]) return `${first}${REDACTED}@`;
        return REDACTED;
      }),
    redacted,
  );
}

export function finishReport(env: NodeJS.ProcessEnv, jobStatus: string, nowMs: number): BuildReport {
  const startedAt = Number(env.BUILD_STARTED_AT);
  const durationMs = Number.isFinite(startedAt) && startedAt > 0 ? Math.max(0, nowMs - startedAt) : undefined;
  const commit = (env.GITHUB_SHA ?? '').slice(0, 7);
  if (jobStatus === 'success') {
    return { buildId: env.BUILD_ID!, status: 'succeeded', durationMs, message: commit ? `Deployed ${commit}.` : 'Deployed.' };
  }
  const log = env.BUILD_LOG && existsSync(env.BUILD_LOG) ? readFileSync(env.BUILD_LOG, 'utf8') : '';
  const head = `Build ${jobStatus === 'cancelled' ? 'cancelled' : 'failed'}${commit ? ` at ${commit}` : ''}.`;
  return { buildId: env.BUILD_ID!, status: 'failed', durationMs, message: log ? `${head}\n${logTail(redact(log, env))}` : head };
}

export async function sendReport(apiUrl: string, secret: string, report: BuildReport) {
  const response = await fetch(new URL('/api/rebuild/report', apiUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-rebuild-secret': secret },
    body: JSON.stringify({ ...report, message: report.message?.slice(0, MESSAGE_LIMIT) }),
  });
  if (!response.ok) throw new Error(`the worker answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

async function main([command, jobStatus = 'failure']: string[]) {
  const env = process.env;
  const now = Date.now();
  if (command === 'building' && env.GITHUB_ENV) appendFileSync(env.GITHUB_ENV, `BUILD_STARTED_AT=${now}\n`);
  if (!env.BUILD_ID) return console.log('No build request to report (a push or a manual run).');
  if (!env.PUBLIC_API_URL || !env.REBUILD_SECRET) return console.log('::warning::PUBLIC_API_URL or REBUILD_SECRET is not set: the build is not reported.');
  const report: BuildReport = command === 'building' ? { buildId: env.BUILD_ID, status: 'building' } : finishReport(env, jobStatus, now);
  try {
    await sendReport(env.PUBLIC_API_URL, env.REBUILD_SECRET, report);
    console.log(`Reported ${report.status} for build ${report.buildId}.`);
  } catch (error) {
    console.log(`::warning::Could not report the build: ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command] = process.argv.slice(2);
  if (command !== 'building' && command !== 'finish') {
    console.error('usage: node scripts/report-build.ts building | finish <job status>');
    process.exit(2);
  }
  await main(process.argv.slice(2));
}
