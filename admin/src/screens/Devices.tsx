/**
 * "Perangkat yang masuk": the signed-in user's own sessions with their browser, address and last
 * use. Any other one can be ended, or all of them at once; the one in use ends with Logout.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeviceSession } from '@cms/worker/contract';
import { getJson, sendJson } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';
import { PageShell } from '../layout/PageShell.tsx';
import DataTable, { type TableColumn } from '../widgets/DataTable.tsx';

const when = (iso: string) => new Date(iso).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short' });
const reason = (error: unknown) => (error instanceof RequestFailure && error.body?.message ? error.body.message : 'Permintaan gagal. Silakan coba lagi.');

export default function Devices() {
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: ['sessions'], queryFn: async () => (await getJson<DeviceSession[]>('/sessions')).data });
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const settle = {
    onSuccess: (answer: { message: string }) => setAlert({ kind: 'success', text: answer.message }),
    onError: (error: unknown) => setAlert({ kind: 'error', text: reason(error) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['sessions'] }),
  };
  const endOne = useMutation({ mutationFn: (id: string) => sendJson('DELETE', `/sessions/${encodeURIComponent(id)}`), ...settle });
  const endOthers = useMutation({ mutationFn: () => sendJson('POST', '/sessions/end-others'), ...settle });
  const rows = sessions.data ?? [];
  const others = rows.filter((row) => !row.current).length;

  const columns: TableColumn<DeviceSession>[] = [
    { key: 'browser', label: 'Browser', cell: (row) => (row.current ? <>{row.browser} <span className="badge">Perangkat ini</span></> : row.browser) },
    { key: 'address', label: 'Alamat', cell: (row) => row.address },
    { key: 'lastSeen', label: 'Terakhir aktif', cell: (row) => when(row.lastSeenAt) },
    { key: 'signedIn', label: 'Masuk sejak', cell: (row) => when(row.signedInAt) },
    {
      key: 'actions',
      label: 'Aksi',
      className: 'actions',
      headClassName: 'actions-head',
      cell: (row) =>
        row.current ? (
          <span className="muted">Gunakan Logout</span>
        ) : (
          <button type="button" className="danger" disabled={endOne.isPending} onClick={() => endOne.mutate(row.id)} aria-label={`Keluarkan ${row.browser} (${row.address})`}>
            Keluarkan
          </button>
        ),
    },
  ];

  return (
    <PageShell title="Perangkat yang masuk" subtitle={sessions.isLoading ? null : `${rows.length} perangkat`}>
      <p>Daftar browser yang sedang masuk dengan akun Anda. Keluarkan perangkat yang tidak Anda kenali, lalu ganti password Anda.</p>
      {alert && (
        <p className={`alert ${alert.kind}`} role={alert.kind === 'error' ? 'alert' : 'status'}>
          {alert.text}
        </p>
      )}
      {sessions.isError ? (
        <p className="alert error" role="alert">
          {reason(sessions.error)}
        </p>
      ) : sessions.isLoading ? (
        <p className="loading">Memuat...</p>
      ) : (
        <DataTable rows={rows} rowKey={(row) => row.id} columns={columns} />
      )}
      <button type="button" disabled={others === 0 || endOthers.isPending} onClick={() => window.confirm('Keluarkan semua perangkat lain dari akun Anda?') && endOthers.mutate()}>
        Keluarkan semua perangkat lain
      </button>
    </PageShell>
  );
}
