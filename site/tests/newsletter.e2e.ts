/** The newsletter sign-up as a visitor meets it without JavaScript, and the pages its email links open. */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser } from '../../e2e/browser.ts';

const base = inject('baseUrl');
let noScript: BrowserContext;
beforeAll(async () => {
  noScript = await openBrowser({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
});
afterAll(() => noScript?.close());

/** The newest message the local EMAIL binding was given for an address, with its text part. */
async function lastEmailTo(address: string) {
  const list = (await (await fetch(`${base}/cdn-cgi/local/explorer/api/local/email/sending?per_page=100`)).json()) as { result: { messageId: string; to: string[] }[] };
  const found = list.result.find((email) => email.to.includes(address));
  if (!found) return null;
  const detail = (await (await fetch(`${base}/cdn-cgi/local/explorer/api/local/email/sending?${new URLSearchParams({ email_id: found.messageId })}`)).json()) as { result: { text: string } };
  return detail.result.text;
}

describe('newsletter without JavaScript', () => {
  it('signs up on the home page, confirms from the email, and a repeat says already subscribed', async () => {
    const page = await noScript.newPage();
    await page.goto(`${base}/`);
    const email = `tanpa-skrip-${Date.now()}@example.com`;
    await page.locator('#newsletter-email').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${base}/?newsletter=ok#newsletter-ok`);
    expect(await page.locator('#newsletter-ok').isVisible()).toBe(true);
    expect(await page.locator('#newsletter-ok').innerText()).toContain('Thank you for subscribing! Please check your email.');
    expect(await page.locator('#newsletter-duplicate').isVisible()).toBe(false);
    await page.screenshot({ path: '/tmp/newsletter-nojs-390.png' });

    let text: string | null = null;
    await expect.poll(async () => (text = await lastEmailTo(email))).not.toBeNull();
    const link = text!.match(/https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w.-]+/)![0];
    await page.goto(link);
    await page.waitForURL(`${base}/newsletter/confirmed`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Langganan Anda sudah aktif');
    await page.screenshot({ path: '/tmp/newsletter-confirmed-390.png' });

    await page.goto(`${base}/about-us`);
    await page.goto(`${base}/`);
    await page.locator('#newsletter-email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${base}/?newsletter=duplicate#newsletter-duplicate`);
    expect(await page.locator('#newsletter-duplicate').innerText()).toBe('This email is already subscribed.');
    expect(await page.locator('#newsletter-ok').isVisible()).toBe(false);
    await page.close();
  });

  it('with JavaScript, the form shows the server message for an address already subscribed', async () => {
    const browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const page = await browser.newPage();
    const email = `dengan-skrip-${Date.now()}@example.com`;
    const signUp = await fetch(`${base}/api/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    expect(signUp.status).toBe(201);
    let text: string | null = null;
    await expect.poll(async () => (text = await lastEmailTo(email))).not.toBeNull();
    await fetch(text!.match(/https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w.-]+/)![0], { redirect: 'manual' });
    await page.goto(`${base}/`);
    await page.locator('#newsletter-email').scrollIntoViewIfNeeded();
    await page.locator('astro-island:has(.newsletter-form):not([ssr])').waitFor();
    await page.locator('#newsletter-email').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.locator('.form-message').innerText()).toBe('This email is already subscribed.');
    await browser.close();
  });

  it('says so when a link was altered', async () => {
    const page = await noScript.newPage();
    await page.goto(`${base}/api/newsletter/unsubscribe?token=unsubscribe.abc.0.dipalsukan`);
    await page.waitForURL(`${base}/newsletter/invalid-link`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Tautan tidak valid');
    await page.close();
  });
});
