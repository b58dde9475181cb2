/** The dashboard's backup panel: the newest daily backup, and its download for staff allowed to read backups. */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser } from '../../e2e/browser.ts';

const base = inject('baseUrl');
let browser: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  browser.setDefaultTimeout(15_000);
  page = await browser.newPage();
});
afterAll(() => browser?.close());

describe('the backup panel', () => {
  it('shows the backup the Cron Trigger made and offers its download', async () => {
    // 02:30 in Jakarta on a day ahead of any other backup of this run.
    const time = Date.parse('2032-03-03T19:30:00Z');
    const fired = await fetch(`${base}/cdn-cgi/local/scheduled?${new URLSearchParams({ cron: '* * * * *', time: String(time) })}`);
    expect(fired.ok).toBe(true);
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Dashboard');
    const panel = page.getByRole('heading', { name: 'Cadangan data terakhir' }).locator('xpath=..');
    await expect.poll(() => panel.innerText()).toMatch(/\d+ baris, \d+ file · [\d,]+ (kB|MB)/);
    await page.screenshot({ path: '/tmp/backup-panel-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/backup-panel-390.png' });

    const link = panel.getByRole('link', { name: 'Unduh cadangan terakhir' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('waste-cms-backup-2032-03-04.json');
  });
});
