/**
 * The newsletter sign-up as a visitor meets it without JavaScript and before its island has
 * hydrated, and the pages its email links open (their buttons act; opening them does not).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base } from '../../e2e/product.ts';
import { emailParts, sentEmails } from '../../e2e/mail.ts';
import { openBrowser, keepScreenshot } from '../../e2e/browser.ts';

let noScript: BrowserContext;
beforeAll(async () => {
  noScript = await openBrowser({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
});
afterAll(() => noScript?.close());

/** The newest message the local EMAIL binding was given for an address, with its text part. */
async function lastEmailTo(address: string) {
  const found = (await sentEmails()).find((email) => email.to.includes(address));
  return found ? (await emailParts(found)).text : null;
}

/** Counts the emails the local EMAIL binding was given for an address. */
async function emailsTo(address: string) {
  return (await sentEmails()).filter((email) => email.to.includes(address)).length;
}

describe('newsletter without JavaScript', () => {
  it('signs up on the home page, confirms with the button of the emailed page, and a repeat is answered as a new sign-up', async () => {
    const page = await noScript.newPage();
    await page.goto(`${base}/`);
    const email = `tanpa-skrip-${Date.now()}@example.com`;
    await page.locator('#newsletter-email').fill(email);
    await page.getByRole('button', { name: 'Berlangganan', exact: true }).click();
    await page.waitForURL(`${base}/?newsletter=ok#newsletter-ok`);
    expect(await page.locator('#newsletter-ok').isVisible()).toBe(true);
    expect(await page.locator('#newsletter-ok').innerText()).toContain('Terima kasih telah berlangganan! Silakan periksa email Anda.');
    await keepScreenshot(page, 'newsletter-nojs-390');

    let text: string | null = null;
    await expect.poll(async () => (text = await lastEmailTo(email))).not.toBeNull();
    const link = text!.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/)![0];
    // Opening the link shows a page and changes nothing; its button confirms.
    await page.goto(link);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Konfirmasi langganan newsletter');
    await keepScreenshot(page, 'newsletter-confirm-page-390');
    await page.goto(`${base}/`);
    await page.goto(link);
    await page.getByRole('button', { name: 'Konfirmasi langganan' }).click();
    await page.waitForURL(`${base}/newsletter/confirmed`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Langganan Anda sudah aktif');
    await keepScreenshot(page, 'newsletter-confirmed-390');

    await page.goto(`${base}/about-us`);
    await page.goto(`${base}/`);
    await page.locator('#newsletter-email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Berlangganan', exact: true }).click();
    await page.waitForURL(`${base}/?newsletter=ok#newsletter-ok`);
    expect(await page.locator('#newsletter-ok').isVisible()).toBe(true);
    expect(await emailsTo(email)).toBe(1);
    await page.close();
  });

  it('with JavaScript, the form answers an address already subscribed as a new one', async () => {
    const browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const page = await browser.newPage();
    const email = `dengan-skrip-${Date.now()}@example.com`;
    const signUp = await fetch(`${base}/api/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    expect(signUp.status).toBe(201);
    let text: string | null = null;
    await expect.poll(async () => (text = await lastEmailTo(email))).not.toBeNull();
    expect((await fetch(text!.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/)![0], { method: 'POST', redirect: 'manual' })).headers.get('location')).toBe('/newsletter/confirmed');
    await page.goto(`${base}/`);
    await page.locator('#newsletter-email').scrollIntoViewIfNeeded();
    await page.locator('astro-island:has(.newsletter-form):not([ssr])').waitFor();
    await page.locator('#newsletter-email').fill(email);
    await page.getByRole('button', { name: 'Berlangganan', exact: true }).click();
    await expect.poll(() => page.locator('.form-message').innerText()).toContain('Terima kasih telah berlangganan! Silakan periksa email Anda.');
    await browser.close();
  });

  it('unsubscribes with the button of the page the link opens, and says so when a link was altered', async () => {
    const page = await noScript.newPage();
    await page.goto(`${base}/api/newsletter/unsubscribe?token=unsubscribe.abc.0.dipalsukan`);
    await page.waitForURL(`${base}/newsletter/unsubscribe?token=unsubscribe.abc.0.dipalsukan`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Berhenti berlangganan?');
    await keepScreenshot(page, 'newsletter-unsubscribe-page-390');
    await page.getByRole('button', { name: 'Berhenti berlangganan' }).click();
    await page.waitForURL(`${base}/newsletter/invalid-link`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Tautan tidak valid');
    await page.close();
  });
});

describe('newsletter form before its island hydrates', () => {
  /** Holds the island's script back until `release` is called (or, with `abort`, never sends it). */
  async function holdIsland(page: Page, abort = false) {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Astro retries a failed island script with `?astro-retry=`: held or refused as well.
    await page.route(/\/_astro\/NewsletterForm[^/?]*\.js(\?.*)?$/, async (route) => {
      if (abort) return route.abort();
      await gate;
      await route.continue();
    });
    return release;
  }

  it("shows 'Mendaftarkan...' when pressed right after load, then sends through the island once it is there", async () => {
    const browser = await openBrowser({ viewport: { width: 390, height: 844 } });
    const page = await browser.newPage();
    const release = await holdIsland(page);
    await page.goto(`${base}/`, { waitUntil: 'domcontentloaded' });
    const email = `sebelum-hidrasi-${Date.now()}@example.com`;
    await page.locator('#newsletter-email').fill(email);
    await page.getByRole('button', { name: 'Berlangganan', exact: true }).click();
    await expect.poll(() => page.locator('.newsletter-form button').innerText()).toBe('Mendaftarkan...');
    expect(await page.locator('.newsletter-form button').isDisabled()).toBe(true);
    // The native post did not win: the page's early handler holds it for the island (the mark), and the page is still the one the visitor is on.
    expect(await page.locator('.newsletter-form').getAttribute('data-pending')).toBe('1');
    expect(page.url()).toBe(`${base}/`);
    expect(await page.locator('astro-island:has(.newsletter-form)').getAttribute('ssr')).not.toBeNull();
    release();
    await expect.poll(() => page.locator('.form-message').innerText(), { timeout: 15_000 }).toContain('Terima kasih telah berlangganan! Silakan periksa email Anda.');
    expect(page.url()).toBe(`${base}/`);
    await expect.poll(() => emailsTo(email)).toBe(1);
    await browser.close();
  });

  it('posts the plain way when the island never comes, still showing the sending state first', async () => {
    const browser = await openBrowser({ viewport: { width: 390, height: 844 } });
    const page = await browser.newPage();
    await holdIsland(page, true);
    await page.goto(`${base}/`, { waitUntil: 'domcontentloaded' });
    const email = `tanpa-pulau-${Date.now()}@example.com`;
    await page.locator('#newsletter-email').fill(email);
    await page.getByRole('button', { name: 'Berlangganan', exact: true }).click();
    await expect.poll(() => page.locator('.newsletter-form button').innerText()).toBe('Mendaftarkan...');
    await page.waitForURL(`${base}/?newsletter=ok#newsletter-ok`, { timeout: 15_000 });
    expect(await page.locator('#newsletter-ok').isVisible()).toBe(true);
    await expect.poll(() => emailsTo(email)).toBe(1);
    await browser.close();
  });
});
