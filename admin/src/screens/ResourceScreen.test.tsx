import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { NO_PERMISSION, RequestFailure } from '../api/messages.ts';
import { renderRoutes } from '../test/render.tsx';
import AdminLayout from '../layout/AdminLayout.tsx';
import ResourceScreen from './ResourceScreen.tsx';
import { SCREENS } from './screens.ts';
import * as client from '../test/api-client.ts';

vi.mock('../api/client.ts', () => import('../test/api-client.ts'));

const record = (isActive: boolean) => ({ _id: 'r1', title: 'Hari Memilah', slug: 'hari-memilah', description: 'Warga memilah sampah.', category: 'event', order: 1, image: '', isActive });

/** A collection's screen over one stored record; the list answers `isActive` as stored at the time. */
function show(resource: string, stored: { isActive: boolean }, permissions?: string[]) {
  client.api.mockImplementation(async (path: string) =>
    path.startsWith(`/${resource}?`) ? { data: [record(stored.isActive)], pagination: { page: 1, limit: 20, total: 1, pages: 1 }, message: 'OK' } : { data: [], message: 'OK' },
  );
  renderScreen(resource, permissions);
}

/** A collection's screen as the admin mounts it (at `path`); the form asks before leaving with unsaved changes, which needs a data router. */
function renderScreen(resource: string, permissions?: string[], path = '/') {
  return renderRoutes([{ path: '/', element: <ResourceScreen screen={SCREENS.find((s) => s.resource === resource)!} /> }], { permissions, path });
}

afterEach(() => {
  cleanup();
  client.api.mockReset();
  client.sendJson.mockReset();
  client.sendFormWithProgress.mockReset();
  onlineManager.setOnline(true);
});

describe('a flag column declared as a toggle', () => {
  it('flips the flag of its row in place and shows the stored state', async () => {
    const stored = { isActive: true };
    show('gallery', stored);
    // Its name begins with what it shows (WCAG's label in name).
    const toggle = await screen.findByRole('button', { name: 'Active: ubah status Hari Memilah' });
    expect(toggle.textContent).toBe('Active');
    client.sendJson.mockImplementation(async (_method: string, _path: string, body: { isActive: boolean }) => {
      stored.isActive = body.isActive;
      return { data: record(body.isActive), message: 'OK' };
    });
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Inactive: ubah status Hari Memilah' }).textContent).toBe('Inactive'));
    expect(client.sendJson).toHaveBeenCalledWith('PUT', '/gallery/r1', { isActive: false });
  });

  it('says why the flag did not change when the save fails', async () => {
    show('gallery', { isActive: true });
    client.sendJson.mockRejectedValue(new TypeError('Failed to fetch'));
    fireEvent.click(await screen.findByRole('button', { name: 'Active: ubah status Hari Memilah' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/koneksi/i);
    expect(screen.getByRole('button', { name: 'Active: ubah status Hari Memilah' })).toBeTruthy();
  });

  it('is a plain badge on a screen that does not declare it', async () => {
    show('category', { isActive: true });
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /: ubah status/ })).toBeNull();
  });
});

describe('the add form', () => {
  it('labels each input: a choice with a default has no empty option left to require, and the rich-text label focuses its editor', async () => {
    show('gallery', { isActive: true });
    fireEvent.click(await screen.findByRole('button', { name: /^\+ Tambah/ }));
    const category = await screen.findByLabelText<HTMLSelectElement>(/^Category/);
    expect(category.value).toBe('team');
    expect(category.required).toBe(false);
    expect([...category.options].map((option) => option.value)).not.toContain('');
    cleanup();

    show('agenda', { isActive: true });
    fireEvent.click(await screen.findByRole('button', { name: /^\+ Tambah/ }));
    const label = (await screen.findAllByText('Deskripsi')).map((text) => text.closest('label')).find(Boolean)!;
    // A label may only point at a form control; the editor's area is not one.
    expect(label.hasAttribute('for')).toBe(false);
    fireEvent.click(label);
    expect(document.activeElement?.id).toBe('field-description');
  });
});

