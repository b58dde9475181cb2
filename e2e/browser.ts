/** Debian's chromium driven by playwright-core, offline and with a fresh profile per launch. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A new browser context with its own empty profile; close it when done. */
export async function openBrowser(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const profile = mkdtempSync(path.join(tmpdir(), 'cms-chromium-'));
  return chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, ...options });
}

/** Signs in as the local admin on the login page, as a person would, and waits for the dashboard. */
export async function signInAsAdmin(page: Page, base: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${base}/admin`);
}
