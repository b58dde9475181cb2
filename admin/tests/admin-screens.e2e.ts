/** The collection screens of the back-office: a record added, edited and deleted through the generic form, on the fewest screens that exercise every kind of input. */
import { resources, type Field } from '@cms/worker/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { base } from '../../e2e/product.ts';
import { SCREENS } from '../src/screens/screens.ts';
import { PNG, staffPage } from './staff-page.ts';

const staff = staffPage();
let page: Page;
beforeAll(() => ({ page } = staff));

describe('screens', () => {
  /** Opens a screen by its address and checks it shows its title, its seeded rows and their total. */
  async function expectSeededRows(route: string, screen: (typeof SCREENS)[number]) {
    await page.goto(`${base}/admin/${route}`);
    // A screen's first visit loads its code: seconds on a machine busy with builds and browsers.
    await expect.poll(() => page.locator('h1').innerText(), { timeout: 30_000 }).toBe(screen.title);
    await expect.poll(() => page.locator('.page-header p').innerText()).toMatch(/^Total: [1-9]\d* item$/);
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);
  }

  // Redirects are made from addresses, not titles: redirects.e2e.ts adds, follows and lists them.
  // Subscribers sign up on the site and have no form: admin.e2e.ts changes and deletes them.
  // Users join by invite: accounts.e2e.ts invites, edits and deletes one.
  const editable = (screen: (typeof SCREENS)[number]) => screen.resource !== 'redirect' && !screen.readOnly && !screen.addedByInvite;

  /**
   * What a screen's add-edit-delete exercises in the generic form: each required field's input
   * (its kind and format), the messages of its language, and the screens with a flow of their own.
   */
  const formTraits = (screen: (typeof SCREENS)[number]) => [
    ...(Object.values(resources[screen.resource].fields) as Field[]).filter((field) => field.required).map((field) => `${field.kind}:${field.kind === 'text' ? (field.format ?? (field.pattern ? 'pattern' : '')) : ''}`),
    `dialect:${screen.dialect ?? 'id'}`,
    ...(['gallery', 'role', 'heroSection'].includes(screen.resource) ? [screen.resource] : []),
  ];
  /** The fewest editable screens whose add-edit-delete together exercise every trait of them all (greedy cover). */
  const coveringScreens = (() => {
    const left = new Set(SCREENS.filter(editable).flatMap(formTraits));
    const chosen: Array<(typeof SCREENS)[number]> = [];
    while (left.size) {
      const best = SCREENS.filter(editable).reduce((a, b) => (formTraits(b).filter((t) => left.has(t)).length > formTraits(a).filter((t) => left.has(t)).length ? b : a));
      chosen.push(best);
      for (const trait of formTraits(best)) left.delete(trait);
    }
    return chosen;
  })();

  // Every screen's seeded rows: working-day.e2e.ts opens each list at three widths.

  /** Fills what a definition requires, the way a person would. */
  async function fillRequired(resourceKey: (typeof SCREENS)[number]['resource'], marker: string) {
    const fields = Object.entries(resources[resourceKey].fields) as [string, Field][];
    for (const [name, field] of fields) {
      const input = page.locator(`#field-${name}`);
      if (field.kind === 'file' && field.required) await input.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
      if (!field.required || field.kind === 'slug' || field.kind === 'file') continue;
      // The editor loads on demand; type into it once it has replaced the plain fallback.
      if (field.kind === 'richText') await page.locator(`.ProseMirror#field-${name}`).click().then(() => page.keyboard.type(`Isi ${marker}`));
      else if (field.kind === 'enum') await input.selectOption({ index: 1 });
      else if (field.kind === 'reference') await input.selectOption({ index: 1 });
      else if (field.kind === 'list') {
        // A list that must keep an item starts with an empty one.
        if ((await page.locator('.list-row').count()) === 0) await page.getByRole('button', { name: /^\+ (Tambah|Add) / }).first().click();
        await page.locator('.list-row input').nth(0).fill('10');
        await page.locator('.list-row input').nth(1).fill('Trees');
      } else if (field.kind === 'timestamp') await input.fill('2027-01-15T09:30');
      else if (field.kind === 'password') await input.fill('rahasia-123');
      else if (field.kind === 'text' && field.format === 'email') await input.fill(`${marker.toLowerCase().replace(/\W/g, '')}@example.org`);
      else if (field.kind === 'text' && field.pattern && name === 'name') await input.fill(`${marker.toLowerCase().replace(/[^a-z0-9]/g, '')}.create`);
      else if (field.kind === 'text' && field.pattern) await input.fill(marker.replace(/[^A-Za-z0-9]/g, ''));
      else await input.fill(marker);
    }
  }

  // The seeded rows a covering screen opens with, then a record added, edited and deleted there.
  it.each(coveringScreens.map((s) => [s.route, s] as const))('/admin/%s loads its seeded rows; add, edit and delete a record', async (route, screen) => {
    const english = screen.dialect === 'en';
    const gallery = route === 'about/gallery';
    const marker = `E2E ${route.replace(/\W/g, '')} ${Date.now() % 100000}`;
    await expectSeededRows(route, screen);
    await page.getByRole('button', { name: /^\+ Tambah/ }).click();
    await fillRequired(screen.resource, marker);
    // Hero slides require nothing; give this one a title to find it by.
    if (screen.resource === 'heroSection') await page.locator('#field-title').fill(marker);
    await page.getByRole('button', { name: 'Simpan' }).click();
    // A role holding no permission opens no page: it is saved only after the warning.
    const confirmEmptyRole = () => (screen.resource === 'role' ? page.getByRole('dialog').getByRole('button', { name: 'Tetap simpan' }).click() : undefined);
    await confirmEmptyRole();
    await expect.poll(() => page.locator('.alert').first().innerText(), { timeout: 10_000 }).toContain(gallery ? 'Gallery berhasil dibuat!' : english ? 'Data added successfully!' : 'Data berhasil ditambahkan!');
    const row = page.locator('tbody tr', { hasText: marker }).first();
    await expect.poll(() => row.count()).toBe(1);

    await row.getByRole('button', { name: /^Edit/ }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Update', exact: true }).count()).toBe(1);
    // The edit changes the first plain required text the table shows.
    const [shown = 'title'] = Object.entries(resources[screen.resource].fields).find(([, f]) => f.kind === 'text' && f.required && !f.pattern && !f.format) ?? [];
    await page.locator(`#field-${shown}`).fill(`${marker} diubah`);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await confirmEmptyRole();
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain(gallery ? 'Gallery berhasil diperbarui!' : english ? 'Data updated successfully!' : 'Data berhasil diperbarui!');
    await expect.poll(() => row.innerText()).toContain(`${marker} diubah`);

    await row.getByRole('button', { name: /^Hapus/ }).click();
    await expect.poll(() => page.locator('.alert').first().innerText()).toContain(english ? 'Data deleted successfully!' : 'Data berhasil dihapus!');
    await expect.poll(() => row.count()).toBe(0);
  });

  it('keeps the add button in place while the list loads, so a click as the screen opens is not lost', async () => {
    // The list's answer is held back until the button has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/seo\?page=/, async (route) => (await held, route.continue()));
    await page.goto(`${base}/admin/seo`);
    const add = page.getByRole('button', { name: /^\+ Tambah/ });
    const before = await add.boundingBox();
    release();
    await expect.poll(() => page.locator('.page-header p').innerText()).toMatch(/^Total: \d+ item$/);
    expect(await add.boundingBox()).toEqual(before);
    await page.unrouteAll();
  });

  it('offers no delete for a system role', async () => {
    const roles = SCREENS.find((screen) => screen.resource === 'role')!;
    await expectSeededRows(roles.route, roles);
    expect(await page.locator('tbody tr', { hasText: 'Super Admin' }).getByRole('button', { name: /^Hapus/ }).isDisabled()).toBe(true);
  });
});

/** Handing the browser a file of 10 MB or more takes longer than 10 s on a loaded 2-core machine. */