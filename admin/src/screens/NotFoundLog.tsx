/**
 * Addresses visitors found missing (broken links from elsewhere, old bookmarks): each can be
 * turned into a redirect in one click, after which it leaves the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MissingPage } from '@cms/worker/contract';
import { getJson, sendJson } from '../api/client.ts';
import { isForbidden, saveErrorMessage } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { NoPermissionPage } from '../layout/NoPermission.tsx';
import { PageShell } from '../layout/PageShell.tsx';
import DataTable, { type TableColumn } from '../widgets/DataTable.tsx';

export default function NotFoundLog() {
  const client = useQueryClient();
  const mayRedirect = useAccess().may('redirect', 'create');
  const log = useQuery({ queryKey: ['not-found'], queryFn: async () => (await getJson<MissingPage[]>('/not-found')).data });
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const create = useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) => sendJson('POST', '/redirect', { from, to, status: '301', isActive: true }),
    onSuccess: (_answer, { from, to }) => {
      setAlert(`Redirect dibuat: ${from} → ${to}`);
      void client.invalidateQueries({ queryKey: ['not-found'] });
      void client.invalidateQueries({ queryKey: ['redirect'] });
    },
    onError: (error) => setAlert(saveErrorMessage(error)),
  });
  const rows = log.data ?? [];
  const columns: TableColumn<MissingPage>[] = [
    { key: 'path', label: 'Alamat', cell: (row) => row.path },
    { key: 'hits', label: 'Dibuka', cell: (row) => `${row.hits}×` },
    { key: 'lastSeen', label: 'Terakhir', cell: (row) => new Date(row.lastSeen).toLocaleString('id-ID') },
    { key: 'referrer', label: 'Dari', cell: (row) => row.referrer || '-' },
  ];
  if (mayRedirect) {
    columns.push({
      key: 'redirect',
      label: 'Redirect ke',
      className: 'actions',
      headClassName: 'actions-head',
      cell: (row) => (
        <>
          <input
            aria-label={`Alamat tujuan untuk ${row.path}`}
            inputMode="url"
            value={targets[row.path] ?? '/'}
            onChange={(event) => setTargets({ ...targets, [row.path]: event.target.value })}
          />
          <button type="button" disabled={create.isPending} onClick={() => create.mutate({ from: row.path, to: targets[row.path] ?? '/' })}>
            Buat redirect
          </button>
        </>
      ),
    });
  }
  if (isForbidden(log.error)) return <NoPermissionPage title="Halaman Tidak Ditemukan (404)" />;
  return (
    <PageShell title="Halaman Tidak Ditemukan (404)">
      <p className="hint">Alamat di situs yang dibuka pengunjung tetapi tidak ada halamannya. Arahkan ke halaman yang benar dengan satu klik.</p>
      {alert && (
        <p role="status" className="alert">
          {alert}
        </p>
      )}
      {log.isLoading ? (
        <p className="loading">Memuat...</p>
      ) : rows.length === 0 ? (
        <p className="empty">Belum ada alamat yang tidak ditemukan.</p>
      ) : (
        <DataTable rows={rows} rowKey={(row) => row.path} columns={columns} />
      )}
    </PageShell>
  );
}
