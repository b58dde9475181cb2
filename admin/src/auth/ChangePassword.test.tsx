import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestFailure } from '../api/messages.ts';
import * as client from '../test/api-client.ts';
import { ChangePassword } from './ChangePassword.tsx';

vi.mock('../api/client.ts', () => import('../test/api-client.ts'));

afterEach(() => {
  cleanup();
  client.sendJson.mockReset();
});

async function fillAndSend(current: string, password: string, again: string) {
  render(<ChangePassword />);
  fireEvent.change(screen.getByLabelText('Password saat ini'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('Password baru'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Ulangi password baru'), { target: { value: again } });
  await act(async () => {
    fireEvent.submit(screen.getByRole('button', { name: 'Ubah password' }).closest('form')!);
    await Promise.resolve();
  });
}

describe("changing one's own password", () => {
  it('sends nothing when the new password and its repeat differ, and says so', async () => {
    await fillAndSend('password-lama', 'password-baru-1', 'password-baru-2');
    expect(client.sendJson).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Password baru dan ulangannya tidak sama.');
  });

  it('sends the current and the new password, then says it is done and empties the fields', async () => {
    client.sendJson.mockResolvedValue({ success: true, message: 'Password berhasil diubah. Sesi di perangkat lain telah diakhiri.', data: null });
    await fillAndSend('password-lama', 'password-baru-1', 'password-baru-1');
    expect(client.sendJson).toHaveBeenCalledWith('POST', '/auth/password/change', { currentPassword: 'password-lama', password: 'password-baru-1' });
    expect((await screen.findByRole('status')).textContent).toBe('Password berhasil diubah. Sesi di perangkat lain telah diakhiri.');
    expect(screen.getByLabelText<HTMLInputElement>('Password saat ini').value).toBe('');
  });

  it("shows the server's refusal in its own words and keeps what was typed", async () => {
    const message = 'Password salah. Masukkan password akun Anda.';
    client.sendJson.mockRejectedValue(new RequestFailure(403, { success: false, data: null, code: 'FORBIDDEN', message }, message));
    await fillAndSend('salah', 'password-baru-1', 'password-baru-1');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText<HTMLInputElement>('Password baru').value).toBe('password-baru-1');
  });
});
