import type { DashboardSummary, SiteBuild } from '@cms/worker/contract/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignedIn } from '../test/session.tsx';
import Dashboard from './Dashboard.tsx';

const getJson = vi.hoisted(() => vi.fn());
vi.mock('../api/client.ts', () => ({ getJson, sendJson: vi.fn() }));

const summary = (lastBuild: Partial<SiteBuild>): DashboardSummary => ({
  content: {},
  users: { total: 1, active: 1 },
  subscribers: { total: 0, active: 0, unsubscribed: 0, pending: 0, last30Days: 0, previous30Days: 0 },
  recentActivity: [],
  lastBuild: { _id: 'b1', reason: 'Vision: update', requestedAt: '2026-11-23T10:00:00.000Z', sentAt: null, finishedAt: null, durationMs: null, message: '', status: 'sent', ...lastBuild },
  system: { database: true, storage: true, rebuildHook: true },
  lastBackup: null,
});

function show(build: Partial<SiteBuild>) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  getJson.mockResolvedValue({ data: summary(build), message: 'OK' });
  mount();
}

function mount(permissions?: string[]) {
  render(
    <SignedIn permissions={permissions}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Dashboard />
        </MemoryRouter>
      </QueryClientProvider>
    </SignedIn>,
  );
}

afterEach(() => {
  cleanup();
  getJson.mockReset();
  vi.useRealTimers();
});

describe('the last site build on the dashboard', () => {
  it('shows a timed-out build with its message and stops asking', async () => {
    show({ status: 'timed-out', message: 'Build tidak melaporkan hasil dalam 20 menit dan dianggap gagal.' });
    expect(await screen.findByText(/^Waktu habis · /)).toBeTruthy();
    expect(screen.getByText(/tidak melaporkan hasil dalam 20 menit/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(getJson).toHaveBeenCalledTimes(1);
  });

  it('follows a build under way every two seconds', async () => {
    show({ status: 'building' });
    expect(await screen.findByText(/^Sedang dibangun · /)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(getJson.mock.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('follows a build from waiting to its end, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const under = ['pending', 'sent', 'building'] as const;
    for (const status of under) getJson.mockResolvedValueOnce({ data: summary({ status }), message: 'OK' });
    getJson.mockResolvedValue({ data: summary({ status: 'succeeded', finishedAt: '2026-11-23T10:00:09.000Z', durationMs: 9_000 }), message: 'OK' });
    mount();
    expect(await screen.findByText(/^Menunggu · /)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText(/^Berhasil · /)).toBeTruthy();
    const asked = getJson.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(getJson).toHaveBeenCalledTimes(asked);
  });

  it('names the records a successful build skipped', async () => {
    show({ status: 'succeeded', message: 'Halaman dilewati: Vision "Judul" (id v1): slug 300 karakter, maksimal 200.' });
    expect(await screen.findByText(/Halaman dilewati: Vision "Judul"/)).toBeTruthy();
  });
});

describe('the dashboard of a user who may read only vision articles', () => {
  it('shows the parts the API gave and the actions they may take, without a failure', async () => {
    getJson.mockResolvedValue({ data: { content: { vision: { total: 7, visible: 5 } }, recentActivity: [] } satisfies DashboardSummary, message: 'OK' });
    mount(['vision.read', 'vision.list', 'vision.create']);
    expect((await screen.findByRole('link', { name: 'Manage Vision' })).closest('tr')?.textContent).toBe('Manage Vision75');
    expect(screen.getByText('Konten').textContent).toBe('7 Konten');
    expect(screen.getByRole('link', { name: 'Tulis Vision' })).toBeTruthy();
    for (const hidden of ['Tulis artikel Bio Core', 'Upload file', 'Lihat subscribers']) expect(screen.queryByRole('link', { name: hidden })).toBeNull();
    for (const part of ['Build situs terakhir', 'Status sistem', 'Cadangan data terakhir']) expect(screen.queryByRole('heading', { name: part })).toBeNull();
    expect(screen.queryByText(/Users|Subscribers aktif|Gagal/)).toBeNull();
    expect(screen.getByText('Belum ada aktivitas.')).toBeTruthy();
  });
});
