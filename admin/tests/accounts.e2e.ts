/**
 * Staff accounts by email, as people use them: an admin invites a colleague, who opens the link
 * from the email and chooses their own username and password; the admin edits and signs them
 * out everywhere; a pending invite is sent again and revoked. A staff member who forgot their
 * password resets it from the login page through the emailed link, which then no longer works.
 * A user ends another browser's session from "Perangkat yang masuk". Links are read from the
 * recorded emails (the Email Service binding's local simulation).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, openBrowser, signIn, signInAsAdmin } from '../../e2e/browser.ts';
import { adminPassword, base } from '../../e2e/product.ts';
import { emailParts, sentEmails } from '../../e2e/mail.ts';

let adminContext: BrowserContext;
let admin: Page;
const tag = Date.now().toString(36);

/** The newest email to `address` with this subject, as its text part. */
async function emailTo(address: string, subject: string) {
  const found = (await sentEmails()).find((email) => email.subject === subject && email.to.includes(address));
  return found ? (await emailParts(found)).text : null;
}

/** The page a link in the newest such email opens, on this product's address. */
async function linkIn(address: string, subject: string, page: string) {
  await expect.poll(() => emailTo(address, subject)).not.toBeNull();
  const text = (await emailTo(address, subject))!;
  const token = text.match(new RegExp(`${page}\\?token=([\\w%-]+)`))?.[1];
  if (!token) throw new Error(`no ${page} link in:\n${text}`);
  return `${base}${page}?token=${token}`;
}