describe('the history of a record opened for editing', () => {
  const vision = { _id: 'v1', title: 'Visi Hijau', slug: 'visi-hijau', shortDescription: 'Ringkasan yang keliru', content: '<p>Teks</p>', updatedAt: '2026-11-23T10:00:00.000Z' };
  const versions = [
    { version: 2, action: 'update', username: 'admin', createdAt: '2026-11-23T10:00:00.000Z', changedFields: [{ field: 'shortDescription', label: 'Deskripsi Singkat' }] },
    { version: 1, action: 'create', username: 'admin', createdAt: '2026-11-23T09:00:00.000Z', changedFields: [] },
  ];

  /** The vision screen with one record whose stored copy arrives only when `arrive` is called. */
  function openVision(differenceAnswer: () => Promise<unknown>) {
    let arrive = () => {};
    const stored = new Promise((resolve) => (arrive = () => resolve({ data: vision, message: 'OK' })));
    client.api.mockImplementation(async (path: string) => {
      if (path.startsWith('/vision?')) return { data: [vision], pagination: { page: 1, limit: 20, total: 1, pages: 1 }, message: 'OK' };
      if (path === '/vision/v1') return stored;
      if (path === '/vision/v1/revisions') return { data: versions, message: 'OK' };
      if (path === '/vision/v1/revisions/1') return differenceAnswer();
      return { data: [], message: 'OK' };
    });
    window.scrollTo = () => {};
    renderScreen('vision');
    return { arrive: () => arrive() };
  }

  it('waits for the stored record before a version can be compared, and the comparison stays open once it arrives', async () => {
    const difference = { data: { differences: [{ field: 'shortDescription', label: 'Deskripsi Singkat', before: 'Ringkasan awal', after: 'Ringkasan yang keliru' }] }, message: 'OK' };
    const { arrive } = openVision(async () => difference);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Visi Hijau' }));
    const compare = await screen.findByRole('button', { name: 'Lihat perbedaan' });
    expect((compare as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pulihkan' }).disabled).toBe(true);

    arrive();
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Lihat perbedaan' }).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Lihat perbedaan' }));
    const row = await screen.findByRole('row', { name: /Deskripsi Singkat/ });
    expect(row.textContent).toBe('Deskripsi SingkatRingkasan awalRingkasan yang keliru');
  });

  it('says so in the dialog when the comparison cannot be loaded', async () => {
    const { arrive } = openVision(async () => {
      throw new RequestFailure(404, null, 'Versi tidak ditemukan.');
    });
    arrive();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Visi Hijau' }));
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Lihat perbedaan' }).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Lihat perbedaan' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Perbedaan tidak dapat dimuat. Versi tidak ditemukan.');
  });
});

describe('a record with a publishing schedule', () => {
  const article = {
    _id: 'b1',
    title: 'Artikel Besok',
    slug: 'artikelbesok',
    content: '<p>Teks</p>',
    featuredImage: '',
    isPublished: true,
    publishAt: '2026-11-27T01:00:00.000Z',
    unpublishAt: null as string | null,
    createdAt: '2026-11-26T02:00:00.000Z',
    updatedAt: '2026-11-26T02:00:00.000Z',
  };

  /** The BioCore screen listing `stored`, at `now` by the page's clock. */
  function listAt(now: string, stored: typeof article) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    client.api.mockImplementation(async (path: string) => {
      if (path.startsWith('/bio-core?')) return { data: [stored], pagination: { page: 1, limit: 20, total: 1, pages: 1 }, message: 'OK' };
      if (path === '/bio-core/b1') return { data: stored, message: 'OK' };
      return { data: [], message: 'OK' };
    });
    window.scrollTo = () => {};
    renderScreen('bioCore');
  }
  const statusOf = async () => {
    const row = (await screen.findByText('Artikel Besok')).closest('tr')!;
    return row.querySelector('td[data-label="Status"]')!.textContent;
  };

  afterEach(() => vi.useRealTimers());

  it('shows "Terjadwal" with its time in WIB while the time is ahead, though ticked Published, in the list and the form', async () => {
    listAt('2026-11-26T03:00:00.000Z', article);
    expect(await statusOf()).toBe('Terjadwal27 Nov 2026, 08.00 WIB');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Artikel Besok' }));
    const flag = await screen.findByRole('checkbox', { name: 'Published' });
    expect((flag as HTMLInputElement).checked).toBe(true);
    expect(flag.getAttribute('aria-describedby')).toBe('field-isPublished-hint');
    expect(document.getElementById('field-isPublished-hint')!.textContent).toBe('Terjadwal: tampil di situs mulai 27 Nov 2026, 08.00 WIB. Sampai saat itu tidak tampil, walaupun dicentang.');
  });

  it('shows Published once the time has come, and "Berhenti tayang" once its unpublish time has passed', async () => {
    listAt('2026-11-27T01:00:00.000Z', article);
    expect(await statusOf()).toBe('Published');
    cleanup();
    listAt('2026-12-01T00:00:00.000Z', { ...article, publishAt: null as unknown as string, unpublishAt: '2026-11-30T17:00:00.000Z' });
    expect(await statusOf()).toBe('Berhenti tayangsejak 1 Des 2026, 00.00 WIB');
  });
});

