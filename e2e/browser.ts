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

/** Signs in on the login page, as a person would, and waits for the admin to open. */
export async function signIn(page: Page, base: string, username: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${base}/admin**`);
}

/** Signs in as the local admin and waits for the dashboard. */
export async function signInAsAdmin(page: Page, base: string, password: string) {
  await signIn(page, base, 'admin', password);
  await page.waitForURL(`${base}/admin`);
}

/** A session cookie of the local admin, signed in through the API, for requests tests make themselves. */
export async function adminCookie(base: string, password: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

/**
 * Runs a timed step five times and answers the median of the milliseconds each run reports
 * (one slow run on a busy machine does not decide), logging every figure.
 */
export async function medianOfFive(label: string, run: (attempt: number) => Promise<number>) {
  const times: number[] = [];
  for (let attempt = 1; attempt <= 5; attempt++) times.push(await run(attempt));
  const median = [...times].sort((a, b) => a - b)[2]!;
  console.log(`${label}, ms: ${times.join(', ')} (median ${median})`);
  return median;
}
