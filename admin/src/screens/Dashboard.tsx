import type { DashboardSummary, SiteBuild } from '@cms/worker/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../api/client.ts';
import { PageShell } from '../layout/PageShell.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('id-ID') : '-');

/** Live figures from the API; nothing here is a placeholder. */
export default function Dashboard() {
  const client = useQueryClient();
  const summary = useQuery({ queryKey: ['dashboard'], queryFn: async () => (await getJson<DashboardSummary>('/dashboard')).data });
  const rebuild = useMutation({
    mutationFn: () => sendJson<SiteBuild>('POST', '/rebuild'),
    onSettled: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
  const data = summary.data;
  const content = data ? Object.values(data.content).reduce((sum, c) => sum + c.total, 0) : 0;
  const growth = data ? data.subscribers.last30Days - data.subscribers.previous30Days : 0;
  return (
    <PageShell title="Dashboard">
      {!data ? (
        <p className="loading">Memuat...</p>
      ) : (
        <>
          <ul className="stat-cards">
            <li>
              <strong>{content}</strong> Konten
            </li>
            <li>
              <strong>{data.users.total}</strong> Users ({data.users.active} aktif)
            </li>
            <li>
              <strong>{data.subscribers.active}</strong> Subscribers aktif
            </li>
            <li>
              <strong>
                {growth >= 0 ? '+' : ''}
                {growth}
              </strong>{' '}
              subscriber baru 30 hari terakhir vs 30 hari sebelumnya ({data.subscribers.last30Days} vs {data.subscribers.previous30Days})
            </li>
          </ul>
          <section className="panel">
            <h2>Build situs terakhir</h2>
            <p>{data.lastBuild ? `${data.lastBuild.status} · ${when(data.lastBuild.requestedAt)} · ${data.lastBuild.reason}` : 'Belum ada build.'}</p>
            <button type="button" className="primary" onClick={() => rebuild.mutate()} disabled={rebuild.isPending}>
              {rebuild.isPending ? 'Meminta...' : 'Rebuild sekarang'}
            </button>
          </section>
          <section className="panel">
            <h2>Aktivitas terbaru</h2>
            <ul className="activity">
              {data.recentActivity.map((entry) => (
                <li key={entry._id}>
                  <strong>{entry.username || 'Pengunjung'}</strong> {entry.action} {entry.resource} <em>{entry.summary}</em> <span className="muted">{when(entry.createdAt)}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className="panel">
            <h2>Konten per bagian</h2>
            <table>
              <thead>
                <tr>
                  <th scope="col">Bagian</th>
                  <th scope="col">Total</th>
                  <th scope="col">Tampil di situs</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(data.content).map(([path, counts]) => (
                  <tr key={path}>
                    <td>{path}</td>
                    <td>{counts.total}</td>
                    <td>{counts.visible}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </PageShell>
  );
}
