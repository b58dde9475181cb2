import type { DashboardSummary, SiteBuild } from '@cms/worker/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getJson, sendJson } from '../api/client.ts';
import { isForbidden, saveErrorMessage } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { NoPermissionNotice } from '../layout/NoPermission.tsx';
import { reload } from '../api/reload.ts';
import { PageShell } from '../layout/PageShell.tsx';
import { BackupPanel } from './BackupPanel.tsx';
import { ADMIN_PAGES, collectionPageOf } from './pages.ts';
import './Dashboard.css';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('id-ID') : '-');

const BUILD_STATUS: Record<SiteBuild['status'], string> = {
  pending: 'Menunggu',
  sent: 'Diminta',
  building: 'Sedang dibangun',
  succeeded: 'Berhasil',
  failed: 'Gagal',
  'timed-out': 'Waktu habis',
  'not-configured': 'Hook rebuild belum diatur',
};

const SYSTEM_PARTS = [
  ['database', 'Database (D1)'],
  ['storage', 'Penyimpanan file (R2)'],
  ['rebuildHook', 'Rebuild situs otomatis'],
] as const;


const IN_PROGRESS: readonly SiteBuild['status'][] = ['pending', 'sent', 'building'];
/** A finished build's message says what went wrong, or which records a good build skipped. */
const SHOWS_MESSAGE: readonly SiteBuild['status'][] = ['failed', 'timed-out', 'succeeded'];

/** Shortcuts the pages declare, in the sidebar's order. */
const SHORTCUTS = ADMIN_PAGES.flatMap((page) => (page.shortcut ? [{ to: `/admin/${page.route}`, module: page.module, ...page.shortcut }] : []));

/** Live figures from the API; nothing here is a placeholder. Each part shows when the API gave it, that is when the user may read it. */
export default function Dashboard() {
  const client = useQueryClient();
  const access = useAccess();
  const summary = useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => (await getJson<DashboardSummary>('/dashboard')).data,
    // While a site build is under way, follow it until it ends.
    refetchInterval: (query) => (IN_PROGRESS.includes(query.state.data?.lastBuild?.status ?? 'succeeded') ? 2_000 : false),
  });
  const rebuild = useMutation({
    mutationFn: () => sendJson<SiteBuild>('POST', '/rebuild'),
    onSettled: () => reload(client, { queryKey: ['dashboard'] }),
  });
  const lastBuild = summary.data?.lastBuild;
  const data = summary.data;
  const content = data ? Object.values(data.content).reduce((sum, c) => sum + c.total, 0) : 0;
  const subscribers = data?.subscribers;
  const growth = subscribers ? subscribers.last30Days - subscribers.previous30Days : 0;
  const quickActions = SHORTCUTS.filter((shortcut) => (shortcut.needs === 'read' ? access.mayRead(shortcut.module) : access.may(shortcut.module, 'create')));
  return (
    <PageShell title="Dashboard">
      {isForbidden(summary.error) ? (
        <NoPermissionNotice home={false} />
      ) : summary.isError ? (
        <div className="alert error" role="alert">
          Gagal memuat dashboard.{' '}
          <button type="button" onClick={() => void summary.refetch()}>
            Coba lagi
          </button>
        </div>
      ) : !data ? (
        <p className="loading">Memuat...</p>
      ) : (
        <>
          <ul className="stat-cards">
            {Object.keys(data.content).length > 0 && (
              <li>
                <strong>{content}</strong> Konten
              </li>
            )}
            {data.users && (
              <li>
                <strong>{data.users.total}</strong> Users ({data.users.active} aktif)
              </li>
            )}
            {subscribers && (
              <>
                <li>
                  <strong>{subscribers.active}</strong> Subscribers aktif
                </li>
                <li>
                  <strong>
                    {growth >= 0 ? '+' : ''}
                    {growth}
                  </strong>{' '}
                  subscriber baru 30 hari terakhir vs 30 hari sebelumnya ({subscribers.last30Days} vs {subscribers.previous30Days})
                </li>
              </>
            )}
          </ul>
          {lastBuild !== undefined && (
            <section className="panel">
              <h2>Build situs terakhir</h2>
              <p className="build-status">
                {lastBuild ? `${BUILD_STATUS[lastBuild.status]} · ${when(lastBuild.requestedAt)} · ${lastBuild.reason}` : 'Belum ada build.'}
                {lastBuild && SHOWS_MESSAGE.includes(lastBuild.status) && lastBuild.message && <span className="muted"> {lastBuild.message.slice(-300)}</span>}
              </p>
              {access.may('rebuild', 'create') && (
                <button type="button" className="primary" onClick={() => rebuild.mutate()} disabled={rebuild.isPending}>
                  {rebuild.isPending ? 'Meminta...' : 'Rebuild sekarang'}
                </button>
              )}
              {rebuild.isSuccess && <p className="alert success" role="status">Rebuild diminta. Situs diperbarui dalam beberapa detik.</p>}
              {rebuild.isError && <p className="alert error" role="alert">{saveErrorMessage(rebuild.error)}</p>}
            </section>
          )}
          {data.system && (
            <section className="panel">
              <h2>Status sistem</h2>
              <ul className="system-status">
                {SYSTEM_PARTS.map(([part, label]) => (
                  <li key={part}>
                    {label}: <span className={`badge ${data.system?.[part] ? 'on' : 'off'}`}>{data.system?.[part] ? 'Berjalan' : part === 'rebuildHook' ? 'Belum diatur' : 'Gangguan'}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data.lastBackup !== undefined && <BackupPanel lastBackup={data.lastBackup} />}
          {quickActions.length > 0 && (
            <section className="panel">
              <h2>Aksi cepat</h2>
              <ul className="quick-actions">
                {quickActions.map(({ to, label }) => (
                  <li key={to}>
                    <Link to={to}>{label}</Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="panel">
            <h2>Aktivitas terbaru</h2>
            {data.recentActivity.length === 0 ? (
              <p className="muted">Belum ada aktivitas.</p>
            ) : (
              <ul className="activity">
                {data.recentActivity.map((entry) => (
                  <li key={entry._id}>
                    <strong>{entry.username || 'Pengunjung'}</strong> {entry.action} {collectionPageOf(entry.resource)?.title ?? entry.resource} <em>{entry.summary}</em> <span className="muted">{when(entry.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {Object.keys(data.content).length > 0 && (
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
                  {Object.entries(data.content).map(([path, counts]) => {
                    const screen = collectionPageOf(path);
                    return (
                      <tr key={path}>
                        <td>{screen ? <Link to={`/admin/${screen.route}`}>{screen.title}</Link> : path}</td>
                        <td>{counts.total}</td>
                        <td>{counts.visible}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}
    </PageShell>
  );
}
