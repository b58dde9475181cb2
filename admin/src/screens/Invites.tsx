/**
 * How colleagues join: the admin gives an email address and a role, the colleague gets a link to
 * choose their own username and password. Pending invites can be sent again or revoked.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PendingInvite } from '@cms/worker/contract';
import { getAll, getJson, sendJson } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';
import DataTable, { type TableColumn } from '../widgets/DataTable.tsx';
import styles from './Invites.module.css';

type Alert = { kind: 'success' | 'error'; text: string };
const when = (iso: string) => new Date(iso).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short' });
const reason = (error: unknown) => (error instanceof RequestFailure && error.body?.message ? error.body.message : 'Koneksi ke server terputus. Silakan coba lagi.');

export default function Invites({ onAlert }: { onAlert: (alert: Alert | null) => void }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const invites = useQuery({ queryKey: ['invites'], queryFn: async () => (await getJson<PendingInvite[]>('/invites')).data });
  const roles = useQuery({ queryKey: ['role', 'active'], queryFn: async () => (await getAll<{ _id: string; name: string; isActive: boolean }>('/role')).filter((role) => role.isActive), enabled: open });
  const settle = {
    onSuccess: (answer: { message: string }) => onAlert({ kind: 'success', text: answer.message }),
    onError: (failure: unknown) => onAlert({ kind: 'error', text: reason(failure) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['invites'] }),
  };
  const send = useMutation({
    mutationFn: (values: { email: string; role: string }) => sendJson('POST', '/invites', values),
    onSuccess: (answer) => {
      setOpen(false);
      onAlert({ kind: 'success', text: answer.message });
    },
    onError: (failure) => setError(reason(failure)),
    onSettled: settle.onSettled,
  });
  const resend = useMutation({ mutationFn: (id: string) => sendJson('POST', `/invites/${id}/resend`), ...settle });
  const revoke = useMutation({ mutationFn: (id: string) => sendJson('DELETE', `/invites/${id}`), ...settle });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError('');
    send.mutate({ email: String(form.get('email') ?? ''), role: String(form.get('role') ?? '') });
  }

  const columns: TableColumn<PendingInvite>[] = [
    { key: 'email', label: 'Email', cell: (row) => row.email },
    { key: 'role', label: 'Role', cell: (row) => row.role.name },
    { key: 'by', label: 'Diundang oleh', cell: (row) => row.invitedByName || '-' },
    { key: 'sent', label: 'Dikirim', cell: (row) => when(row.sentAt) },
    { key: 'status', label: 'Status', cell: (row) => (row.expired ? <span className="badge">Kedaluwarsa</span> : `Berlaku sampai ${when(row.expiresAt)}`) },
    {
      key: 'actions',
      label: 'Aksi',
      className: 'actions',
      headClassName: 'actions-head',
      cell: (row) => (
        <>
          <button type="button" disabled={resend.isPending} onClick={() => (onAlert(null), resend.mutate(row._id))} aria-label={`Kirim ulang undangan ${row.email}`}>
            Kirim ulang
          </button>
          <button type="button" className="danger" disabled={revoke.isPending} onClick={() => window.confirm(`Batalkan undangan untuk ${row.email}?`) && revoke.mutate(row._id)} aria-label={`Batalkan undangan ${row.email}`}>
            Batalkan
          </button>
        </>
      ),
    },
  ];

  return (
    <section className="panel" aria-labelledby="invites-title">
      <h2 id="invites-title">Undangan</h2>
      {open ? (
        <form className={styles.form} onSubmit={submit} aria-label="Undang user">
          <p className="muted">Rekan Anda menerima tautan (berlaku 72 jam) untuk memilih username dan password sendiri.</p>
          <div className="field">
            <label htmlFor="invite-email">Email</label>
            <input id="invite-email" name="email" type="email" required autoFocus disabled={send.isPending} />
          </div>
          <div className="field">
            <label htmlFor="invite-role">Role</label>
            <select id="invite-role" name="role" required disabled={send.isPending || !roles.data}>
              <option value="">{roles.isError ? 'Daftar role gagal dimuat' : 'Pilih role'}</option>
              {(roles.data ?? []).map((role) => (
                <option key={role._id} value={role._id}>
                  {role.name}
                </option>
              ))}
            </select>
          </div>
          {error && (
            <p className="alert error" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="primary" disabled={send.isPending}>
              {send.isPending ? 'Mengirim...' : 'Kirim undangan'}
            </button>
            <button type="button" onClick={() => (setOpen(false), setError(''))}>
              Batal
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="primary" onClick={() => (onAlert(null), setOpen(true))}>
          + Undang User
        </button>
      )}
      {invites.isError ? (
        <p className="alert error" role="alert">
          {reason(invites.error)}
        </p>
      ) : (invites.data ?? []).length > 0 ? (
        <DataTable rows={invites.data ?? []} rowKey={(row) => row._id} columns={columns} />
      ) : invites.isLoading ? null : (
        <p className="muted">Tidak ada undangan yang menunggu.</p>
      )}
    </section>
  );
}
