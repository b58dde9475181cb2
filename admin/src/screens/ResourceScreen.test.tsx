import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ResourceScreen from './ResourceScreen.tsx';
import { SCREENS } from './screens.ts';

const client = vi.hoisted(() => ({ api: vi.fn(), sendJson: vi.fn() }));
vi.mock('../api/client.ts', () => ({
  api: client.api,
  getJson: (path: string) => client.api(path),
  sendJson: client.sendJson,
  getAll: async () => [],
  fileUrl: (value: string | null | undefined) => value ?? '',
}));

const record = (isActive: boolean) => ({ _id: 'r1', title: 'Hari Memilah', slug: 'hari-memilah', description: 'Warga memilah sampah.', category: 'event', order: 1, image: '', isActive });

/** A collection's screen over one stored record; the list answers `isActive` as stored at the time. */
function show(resource: string, stored: { isActive: boolean }) {
  client.api.mockImplementation(async (path: string) =>
    path.startsWith(`/${resource}?`) ? { data: [record(stored.isActive)], pagination: { page: 1, limit: 20, total: 1, pages: 1 }, message: 'OK' } : { data: [], message: 'OK' },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ResourceScreen screen={SCREENS.find((s) => s.resource === resource)!} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  client.api.mockReset();
  client.sendJson.mockReset();
});

describe('a flag column declared as a toggle', () => {
  it('flips the flag of its row in place and shows the stored state', async () => {
    const stored = { isActive: true };
    show('gallery', stored);
    const toggle = await screen.findByRole('button', { name: 'Ubah status Hari Memilah' });
    expect(toggle.textContent).toBe('Active');
    client.sendJson.mockImplementation(async (_method: string, _path: string, body: { isActive: boolean }) => {
      stored.isActive = body.isActive;
      return { data: record(body.isActive), message: 'OK' };
    });
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ubah status Hari Memilah' }).textContent).toBe('Inactive'));
    expect(client.sendJson).toHaveBeenCalledWith('PUT', '/gallery/r1', { isActive: false });
  });

  it('is a plain badge on a screen that does not declare it', async () => {
    show('category', { isActive: true });
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Ubah status/ })).toBeNull();
  });
});
