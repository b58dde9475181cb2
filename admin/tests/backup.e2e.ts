/**
 * The dashboard's backup panel: the newest daily backup, downloaded by the Super Admin after
 * typing their password; and a restore (`npm run restore`) that the dashboard's build status
 * names as the reason for the next site build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, stateDir } from '../../e2e/product.ts';
import { openBrowser, keepScreenshot } from '../../e2e/browser.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let browser: BrowserContext;
let page: Page;
const files = mkdtempSync(path.join(tmpdir(), 'cms-backup-e2e-'));

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  browser.setDefaultTimeout(15_000);
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  rmSync(files, { recursive: true, force: true });
});

async function logIn() {
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect.poll(() => page.locator('h1').innerText()).toBe('Dashboard');
}

/**
 * `npm run backup|restore` on the running product's state, as its user would run them beside
 * `npm start`; the worker may hold the database busy for a moment, then the run is repeated.
 */
function cli(script: 'backup' | 'restore', args: string[]) {
  const state = stateDir;
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/node'), [path.join(ROOT, `scripts/${script}.ts`), ...args], {
      cwd: ROOT,
      env: { ...process.env, STATE_DIR: state, BACKUP_SECRET: '' },
      encoding: 'utf8',
    });
    const output = `${result.stdout}${result.stderr}`;
    if (result.status === 0 || !/SQLITE_BUSY|database is locked/.test(output) || attempt === 10) return { status: result.status, output };
    spawnSync('sleep', ['1']);
  }
}

describe('the backup panel', () => {
  // The restore comes first: the next test moves the product's clock to 2032, and the scheduled
  // work that run does (publications left by earlier files) asks for builds newer than the restore's.
  it('names a restore as the reason of the site build it asks for', async () => {
    const file = path.join(files, 'pemulihan-e2e.json');
    const made = cli('backup', ['--out', file]);
    expect(made.status, made.output).toBe(0);
    const restored = cli('restore', [file]);
    expect(restored.status, restored.output).toBe(0);
    // A restore signs everyone out.
    await page.goto(`${base}/admin`);
    await expect.poll(() => page.url()).toContain('/login');
    await logIn();
    const status = page.locator('.build-status');
    await expect.poll(() => status.innerText()).toContain('Pemulihan cadangan: pemulihan-e2e.json');
    // The restore could only record the build; the dashboard sends the call, and the builder takes it.
    await expect.poll(() => status.innerText(), { timeout: 60_000 }).toMatch(/^(Diminta|Sedang dibangun|Berhasil) · .* · Pemulihan cadangan: pemulihan-e2e\.json/);
  }, 300_000);

  it('shows the backup the Cron Trigger made and downloads it after the password check', async () => {
    // 02:30 in Jakarta on a day ahead of any other backup of this run.
    const time = Date.parse('2032-03-03T19:30:00Z');
    const fired = await fetch(`${base}/cdn-cgi/local/scheduled?${new URLSearchParams({ cron: '* * * * *', time: String(time) })}`);
    expect(fired.ok).toBe(true);
    await logIn();
    const panel = page.getByRole('heading', { name: 'Cadangan data terakhir' }).locator('xpath=..');
    await expect.poll(() => panel.innerText()).toMatch(/\d+ baris, \d+ file · [\d,]+ (kB|MB)/);
    // Signed with the local BACKUP_SECRET: no warning.
    expect(await panel.innerText()).not.toContain('BACKUP_SECRET belum diatur');
    await keepScreenshot(page, 'backup-panel-1280', { fullPage: true });

    const password = panel.getByLabel('Password Anda (konfirmasi untuk mengunduh)');
    const button = panel.getByRole('button', { name: 'Unduh cadangan terakhir' });
    await password.fill('bukan-password-saya');
    await button.click();
    await expect.poll(() => panel.getByRole('alert').innerText()).toBe('Password salah. Masukkan password akun Anda.');

    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'backup-panel-390');

    await password.fill(adminPassword);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('waste-cms-backup-2032-03-04.json');
    await expect.poll(() => panel.getByRole('status').innerText()).toContain('Cadangan diunduh');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
