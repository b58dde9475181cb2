/**
 * A staff member protects their account: they turn on an authenticator app by its QR code's
 * secret and sign in with its code; a colleague whose role requires a second factor is led to
 * add a passkey at sign-in (Chromium's virtual authenticator), then signs in with it without
 * typing a username, and cannot remove that last passkey. The browser is on `localhost`: a
 * passkey needs a host name, not an IP address.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt, stepAt } from '../../worker/src/auth/totp.ts';
import { adminCookie, openBrowser } from '../../e2e/browser.ts';
import { adminPassword, base } from '../../e2e/product.ts';

const site = base.replace('127.0.0.1', 'localhost');
const PASSWORD = 'rahasia-faktor-1';
let cookie = '';
let context: BrowserContext;

type Row = { _id: string } & Record<string, unknown>;
const apiCall = async (method: string, route: string, body?: FormData) =>
  (await (await fetch(`${base}/api/${route}`, { method, headers: { cookie, origin: base }, body })).json()) as { success: boolean; data: Row; message: string };

/** A new account with a role of its own, which may require a second factor. */
async function staffAccount(required: boolean) {
  const tag = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  const role = new FormData();
  role.append('name', `Peran faktor ${tag}`);
  role.append('requireSecondFactor', String(required));
  const roleId = (await apiCall('POST', 'role', role)).data._id;
  const username = `staf-${tag}`;
  const user = new FormData();
  for (const [key, value] of Object.entries({ username, email: `${username}@example.org`, password: PASSWORD, fullName: 'Staf Faktor', role: roleId })) user.append(key, value);
  const created = await apiCall('POST', 'user', user);
  if (!created.success) throw new Error(created.message);
  return username;
}

async function typePassword(page: Page, username: string) {
  await page.goto(`${site}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${site}/login`);
}

beforeAll(async () => {
  cookie = await adminCookie(base, adminPassword);
  context = await openBrowser({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20_000);
});
afterAll(() => context?.close());

describe('sign-in factors', () => {
  it('turns on the authenticator app from the security page and signs in with its code', async () => {
    const username = await staffAccount(false);
    const page = await context.newPage();
    await typePassword(page, username);
    await page.waitForURL(`${site}/admin**`);
    await page.getByRole('link', { name: 'Keamanan' }).click();
    await page.getByRole('button', { name: 'Aktifkan aplikasi autentikator' }).click();
    await expect.poll(() => page.getByAltText('Kode QR untuk aplikasi autentikator').isVisible()).toBe(true);
    const secret = await page.getByTestId('totp-secret').innerText();
    await page.getByLabel('Kode 6 digit dari aplikasi').fill(await codeAt(secret, stepAt(Date.now())));
    await page.getByRole('button', { name: 'Aktifkan', exact: true }).click();
    const codes = page.getByRole('list', { name: 'Kode pemulihan' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await page.getByRole('button', { name: 'Saya sudah menyimpan kode ini' }).click();
    await expect.poll(() => page.getByText('Sisa kode pemulihan: 10').isVisible()).toBe(true);
    await logout(page);

    await typePassword(page, username);
    await expect.poll(() => page.getByRole('heading', { name: 'Verifikasi Dua Langkah' }).isVisible()).toBe(true);
    await page.getByLabel('Kode verifikasi').fill('000000' === (await codeAt(secret, stepAt(Date.now()) + 1)) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Kode salah atau sudah dipakai');
    // The code used at enrolment is spent; the app's next one is within the allowed drift.
    await page.getByLabel('Kode verifikasi').fill(await codeAt(secret, stepAt(Date.now()) + 1));
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await page.waitForURL(`${site}/admin**`);
    await expect.poll(() => page.locator('.welcome-name').innerText()).toBe(`Selamat datang, ${username}`);
    await page.close();
  });

  it('leads a user whose role requires a factor to add a passkey, then signs in with it without a username', async () => {
    const username = await staffAccount(true);
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    await typePassword(page, username);
    await expect.poll(() => page.getByRole('heading', { name: 'Siapkan Verifikasi Dua Langkah' }).isVisible()).toBe(true);
    expect(await page.getByText(/wajib memakai verifikasi dua langkah karena role Peran faktor .+ mewajibkannya/).isVisible()).toBe(true);
    await page.getByLabel('Nama passkey').fill('Laptop kantor');
    await page.getByRole('button', { name: 'Tambah passkey' }).click();
    await page.waitForURL(`${site}/admin**`);
    await expect.poll(() => page.locator('.welcome-name').innerText()).toBe(`Selamat datang, ${username}`);
    await logout(page);

    await page.getByRole('button', { name: 'Masuk dengan passkey' }).click();
    await page.waitForURL(`${site}/admin**`);
    await expect.poll(() => page.locator('.welcome-name').innerText()).toBe(`Selamat datang, ${username}`);

    await page.goto(`${site}/admin/security`);
    await expect.poll(() => page.getByText('Laptop kantor', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/belum pernah dipakai/).count()).toBe(0);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Hapus Laptop kantor' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/^Passkey "Laptop kantor" tidak dapat dihapus karena ini satu-satunya cara verifikasi Anda, dan role Peran faktor .+ mewajibkannya\./);
    expect(await page.getByText('Laptop kantor', { exact: true }).isVisible()).toBe(true);
    await page.close();
  });
});
