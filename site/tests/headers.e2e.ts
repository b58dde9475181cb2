/** Security headers and Content-Security-Policy of the public pages and the admin, as a browser meets them. */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword } from '../../e2e/product.ts';
import { openBrowser, signInAsAdmin } from '../../e2e/browser.ts';

let browser: BrowserContext;

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  browser.setDefaultTimeout(15_000);
});
afterAll(() => browser?.close());

/** Opens a page that records every CSP violation and console error it meets. */
async function watchedPage() {
  const page = await browser.newPage();
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
    (window as unknown as { __violations: string[] }).__violations = [];
  });
  // A failed load names only its status in the text: the address is the message's location.
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()} ${message.location().url}`.trim()));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const violations = async () => [...problems, ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations))];
  return { page, violations };
}

/** The newest published vision whose page is built: a product holding its builds may have newer ones without pages. */
const firstVisionPath = async () => {
  const list = (await (await fetch(`${base}/api/vision?published=true&limit=100`)).json()) as { data: Array<{ slug: string }> };
  for (const { slug } of list.data) if ((await fetch(`${base}/vision/${slug}`)).status === 200) return `/vision/${slug}`;
  throw new Error('no published vision has a built page');
};

describe('headers', () => {
  it('sends a CSP with script hashes, no framing, a referrer and a permissions policy on public pages', async () => {
    for (const path of ['/', await firstVisionPath(), '/this-page-does-not-exist']) {
      const response = await fetch(base + path);
      const csp = response.headers.get('content-security-policy') ?? '';
      // The search's WebAssembly may be compiled ('wasm-unsafe-eval'); JavaScript eval() may not.
      expect(csp, path).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain("'unsafe-eval'");
      expect(csp.match(/script-src[^;]*/)![0], path).not.toContain('unsafe-inline');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('origin-agent-cluster'), path).toBe('?1');
    }
  });

  it('sends a CSP without inline scripts on the admin and the login page', async () => {
    for (const path of ['/admin', '/login', '/admin/vision']) {
      const response = await fetch(base + path, { redirect: 'manual' });
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp.match(/script-src[^;]*/)?.[0], path).toBe("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('origin-agent-cluster'), path).toBe('?1');
    }
  });
});

describe('caching', () => {
  it('keeps the content-hashed scripts and styles for a year, and asks again for pages', async () => {
    for (const [pagePath, hashedFile] of [['/', /\/_astro\/[^"']+\.(?:js|css)/], ['/admin', /\/admin\/assets\/[^"']+\.js/]] as const) {
      const page = await fetch(base + pagePath);
      expect(page.headers.get('cache-control'), pagePath).toBe('public, max-age=0, must-revalidate');
      const file = (await page.text()).match(hashedFile)?.[0];
      expect(file, pagePath).toBeTruthy();
      expect((await fetch(base + file)).headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
    }
    // An address under the admin's files that names no file is the admin's page, never kept.
    expect((await fetch(`${base}/admin/assets/gone-1234.js`)).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('opens the admin a second time without asking the server for its scripts again', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').waitFor();
    // What the browser answers from its own cache, as its network log tells.
    const network = await browser.newCDPSession(page);
    await network.send('Network.enable');
    const asked = new Map<string, string>();
    const fromCache = new Set<string>();
    network.on('Network.requestWillBeSent', ({ requestId, request }) => asked.set(requestId, new URL(request.url).pathname));
    network.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').waitFor();
    const scripts = [...asked].filter(([, path]) => path.startsWith('/admin/assets/'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(([id]) => !fromCache.has(id)).map(([, path]) => path)).toEqual([]);
    await page.close();
  });
});

describe('the admin\'s first page', () => {
  it('asks for the session while its screens load, once, and shows the list', async () => {
    const context = await openBrowser({ viewport: { width: 1280, height: 900 } });
    await signInAsAdmin(await context.newPage(), base, adminPassword);
    // A tab of its own: the sign-in tab's dashboard may still be asking for things.
    const page = await context.newPage();
    // Requests started and finished, in order.
    const events: string[] = [];
    page.on('request', (request) => events.push(`asked ${new URL(request.url()).pathname}`));
    page.on('requestfinished', (request) => events.push(`done ${new URL(request.url()).pathname}`));
    await page.goto(`${base}/admin/vision`);
    await page.locator('tbody tr').first().waitFor();
    expect(events.filter((event) => event === 'asked /api/auth/me')).toHaveLength(1);
    // Asked while the screen's chunk is still on its way, not after it.
    const screenChunk = events.findIndex((event) => /^done \/admin\/assets\/CollectionRoute-[^/]+\.js$/.test(event));
    expect(screenChunk).toBeGreaterThan(-1);
    expect(events.indexOf('asked /api/auth/me')).toBeLessThan(screenChunk);
    await context.close();
  });
});

describe('nothing the pages use is blocked', () => {
  const visit = async (page: Page, path: string) => {
    const response = await page.goto(base + path);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
  };

  it('runs the home page, its menu and an article without a CSP violation', async () => {
    const { page, violations } = await watchedPage();
    await visit(page, '/');
    // The header menu's inline script works at phone width.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.locator('[data-menu-toggle]').click();
    await expect.poll(() => page.locator('#mobile-nav').isVisible()).toBe(true);
    await visit(page, await firstVisionPath());
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('runs the admin editor without a CSP violation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${base}/admin`);
    await page.goto(`${base}/admin/vision`);
    await page.getByRole('button', { name: /Tambah/ }).first().click();
    const editor = page.locator('.ProseMirror').first();
    await editor.click();
    await page.keyboard.type('Teks dengan gaya');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+b');
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    await page.close();
  });
});
