import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { LeaveGuardProvider } from '../widgets/useUnsavedChanges.tsx';
import Newsletter from './Newsletter.tsx';
import * as client from '../test/api-client.ts';

vi.mock('../api/client.ts', () => import('../test/api-client.ts'));

const stored = { _id: 'n1', subject: 'Kabar November', body: '<p>Isi lama</p>', articles: [], translations: {}, status: 'draft', progress: { total: 0, sent: 0, failed: 0, left: 0 }, startedAt: null };

/** The newsletter screen as the admin mounts it, with a link elsewhere as the sidebar would have. */
function openNewsletter() {
  client.api.mockImplementation(async (path: string) => {
    if (path === '/newsletter/issues') return { data: [stored], message: 'OK' };
    if (path === '/newsletter/audience') return { data: { active: 12 }, message: 'OK' };
    return { data: {}, message: 'OK' };
  });
  const screenWithLink = (
    <LeaveGuardProvider>
      <Link to="/elsewhere">Ke halaman lain</Link>
      <Newsletter />
    </LeaveGuardProvider>
  );
  renderRoutes(
    [
      { path: '/newsletter', element: screenWithLink },
      { path: '/elsewhere', element: <p>Halaman lain</p> },
    ],
    { path: '/newsletter' },
  );
}

afterEach(() => {
  cleanup();
  client.api.mockReset();
});

describe('a newsletter being written', () => {
  it('names how many active subscribers it will reach, from the newsletter\'s own answer', async () => {
    openNewsletter();
    expect(await screen.findByText('12 subscriber aktif akan menerima newsletter berikutnya.')).toBeTruthy();
    expect(client.api.mock.calls.some(([path]) => String(path).startsWith('/subscribe'))).toBe(false);
  });

  it('is not dropped unasked: leaving the screen or opening a stored draft asks first, and staying keeps the subject', async () => {
    openNewsletter();
    fireEvent.change(await screen.findByLabelText('Subjek'), { target: { value: 'Kabar Desember' } });

    fireEvent.click(screen.getByRole('link', { name: 'Ke halaman lain' }));
    expect(await screen.findByRole('dialog', { name: 'Perubahan belum disimpan' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tetap di sini' }));
    expect(screen.getByLabelText<HTMLInputElement>('Subjek').value).toBe('Kabar Desember');

    fireEvent.click(await screen.findByRole('button', { name: 'Ubah' }));
    expect(await screen.findByRole('dialog', { name: 'Perubahan belum disimpan' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tinggalkan halaman' }));
    expect(await screen.findByDisplayValue('Kabar November')).toBeTruthy();

    // The stored draft, untouched, leaves without a question (once its form has settled: a person
    // clicks after the effects that register it as unchanged have run, which act() waits for).
    await act(async () => {});
    fireEvent.click(screen.getByRole('link', { name: 'Ke halaman lain' }));
    expect(await screen.findByText('Halaman lain')).toBeTruthy();
  });
});
