/**
 * A user allowed only Vision articles, as the day found them: the role made in the role editor
 * by its module toggles, the user signed in at 1280 and 390 px. They land on a working page,
 * the menu offers only what they may open, and the subscribers' address says it is not theirs
 * instead of "Belum ada subscriber". Presets and the warning for a role that opens nothing are
 * tried in the same editor.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { PERMISSION_PRESETS } from '@cms/worker/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword } from '../../e2e/product.ts';
import { axeCheck } from '../../e2e/axe.ts';
import { keepScreenshot, openBrowser, signIn, signInAsAdmin } from '../../e2e/browser.ts';

const NO_PERMISSION = 'Anda tidak memiliki izin untuk membuka halaman ini.';
const ROLE = `Vision saja ${Date.now().toString(36)}`;
const USERNAME = `penulis-${Date.now().toString(36)}`;
const PASSWORD = 'rahasia-vision-1';

type Row = Record<string, unknown> & { _id: string };
let admin: BrowserContext;
let cookie = '';

const apiCall = async (method: string, route: string, body?: FormData | string) => {
  const headers: Record<string, string> = { cookie, origin: base };
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  return (await (await fetch(`${base}/api/${route}`, { method, headers, body })).json()) as { success: boolean; data: Row & Row[]; message: string };
};

/** Serious and critical axe findings on the page as it is. */
const seriousViolations = async (page: Page) =>
  (await axeCheck(page).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

const summary = (page: Page) => page.locator('.permission-summary').innerText();
const moduleToggle = (page: Page, module: string, name: string) => page.getByRole('group', { name: module, exact: true }).getByRole('checkbox', { name, exact: true });

beforeAll(async () => {
  admin = await openBrowser({ viewport: { width: 1280, height: 900 } });
  admin.setDefaultTimeout(20_000);
  const page = await admin.newPage();
  await signInAsAdmin(page, base, adminPassword);
  cookie = (await admin.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
  await page.close();
  // Someone has signed up, so an empty subscribers list would be a lie.
  await fetch(`${base}/api/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: `${USERNAME}@example.org` }) });
});
afterAll(() => admin?.close());

describe('the role editor', () => {
  it('makes a Vision-only role with the module toggle, and its user with it', async () => {
    const page = await admin.newPage();
    await page.goto(`${base}/admin/users/role`);
    await page.getByRole('button', { name: '+ Tambah Role' }).click();
    await page.getByLabel(/^Name/).fill(ROLE);
    await expect.poll(() => summary(page)).toMatch(/^0 dari \d+ izin dipilih\. Belum membuka halaman apa pun/);
    await moduleToggle(page, 'Vision', 'Semua').check();
    expect(await moduleToggle(page, 'Vision', 'Baca').isChecked()).toBe(true);
    expect(await moduleToggle(page, 'Vision', 'Tulis').isChecked()).toBe(true);
    expect(await moduleToggle(page, 'Vision & Mission', 'Semua').isChecked()).toBe(false);
    expect(await summary(page)).toMatch(/^9 dari \d+ izin dipilih\. Membuka 2 halaman: Dashboard, Manage Vision\.$/);
    await keepScreenshot(page, 'role-editor-1280', { fullPage: true });
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('berhasil');

    const roles = await apiCall('GET', 'role?limit=1000');
    const role = roles.data.find((row) => row.name === ROLE)!;
    expect((role.permissions as Array<{ name: string }>).map((p) => p.name).sort()).toEqual(
      ['approve', 'create', 'delete', 'export', 'import', 'list', 'read', 'reject', 'update'].map((action) => `vision.${action}`),
    );
    const form = new FormData();
    for (const [key, value] of Object.entries({ username: USERNAME, email: `${USERNAME}@example.org`, password: PASSWORD, fullName: 'Penulis Vision', role: role._id })) form.append(key, value);
    expect((await apiCall('POST', 'user', form)).success).toBe(true);
    await page.close();
  });

  it('fills a role from a preset and warns before saving one that opens nothing', async () => {
    const page = await admin.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/admin/users/role`);
    await page.getByRole('button', { name: '+ Tambah Role' }).click();
    await page.getByLabel(/^Name/).fill(`Kosong ${Date.now().toString(36)}`);
    await expect.poll(() => summary(page)).toMatch(/^0 dari/);
    const editor = page.getByRole('group', { name: 'Preset izin' }).getByRole('button', { name: 'Editor', exact: true });
    await editor.click();
    expect(await editor.getAttribute('aria-pressed')).toBe('true');
    for (const module of ['Vision', 'SEO', 'File', 'Redirects']) expect(await moduleToggle(page, module, 'Tulis').isChecked(), module).toBe(true);
    expect(await moduleToggle(page, 'Email Subscribers', 'Baca').isChecked()).toBe(false);
    const editorPermissions = PERMISSION_PRESETS.find((preset) => preset.name === 'Editor')!.permissions.length;
    expect(await summary(page)).toMatch(new RegExp(`^${editorPermissions} dari \\d+ izin dipilih\\. Membuka \\d+ halaman: Dashboard, Manage Hero Section, Manage Vision, Manage \\w+ dan \\d+ lainnya\\.$`));
    await keepScreenshot(page, 'role-editor-390', { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Kosongkan' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    const warning = page.getByRole('dialog', { name: 'Role ini tidak membuka halaman apa pun' });
    await warning.waitFor();
    await keepScreenshot(page, 'role-opens-nothing-390');
    await warning.getByRole('button', { name: 'Kembali memilih izin' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(await page.getByRole('form', { name: 'Tambah data' }).isVisible()).toBe(true);
    await page.close();
  });
});

describe.each([1280, 390])('the Vision-only user at %i px', (width) => {
  let browser: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width, height: width < 500 ? 844 : 900 } });
    browser.setDefaultTimeout(20_000);
    page = await browser.newPage();
    await signIn(page, base, USERNAME, PASSWORD);
  });
  afterAll(() => browser?.close());

  it('lands on a working dashboard of what they may see', async () => {
    await expect.poll(() => page.locator('h1').innerText()).toBe('Dashboard');
    await page.getByRole('heading', { name: 'Konten per bagian' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('Gagal');
    expect(await page.getByRole('table').last().locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/^Manage Vision\s+\d+\s+\d+$/)]);
    expect(await page.getByRole('link', { name: 'Tulis Vision' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Lihat subscribers' }).count()).toBe(0);
    // A long user name is cut short in the top bar, and a long record title in the recent activity
    // breaks (in a full run another file's long-titled vision is there): the page keeps the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await keepScreenshot(page, `vision-only-dashboard-${width}`, { fullPage: true });
  });

  it('has only the permitted entries in the menu', async () => {
    if (width < 800) await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await menu.getByRole('link', { name: 'Manage Vision' }).waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Manage Vision']);
    expect(await menu.getByRole('button').allTextContents()).toEqual(['Konten']);
    await keepScreenshot(page, `vision-only-menu-${width}`);
    await menu.getByRole('link', { name: 'Manage Vision' }).click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Manage Vision');
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: '+ Tambah Vision' }).click();
    await page.getByRole('form', { name: 'Tambah data' }).getByRole('button', { name: 'Simpan' }).waitFor();
    // The file store is not theirs to browse: no button that would only be refused.
    expect(await page.getByRole('button', { name: /^Pilih dari file yang ada/ }).count()).toBe(0);
  });

  it('is told the subscribers are not theirs when the address is typed', async () => {
    for (const address of ['subscribers', 'subscribe']) {
      await page.goto(`${base}/admin/${address}`);
      await expect.poll(() => page.getByRole('alert').innerText()).toContain(NO_PERMISSION);
      expect(await page.locator('h1').innerText()).toBe('Email Subscribers');
      expect(await page.locator('main').innerText()).not.toContain('Belum ada subscriber');
      expect(page.url()).toBe(`${base}/admin/subscribe`);
    }
    await keepScreenshot(page, `vision-only-subscribers-${width}`, { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
