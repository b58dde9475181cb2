import { actionsOf, PERMISSION_ACTIONS, PERMISSION_MODULE_CATALOG, PERMISSION_MODULES, PERMISSION_PRESETS } from '@cms/worker/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ResourceScreen from '../screens/ResourceScreen.tsx';
import { SCREENS } from '../screens/screens.ts';
import { renderRoutes } from '../test/render.tsx';

/** The catalogue as the API lists it: one record per module and action, its id its name. */
const PERMISSIONS = PERMISSION_MODULES.flatMap((module) =>
  actionsOf(module).map((action) => ({ _id: `${module}.${action}`, name: `${module}.${action}`, displayName: `${action} ${module}`, module, action, isActive: true })),
);

/** Every permission there is: each module's actions. */
const TOTAL = PERMISSIONS.length;

const client = vi.hoisted(() => ({ sendFormWithProgress: vi.fn(), permissionsArrive: Promise.resolve() }));
vi.mock('../api/client.ts', () => ({
  api: async () => ({ data: [], pagination: { page: 1, limit: 20, total: 0, pages: 1 }, message: 'OK' }),
  getJson: async () => ({ data: [], message: 'OK' }),
  getAll: async (path: string) => (path === '/permission' ? (await client.permissionsArrive, PERMISSIONS) : []),
  sendJson: vi.fn(),
  sendFormWithProgress: client.sendFormWithProgress,
  fileUrl: (value: string | null | undefined) => value ?? '',
}));

async function newRole() {
  fireEvent.click(await screen.findByRole('button', { name: '+ Tambah Role' }));
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Penulis Vision' } });
  await waitFor(() => expect(summary()).toMatch(new RegExp(` dari ${TOTAL} izin dipilih`)));
}

const toggle = (module: string, name: string) => within(screen.getByRole('group', { name: module })).getByRole<HTMLInputElement>('checkbox', { name });
const summary = () => document.querySelector('.permission-summary')!.textContent;
const sentPermissions = () => (client.sendFormWithProgress.mock.calls[0]![2] as FormData).getAll('permissions[]').map(String).sort();

