/**
 * The page a back-office test file drives: one browser context at 1400x900 whose dialogs are
 * accepted, signed in as the local admin unless the file tests signing in itself. What the page
 * met (its API calls, dropped requests, script errors) is printed when a test fails.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openBrowser } from '../../e2e/browser.ts';
import { base, adminPassword } from '../../e2e/product.ts';

/** A 1x1 PNG, for required pictures. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Fills the login form as a person would and presses Login. */
export async function login(target: Page, user = 'admin', secret = adminPassword) {
  await target.goto(`${base}/login`);
  await target.getByLabel('Username').fill(user);
  await target.getByLabel('Password', { exact: true }).fill(secret);
  await target.getByRole('button', { name: 'Login' }).click();
}

export interface StaffPage {
  browser: BrowserContext;
  page: Page;
}

/** Registers the file's hooks; the context and page are there from the file's first test on. */
export function staffPage({ signedIn = true } = {}): StaffPage {
  const held = {} as StaffPage;
  const events: string[] = [];
  beforeAll(async () => {
    held.browser = await openBrowser({ viewport: { width: 1400, height: 900 } });
    // A click waits for a renderer that a full run's builds and browsers can starve for seconds.
    held.browser.setDefaultTimeout(20_000);
    const page = (held.page = await held.browser.newPage());
    page.on('dialog', (dialog) => dialog.accept());
    page.on('requestfailed', (request) => events.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('response', (response) => response.url().includes('/api/') && events.push(`${response.status()} ${response.request().method()} ${response.url()}`));
    page.on('pageerror', (error) => events.push(`page error: ${error.message}`));
    if (signedIn) {
      await login(page);
      await page.waitForURL(`${base}/admin`);
    }
  });
  afterAll(() => held.browser?.close());
  beforeEach((context) => {
    events.splice(0);
    context.onTestFailed(() => console.log(`${context.task.name}: what the page met\n  ${events.join('\n  ') || '(nothing)'}`));
  });
  return held;
}
