import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import PersonalData from './PersonalData.tsx';
import * as client from '../test/api-client.ts';

vi.mock('../api/client.ts', () => import('../test/api-client.ts'));

const open = (permissions: string[]) => renderRoutes([{ path: '/', element: <PersonalData /> }], { permissions });

afterEach(() => {
  cleanup();
  client.api.mockReset();
});

describe('the personal data page', () => {
  it('asks for no address when its holder may neither export nor erase, and says why', () => {
    open(['privacy.read']);
    expect(screen.queryByLabelText('Alamat email')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('belum boleh mengekspor atau menghapus data pribadi');
  });

  it('never sends an export its holder may not make: Enter in the address only serves erasure', async () => {
    open(['privacy.read', 'privacy.delete']);
    const address = screen.getByLabelText('Alamat email');
    fireEvent.change(address, { target: { value: 'warga@example.org' } });
    await act(async () => {
      fireEvent.submit(address.closest('form')!);
      await Promise.resolve();
    });
    expect(client.api).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Ekspor JSON' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hapus data' })).toBeTruthy();
  });
});