/** A page of its own browser profile (own cookies), closed with the file. */
const contexts: BrowserContext[] = [];
async function freshPage() {
  const context = await openBrowser({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  return page;
}

beforeAll(async () => {
  adminContext = await openBrowser({ viewport: { width: 1280, height: 900 } });
  adminContext.setDefaultTimeout(15_000);
  admin = await adminContext.newPage();
  admin.on('dialog', (dialog) => dialog.accept());
  await signInAsAdmin(admin, base, adminPassword);
});
afterAll(async () => {
  for (const context of [adminContext, ...contexts]) await context?.close();
});

const alertText = (page: Page) => page.locator('.alert').first().innerText();

describe('invites', () => {
  it('invites a colleague, who chooses their own username and password; the admin edits them, ends their sessions and deletes them', async () => {
    const email = `rekan-${tag}@example.org`;
    const username = `rekan-${tag}`;
    await admin.goto(`${base}/admin/users/list`);
    // No add form asks for a colleague's password any more.
    expect(await admin.getByRole('button', { name: /^\+ Tambah/ }).count()).toBe(0);
    await admin.getByRole('button', { name: '+ Undang User' }).click();
    await admin.getByLabel('Email').fill(email);
    await admin.getByLabel('Role').selectOption({ label: 'Editor' });
    await admin.getByRole('button', { name: 'Kirim undangan' }).click();
    await expect.poll(() => alertText(admin)).toContain(`Undangan telah dikirim ke ${email}.`);
    const pending = admin.locator('tbody tr', { hasText: email });
    await expect.poll(() => pending.innerText()).toContain('Editor');

    const colleague = await freshPage();
    await colleague.goto(await linkIn(email, 'Undangan menjadi admin Resik Nusantara', '/login/invite'));
    await expect.poll(() => colleague.locator('main').innerText()).toContain(`Anda diundang sebagai Editor dengan email ${email}`);
    await colleague.getByLabel('Username').fill(username);
    await colleague.getByLabel('Nama lengkap').fill('Rekan Baru');
    await colleague.getByLabel('Password baru', { exact: true }).fill('password-rekan-1');
    await colleague.getByLabel('Ulangi password baru').fill('password-rekan-2');
    await colleague.getByRole('button', { name: 'Buat akun' }).click();
    await expect.poll(() => colleague.getByRole('alert').innerText()).toBe('Kedua password tidak sama. Ketik ulang password baru Anda.');
    await colleague.getByLabel('Ulangi password baru').fill('password-rekan-1');
    await colleague.getByRole('button', { name: 'Buat akun' }).click();
    await expect.poll(() => colleague.getByRole('status').innerText()).toContain('Akun Anda sudah siap.');
    await colleague.getByRole('link', { name: 'Ke halaman login' }).click();
    await signIn(colleague, base, username, 'password-rekan-1');
    await expect.poll(() => colleague.locator('.welcome-name').innerText()).toContain(username);

    // The admin sees them among the users (the invite is no longer pending) and edits them: no password field.
    await admin.reload();
    const row = admin.locator('tbody tr', { hasText: username });
    await expect.poll(() => row.count()).toBe(1);
    expect(await admin.locator('tbody tr', { hasText: email }).filter({ hasText: 'Kirim ulang' }).count()).toBe(0);
    await row.getByRole('button', { name: `Edit ${username}` }).click();
    await expect.poll(() => admin.getByRole('button', { name: 'Update', exact: true }).count()).toBe(1);
    expect(await admin.locator('#field-password').count()).toBe(0);
    await admin.locator('#field-fullName').fill('Rekan Baru Diubah');
    await admin.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => alertText(admin)).toContain('Data berhasil diperbarui!');
    await expect.poll(() => row.innerText()).toContain('Rekan Baru Diubah');

    await row.getByRole('button', { name: `Akhiri sesi ${username}` }).click();
    await expect.poll(() => alertText(admin)).toContain(`Semua sesi ${username} telah diakhiri.`);
    await colleague.reload();
    await colleague.waitForURL(`${base}/login`);

    await row.getByRole('button', { name: `Hapus ${username}` }).click();
    await expect.poll(() => alertText(admin)).toContain('Data berhasil dihapus!');
    await expect.poll(() => row.count()).toBe(0);
  });

  it('sends a pending invite again and revokes it; its link then says it no longer works', async () => {
    const email = `batal-${tag}@example.org`;
    await admin.goto(`${base}/admin/users/list`);
    await admin.getByRole('button', { name: '+ Undang User' }).click();
    await admin.getByLabel('Email').fill(email);
    await admin.getByLabel('Role').selectOption({ label: 'Viewer' });
    await admin.getByRole('button', { name: 'Kirim undangan' }).click();
    await expect.poll(() => alertText(admin)).toContain(`Undangan telah dikirim ke ${email}.`);
    const first = await linkIn(email, 'Undangan menjadi admin Resik Nusantara', '/login/invite');

    await admin.getByRole('button', { name: `Kirim ulang undangan ${email}` }).click();
    await expect.poll(() => alertText(admin)).toContain(`Undangan telah dikirim ulang ke ${email}.`);
    await expect.poll(() => linkIn(email, 'Undangan menjadi admin Resik Nusantara', '/login/invite')).not.toBe(first);
    const second = await linkIn(email, 'Undangan menjadi admin Resik Nusantara', '/login/invite');

    await admin.getByRole('button', { name: `Batalkan undangan ${email}` }).click();
    await expect.poll(() => alertText(admin)).toContain(`Undangan ke ${email} telah dibatalkan.`);
    await expect.poll(() => admin.locator('tbody tr', { hasText: email }).count()).toBe(0);

    const colleague = await freshPage();
    for (const link of [first, second]) {
      await colleague.goto(link);
      await expect.poll(() => colleague.locator('h1').innerText()).toBe('Undangan tidak berlaku');
      expect(await colleague.getByRole('alert').innerText()).toContain('tidak valid atau sudah dibatalkan');
    }
  });
});

describe('password reset and devices', () => {
  const username = `lupa-${tag}`;
  const email = `${username}@example.org`;

  beforeAll(async () => {
    const cookie = await adminCookie(base, adminPassword);
    const roles = (await (await fetch(`${base}/api/role?page=1&limit=100`, { headers: { cookie } })).json()) as { data: { _id: string; name: string }[] };
    const form = new FormData();
    for (const [key, value] of Object.entries({ username, email, password: 'password-lama-1', fullName: 'Staf Lupa', role: roles.data.find((role) => role.name === 'Editor')!._id })) form.append(key, value);
    const created = await fetch(`${base}/api/user`, { method: 'POST', headers: { cookie, origin: base }, body: form });
    if (created.status !== 201) throw new Error(`the user was not created: ${await created.text()}`);
  });

  it('resets a forgotten password from the login page through the emailed link, once; the other browser is signed out', async () => {
    const elsewhere = await freshPage();
    await signIn(elsewhere, base, username, 'password-lama-1');

    const page = await freshPage();
    await page.goto(`${base}/login`);
    await page.getByRole('link', { name: 'Lupa password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Kirim tautan reset' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('Jika alamat tersebut terdaftar, kami telah mengirim tautan');

    const link = await linkIn(email, 'Atur ulang password admin Resik Nusantara', '/login/reset');
    await page.goto(link);
    await page.getByLabel('Password baru', { exact: true }).fill('password-baru-1');
    await page.getByLabel('Ulangi password baru').fill('password-baru-1');
    await page.getByRole('button', { name: 'Simpan password baru' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Password berhasil diubah. Silakan login dengan password baru Anda.');
    await expect.poll(() => emailTo(email, 'Password admin Resik Nusantara telah diubah')).not.toBeNull();

    await elsewhere.reload();
    await elsewhere.waitForURL(`${base}/login`);
    await page.getByRole('link', { name: 'Ke halaman login' }).click();
    await signIn(page, base, username, 'password-baru-1');

    // The link worked once; opened again it says so and leads to asking for a new one.
    const again = await freshPage();
    await again.goto(link);
    await expect.poll(() => again.locator('h1').innerText()).toBe('Tautan tidak berlaku');
    expect(await again.getByRole('alert').innerText()).toBe('Tautan reset password sudah dipakai. Silakan minta tautan baru jika Anda masih memerlukannya.');
    await again.getByRole('link', { name: 'Minta tautan baru' }).click();
    await again.waitForURL(`${base}/login/forgot`);
  });

  it('lists the signed-in browsers in "Perangkat yang masuk", ends one, then all but this one', async () => {
    const phone = await freshPage();
    await signIn(phone, base, username, 'password-baru-1');
    const laptop = await freshPage();
    await signIn(laptop, base, username, 'password-baru-1');
    await laptop.getByRole('link', { name: 'Perangkat yang masuk' }).click();
    await expect.poll(() => laptop.locator('h1').innerText()).toBe('Perangkat yang masuk');
    // This browser, the phone, and the one the reset test signed in with, most recently used first.
    await expect.poll(() => laptop.locator('tbody tr').count()).toBe(3);
    expect(await laptop.locator('tbody tr').first().innerText()).toMatch(/Chrome di Linux Perangkat ini/);
    await laptop.locator('tbody tr').nth(1).getByRole('button', { name: /^Keluarkan/ }).click();
    await expect.poll(() => laptop.getByRole('status').innerText()).toBe('Perangkat telah dikeluarkan.');
    await phone.reload();
    await phone.waitForURL(`${base}/login`);

    await laptop.getByRole('button', { name: 'Keluarkan semua perangkat lain' }).click();
    await expect.poll(() => laptop.getByRole('status').innerText()).toBe('1 perangkat lain telah dikeluarkan.');
    await expect.poll(() => laptop.locator('tbody tr').count()).toBe(1);
  });
});