describe('the role editor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.scrollTo = () => {};
    renderRoutes([{ path: '/', element: <ResourceScreen screen={SCREENS.find((s) => s.resource === 'role')!} /> }]);
  });
  afterEach(() => {
    cleanup();
    client.sendFormWithProgress.mockReset();
    client.permissionsArrive = Promise.resolve();
  });

  it('groups the permissions by module under their areas', async () => {
    await newRole();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Konten', 'SEO', 'Media', 'Newsletter', 'Pesan masuk', 'Pengguna & akses', 'Sistem']);
    const content = within(screen.getByRole('region', { name: 'Konten' }));
    expect(content.getAllByRole('group').map((group) => group.getAttribute('aria-label'))).toContain('Vision');
    expect(within(screen.getByRole('region', { name: 'Sistem' })).getByRole('group', { name: 'Dashboard' })).toBeTruthy();
    // One row per module, not a checkbox per permission at first sight: each module's own are behind "Rincian".
    expect(screen.getAllByText(/^Rincian \(0\/9\)$/)).toHaveLength(PERMISSION_MODULES.length - 1);
    // The inbox has a tenth: answering by email.
    expect(within(screen.getByRole('group', { name: 'Pesan kolaborasi' })).getByText('Rincian (0/10)')).toBeTruthy();
  });

  it('gives a module read, then write, then all of it, and names the pages the role opens', async () => {
    await newRole();
    expect(summary()).toMatch(new RegExp(`^0 dari ${TOTAL} izin dipilih\\. Belum membuka halaman apa pun`));
    fireEvent.click(toggle('Vision', 'Baca'));
    expect(toggle('Vision', 'Baca').checked).toBe(true);
    expect(toggle('Vision', 'Semua').indeterminate).toBe(true);
    expect(summary()).toBe(`2 dari ${TOTAL} izin dipilih. Membuka 2 halaman: Dashboard, Manage Vision.`);
    fireEvent.click(toggle('Vision', 'Tulis'));
    expect(within(screen.getByRole('group', { name: 'Vision' })).getByText('Rincian (5/9)')).toBeTruthy();
    fireEvent.click(toggle('Vision', 'Semua'));
    expect(toggle('Vision', 'Semua').checked).toBe(true);
    expect(toggle('Vision', 'Semua').indeterminate).toBe(false);
    fireEvent.click(toggle('Vision', 'Baca'));
    expect(summary()).toMatch(new RegExp(`^7 dari ${TOTAL} izin dipilih\\. Belum membuka`));

    fireEvent.click(toggle('Vision', 'Baca'));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(client.sendFormWithProgress).toHaveBeenCalled());
    expect(sentPermissions()).toEqual(PERMISSION_ACTIONS.map((action) => `vision.${action}`).sort());
  });

  it('replaces the choice with a preset', async () => {
    await newRole();
    fireEvent.click(toggle('Partners', 'Semua'));
    const newsletter = screen.getByRole('button', { name: 'Newsletter' });
    fireEvent.click(newsletter);
    expect(newsletter.getAttribute('aria-pressed')).toBe('true');
    expect(toggle('Partners', 'Semua').checked).toBe(false);
    expect(toggle('Newsletter', 'Semua').checked).toBe(true);
    expect(toggle('Email Subscribers', 'Semua').checked).toBe(true);
    expect(summary()).toBe(`18 dari ${TOTAL} izin dipilih. Membuka 3 halaman: Dashboard, Email Subscribers, Newsletter.`);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(client.sendFormWithProgress).toHaveBeenCalled());
    expect(sentPermissions()).toEqual([...PERMISSION_PRESETS.find((preset) => preset.name === 'Newsletter')!.permissions].sort());
  });

  it('asks before saving a role that opens nothing, and saves it only when told to', async () => {
    await newRole();
    fireEvent.click(toggle('Vision', 'Tulis'));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role ini tidak membuka halaman apa pun' });
    expect(client.sendFormWithProgress).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kembali memilih izin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(client.sendFormWithProgress).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Tetap simpan' }));
    await waitFor(() => expect(client.sendFormWithProgress).toHaveBeenCalledTimes(1));
    expect(sentPermissions()).toEqual(['vision.create', 'vision.delete', 'vision.update']);
  });

  it('waits for the permissions before it can save, so a role that opens nothing is always asked about', async () => {
    let arrive = () => {};
    client.permissionsArrive = new Promise((resolve) => (arrive = resolve));
    fireEvent.click(await screen.findByRole('button', { name: '+ Tambah Role' }));
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Simpan' });
    expect(save.disabled).toBe(true);
    arrive();
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Penulis Vision' } });
    fireEvent.click(save);
    expect(await screen.findByRole('dialog', { name: 'Role ini tidak membuka halaman apa pun' })).toBeTruthy();
    expect(client.sendFormWithProgress).not.toHaveBeenCalled();
  });
});

describe('the presets', () => {
  const preset = (name: string) => new Set(PERMISSION_PRESETS.find((candidate) => candidate.name === name)!.permissions);
  const modulesOf = (name: string) => new Set([...preset(name)].map((permission) => permission.slice(0, permission.indexOf('.'))));
  const area = (module: string) => PERMISSION_MODULE_CATALOG.find((entry) => entry.module === module)!.area;

  it('give writers content, editors content, files and SEO, the newsletter its module and subscribers, admins everything', () => {
    expect([...modulesOf('Penulis')].every((module) => area(module) === 'content')).toBe(true);
    expect(modulesOf('Penulis')).toContain('vision');
    expect(preset('Penulis').has('vision.update') && !preset('Penulis').has('vision.approve')).toBe(true);
    expect([...modulesOf('Editor')].filter((module) => area(module) !== 'content').sort()).toEqual(['files', 'redirect', 'seo']);
    expect(modulesOf('Newsletter')).toEqual(new Set(['newsletter', 'subscribe']));
    expect(preset('Newsletter').has('newsletter.approve') && preset('Newsletter').has('subscribe.export')).toBe(true);
    expect(preset('Admin')).toEqual(new Set(PERMISSIONS.map((permission) => permission.name)));
  });

  it('give the inbox preset reading, changing and answering inquiries, and nothing else', () => {
    expect(preset('Pesan masuk')).toEqual(new Set(['inquiry.read', 'inquiry.list', 'inquiry.update', 'inquiry.reply']));
  });
});