describe('a user with fewer permissions', () => {
  it('sees no add, edit or delete button, and a toggle column as a plain badge, when they may only read', async () => {
    show('gallery', { isActive: true }, ['gallery.read', 'gallery.list']);
    expect(await screen.findByText('Hari Memilah')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^\+ Tambah/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Hapus) / })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).toBeNull();
    expect(screen.queryByRole('button', { name: /: ubah status/ })).toBeNull();
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it('gets the buttons of what they may do, and no others', async () => {
    show('gallery', { isActive: true }, ['gallery.list', 'gallery.update']);
    expect(await screen.findByRole('button', { name: 'Edit Hari Memilah' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /: ubah status Hari Memilah$/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^\+ Tambah/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hapus Hari Memilah' })).toBeNull();
  });

  it('is told they may not read a list the API refuses, not that it is empty', async () => {
    client.api.mockRejectedValue(new RequestFailure(403, { success: false, data: null, code: 'FORBIDDEN', message: 'Anda tidak memiliki izin untuk melakukan aksi ini.' }, 'Anda tidak memiliki izin untuk melakukan aksi ini.'));
    renderScreen('subscriber', ['vision.read', 'vision.list']);
    expect((await screen.findByRole('alert')).textContent).toContain(NO_PERMISSION);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Email Subscribers');
    expect(screen.queryByText('Belum ada subscriber.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});

describe('a form with unsaved changes', () => {
  const visions = [
    { _id: 'v1', title: 'Visi Hijau', slug: 'visi-hijau', shortDescription: 'Satu', content: '<p>Satu</p>', updatedAt: '2026-11-23T10:00:00.000Z' },
    { _id: 'v2', title: 'Visi Biru', slug: 'visi-biru', shortDescription: 'Dua', content: '<p>Dua</p>', updatedAt: '2026-11-23T10:00:00.000Z' },
  ];

  /** The vision screen inside the admin layout (with its Logout), at /admin/vision; /login shows where signing out leads. */
  function openAdmin() {
    client.api.mockImplementation(async (path: string) => {
      if (path.startsWith('/vision?')) return { data: visions, pagination: { page: 1, limit: 20, total: 2, pages: 1 }, message: 'OK' };
      const stored = visions.find((vision) => path === `/vision/${vision._id}`);
      if (stored) return { data: stored, message: 'OK' };
      if (path.endsWith('/translations/en')) return { data: { locale: 'en', status: 'missing', slug: null, values: {}, isPublished: false, publishAt: null, updatedAt: null }, message: 'OK' };
      return { data: [], message: 'OK' };
    });
    client.sendJson.mockResolvedValue({ data: null, message: 'OK' });
    window.scrollTo = () => {};
    renderRoutes(
      [
        { path: '/admin', element: <AdminLayout />, children: [{ path: 'vision', element: <ResourceScreen screen={SCREENS.find((s) => s.resource === 'vision')!} /> }] },
        { path: '/login', element: <p>Halaman login</p> },
      ],
      { path: '/admin/vision' },
    );
  }

  /** Opens Visi Hijau's form and types a new title into it. */
  async function typeIntoFirst() {
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Visi Hijau' }));
    // The form opens on the list's copy and is filled again from the stored record, which it waits for.
    await waitFor(() => expect(screen.getByDisplayValue('Visi Hijau').closest('fieldset')?.disabled).toBe(false));
    fireEvent.change(screen.getByDisplayValue('Visi Hijau'), { target: { value: 'Judul yang belum disimpan' } });
  }
  const stay = () => fireEvent.click(screen.getByRole('button', { name: 'Tetap di sini' }));
  const leave = () => fireEvent.click(screen.getByRole('button', { name: 'Tinggalkan halaman' }));

  it('asks before another record or another language replaces it, and keeps the typing when told to stay', async () => {
    openAdmin();
    await typeIntoFirst();
    // The opened form has the focus, so the keyboard goes on from its title.
    expect(document.activeElement?.textContent).toContain('Edit Vision');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Visi Biru' }));
    expect(await screen.findByRole('dialog', { name: 'Perubahan belum disimpan' })).toBeTruthy();
    stay();
    expect(screen.getByDisplayValue('Judul yang belum disimpan')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: /English/ }));
    expect(await screen.findByRole('dialog', { name: 'Perubahan belum disimpan' })).toBeTruthy();
    stay();
    expect(screen.getByRole('tab', { name: /Bahasa Indonesia/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByDisplayValue('Judul yang belum disimpan')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Visi Biru' }));
    await screen.findByRole('dialog', { name: 'Perubahan belum disimpan' });
    leave();
    expect(await screen.findByDisplayValue('Visi Biru')).toBeTruthy();
    expect(screen.queryByDisplayValue('Judul yang belum disimpan')).toBeNull();
  });

  it('says a save made offline failed, at once, and keeps what was typed', async () => {
    openAdmin();
    await typeIntoFirst();
    onlineManager.setOnline(false);
    client.sendFormWithProgress.mockRejectedValue(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Koneksi jaringan terputus. Silakan coba lagi.')).toBeTruthy();
    expect(screen.getByDisplayValue('Judul yang belum disimpan')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Update' }).disabled).toBe(false);
  });

  it('signs out only once the person chose to leave the changes, and then opens the login page', async () => {
    openAdmin();
    await typeIntoFirst();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('dialog', { name: 'Perubahan belum disimpan' })).toBeTruthy();
    stay();
    expect(client.sendJson).not.toHaveBeenCalledWith('POST', '/auth/logout');
    expect(screen.getByDisplayValue('Judul yang belum disimpan')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('dialog', { name: 'Perubahan belum disimpan' });
    leave();
    expect(await screen.findByText('Halaman login')).toBeTruthy();
    expect(client.sendJson).toHaveBeenCalledWith('POST', '/auth/logout');
  });

  it('asks on the English form too before the sidebar leads elsewhere', async () => {
    openAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Visi Hijau' }));
    fireEvent.click(await screen.findByRole('tab', { name: /English/ }));
    const englishTitle = await screen.findByRole('textbox', { name: /^Judul \(EN\)/ });
    fireEvent.change(englishTitle, { target: { value: 'Green Vision' } });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('dialog', { name: 'Perubahan belum disimpan' })).toBeTruthy();
    stay();
    expect(screen.getByDisplayValue('Green Vision')).toBeTruthy();
  });
});

describe('a list sorted by its columns', () => {
  /** The category screen at `path`, over three pages of one record each; returns the queries the list was asked with. */
  function listCategories(path = '/') {
    client.api.mockImplementation(async (asked: string) =>
      asked.startsWith('/category?') ? { data: [record(true)], pagination: { page: 1, limit: 20, total: 3, pages: 3 }, message: 'OK' } : { data: [], message: 'OK' },
    );
    window.scrollTo = () => {};
    const router = renderScreen('category', undefined, path);
    const asked = () => client.api.mock.calls.map((call) => String(call[0])).filter((asked) => asked.startsWith('/category?') && !asked.includes('limit=1&'));
    return { router, lastList: () => new URLSearchParams(asked().at(-1)!.split('?')[1]) };
  }
  const header = (name: string) => screen.getByRole('columnheader', { name });

  it('makes the headings of sortable columns buttons that turn the order around, then back to its own, from the first page, kept in the address', async () => {
    const { router, lastList } = listCategories();
    const title = await screen.findByRole('button', { name: 'Title' });
    expect(title.getAttribute('title')).toBe('Urutkan menurut Title');
    // Pictures and rows of actions have no order.
    expect(within(header('Image')).queryByRole('button')).toBeNull();
    expect(within(header('Action')).queryByRole('button')).toBeNull();
    expect(header('Title').hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastList().get('page')).toBe('2'));
    fireEvent.click(title);
    await waitFor(() => expect(lastList().get('sort')).toBe('title'));
    expect(lastList().get('page')).toBe('1');
    expect(header('Title').getAttribute('aria-sort')).toBe('ascending');
    expect(router.state.location.search).toBe('?sort=title');

    fireEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastList().get('sort')).toBe('-title'));
    expect(header('Title').getAttribute('aria-sort')).toBe('descending');
    expect(router.state.location.search).toBe('?sort=-title');
    expect(screen.getByRole('button', { name: 'Title' }).getAttribute('title')).toBe('Kembali ke urutan bawaan');

    // A third click gives the list its own order again.
    fireEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastList().has('sort')).toBe(false));
    expect(header('Title').hasAttribute('aria-sort')).toBe(false);
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Title' }).getAttribute('title')).toBe('Urutkan menurut Title');

    fireEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastList().get('sort')).toBe('title'));
    fireEvent.click(screen.getByRole('button', { name: 'Date Created' }));
    await waitFor(() => expect(lastList().get('sort')).toBe('createdAt'));
    expect(header('Title').hasAttribute('aria-sort')).toBe(false);
    expect(header('Date Created').getAttribute('aria-sort')).toBe('ascending');
  });

  it('starts in the order the address keeps, and in its own order when the address names a column it cannot sort by', async () => {
    const { lastList } = listCategories('/?sort=-order');
    await screen.findByText('Hari Memilah');
    expect(lastList().get('sort')).toBe('-order');
    expect(header('Order').getAttribute('aria-sort')).toBe('descending');
    cleanup();
    client.api.mockReset();

    const unsortable = listCategories('/?sort=image');
    await screen.findByText('Hari Memilah');
    expect(unsortable.lastList().has('sort')).toBe(false);
  });

  it('offers the same orders in a select for narrow screens, where the headings are hidden', async () => {
    const { router, lastList } = listCategories();
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Urutkan' });
    expect([...select.options].slice(0, 3).map((option) => option.text)).toEqual(['Urutan bawaan', 'Title: A–Z', 'Title: Z–A']);
    expect([...select.options].map((option) => option.text)).toContain('Date Created: terbaru dulu');
    expect([...select.options].map((option) => option.text)).not.toContain('Image: A–Z');

    fireEvent.change(select, { target: { value: 'desc:createdAtDate Created' } });
    await waitFor(() => expect(lastList().get('sort')).toBe('-createdAt'));
    expect(select.value).toBe('desc:createdAtDate Created');
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(lastList().has('sort')).toBe(false));
    expect(router.state.location.search).toBe('');
  });
});

describe('rows picked for an action on several at once', () => {
  const categories = Array.from({ length: 6 }, (_, i) => ({ _id: `c${i}`, title: `Kategori ${i}`, slug: `kategori-${i}`, description: '', image: '', order: i, isActive: i % 2 === 0 }));

  /** The category screen over `stored`, page 1 of 2; returns the queries the list was asked with. */
  function listCategories(stored: typeof categories, permissions?: string[]) {
    client.api.mockImplementation(async (asked: string) =>
      asked.startsWith('/category?') ? { data: stored, pagination: { page: 1, limit: 20, total: 26, pages: 2 }, message: 'OK' } : { data: [], message: 'OK' },
    );
    window.scrollTo = () => {};
    renderScreen('category', permissions);
    return () => client.api.mock.calls.map((call) => String(call[0])).filter((asked) => asked.startsWith('/category?') && !asked.includes('limit=1&'));
  }
  const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
  const pageBox = () => within(screen.getAllByRole('columnheader')[0]!).getByRole<HTMLInputElement>('checkbox', { name: 'Pilih semua di halaman ini' });
  const bar = () => screen.queryByRole('group', { name: 'Aksi untuk data yang dipilih' });

  it('deletes the picked records through their own endpoint, four at a time, after one question naming the count, and says which failed and why', async () => {
    const asked = listCategories(categories);
    await screen.findByText('Kategori 0');
    fireEvent.click(pageBox());
    expect(categories.every((row) => box(`Pilih ${row.title}`).checked)).toBe(true);
    fireEvent.click(box('Pilih Kategori 5'));
    expect(pageBox().indeterminate).toBe(true);
    fireEvent.click(box('Pilih Kategori 5'));
    expect(within(bar()!).getByRole('status').textContent).toBe('6 dipilih');

    const pending: Array<{ path: string; answer: () => void }> = [];
    client.sendJson.mockImplementation(
      (_method: string, path: string) =>
        new Promise((resolve, reject) =>
          pending.push({
            path,
            answer: () => (path === '/category/c3' ? reject(new RequestFailure(403, { success: false, data: null, code: 'FORBIDDEN', message: 'Category sistem tidak dapat dihapus.' }, 'Category sistem tidak dapat dihapus.')) : resolve({ data: null, message: 'OK' })),
          }),
        ),
    );
    const confirm = vi.fn(() => true);
    window.confirm = confirm;
    const listsBefore = asked().length;
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Hapus' }));
    expect(confirm).toHaveBeenCalledExactlyOnceWith('Apakah Anda yakin ingin menghapus 6 data yang dipilih?');
    await waitFor(() => expect(pending).toHaveLength(4));
    expect(within(bar()!).getByRole('status').textContent).toBe('Menghapus 0 dari 6…');
    expect(box('Pilih Kategori 0').disabled).toBe(true);
    // Each finished request lets the next one go, never more than four under way.
    pending[0]!.answer();
    await waitFor(() => expect(pending).toHaveLength(5));
    expect(within(bar()!).getByRole('status').textContent).toBe('Menghapus 1 dari 6…');
    for (let i = 1; i < 6; i++) {
      await waitFor(() => expect(pending.length).toBeGreaterThan(i));
      pending[i]!.answer();
    }
    expect(pending.map((request) => request.path)).toEqual(categories.map((row) => `/category/${row._id}`));
    expect(client.sendJson.mock.calls.every((call) => call[0] === 'DELETE')).toBe(true);

    expect((await screen.findByRole('alert')).textContent).toBe('5 dihapus, 1 gagal: Kategori 3 — Category sistem tidak dapat dihapus.×');
    // Loaded again on the same page and order, nothing picked.
    await waitFor(() => expect(asked().length).toBeGreaterThan(listsBefore));
    expect(asked().at(-1)).toBe(asked()[0]);
    expect(bar()).toBeNull();
    expect(box('Pilih Kategori 0').checked).toBe(false);
  });

  it('sets the visibility flag, named as the list shows it, only on the records that differ', async () => {
    listCategories(categories);
    await screen.findByText('Kategori 0');
    fireEvent.click(box('Pilih Kategori 0'));
    fireEvent.click(box('Pilih Kategori 1'));
    client.sendJson.mockResolvedValue({ data: null, message: 'OK' });
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Jadikan Inactive' }));
    await waitFor(() => expect(document.querySelector('.alert')?.textContent).toBe('1 diperbarui (1 sudah Inactive).×'));
    expect(client.sendJson).toHaveBeenCalledExactlyOnceWith('PUT', '/category/c0', { isActive: false });
  });

  it('drops what was picked when the page, the order or the search changes', async () => {
    listCategories(categories);
    await screen.findByText('Kategori 0');
    for (const change of [
      () => fireEvent.click(screen.getByRole('button', { name: 'Next' })),
      () => fireEvent.click(screen.getByRole('button', { name: 'Title' })),
      () => fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Kategori' } }),
    ]) {
      fireEvent.click(box('Pilih Kategori 2'));
      expect(bar()).not.toBeNull();
      change();
      await waitFor(() => expect(bar()).toBeNull());
      await waitFor(() => expect(box('Pilih Kategori 2').checked).toBe(false));
    }
  });

  it('offers only the actions the permissions allow, and no checkboxes without any', async () => {
    listCategories(categories, ['category.list', 'category.update']);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pilih Kategori 0' }));
    expect(within(bar()!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Batalkan pilihan', 'Jadikan Active', 'Jadikan Inactive']);
    cleanup();

    listCategories(categories, ['category.list', 'category.delete']);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pilih Kategori 0' }));
    expect(within(bar()!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Batalkan pilihan', 'Hapus']);
    cleanup();

    listCategories(categories, ['category.list', 'category.create']);
    await screen.findByText('Kategori 0');
    expect(screen.queryByRole('checkbox')).toBeNull();
    cleanup();

    // Roles have no visibility flag: updating them gives no action on several.
    client.api.mockImplementation(async (asked: string) =>
      asked.startsWith('/role?') ? { data: [{ _id: 'r1', name: 'Editor Tamu', isActive: true, isSystem: false, permissions: [] }], pagination: { page: 1, limit: 20, total: 1, pages: 1 }, message: 'OK' } : { data: [], message: 'OK' },
    );
    renderScreen('role', ['role.list', 'role.update']);
    await screen.findByText('Editor Tamu');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
