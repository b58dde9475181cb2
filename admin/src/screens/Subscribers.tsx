import type { Subscriber } from '@cms/worker/contract';
import { SUBSCRIBER_PAGE_SIZE } from '@cms/worker/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriberImportSummary } from '@cms/worker/contract/api';
import { useRef, useState } from 'react';
import { api, getJson, sendForm, sendJson } from '../api/client.ts';
import { useSessionUser } from '../auth/Guard.tsx';
import { RequestFailure } from '../api/messages.ts';
import { reload } from '../api/reload.ts';
import { PageShell } from '../layout/PageShell.tsx';

const STATUS_LABEL: Record<string, string> = { active: 'Active', unsubscribed: 'Unsubscribed', pending: 'Pending' };
const failure = (prefix: string, error: unknown) => (error instanceof RequestFailure && error.body?.message ? `${prefix}: ${error.body.message}` : prefix);

export default function Subscribers() {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const query = new URLSearchParams({ page: String(page), limit: String(SUBSCRIBER_PAGE_SIZE), ...(search ? { search } : {}), ...(status ? { status } : {}) });
  const list = useQuery({ queryKey: ['subscribe', query.toString()], queryFn: () => api<Subscriber[]>(`/subscribe?${query}`) });
  const count = (s: string) => ({ queryKey: ['subscribe-count', s], queryFn: async () => (await getJson<Subscriber[]>(`/subscribe?page=1&limit=1${s ? `&status=${s}` : ''}`)).pagination?.total ?? 0 });
  const total = useQuery(count(''));
  const active = useQuery(count('active'));
  const unsubscribed = useQuery(count('unsubscribed'));
  const refresh = () => reload(client, { predicate: (q) => String(q.queryKey[0]).startsWith('subscribe') });
  const change = useMutation({
    mutationFn: ({ id, next }: { id: string; next: string }) => sendJson('PUT', `/subscribe/${id}`, { status: next }),
    onSuccess: () => (setAlert({ kind: 'success', text: 'Status updated successfully!' }), refresh()),
    onError: (error) => setAlert({ kind: 'error', text: failure('Error updating status', error) }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => sendJson('DELETE', `/subscribe/${id}`),
    onSuccess: () => (setAlert({ kind: 'success', text: 'Subscriber deleted successfully!' }), refresh()),
    onError: (error) => setAlert({ kind: 'error', text: failure('Error deleting subscriber', error) }),
  });
  const user = useSessionUser();
  const fileInput = useRef<HTMLInputElement>(null);
  const [summary, setSummary] = useState<SubscriberImportSummary | null>(null);
  const importCsv = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return sendForm<SubscriberImportSummary>('POST', '/subscribe/import', form);
    },
    onSuccess: (answer) => (setAlert({ kind: 'success', text: answer.message }), setSummary(answer.data), refresh()),
    onError: (error) => (setAlert({ kind: 'error', text: failure('Import gagal', error) }), setSummary(null)),
  });
  // The export follows the search and status filter shown on screen.
  const exportQuery = new URLSearchParams({ ...(search ? { search } : {}), ...(status ? { status } : {}) });
  const pages = list.data?.pagination?.pages ?? 1;
  return (
    <PageShell title="Email Subscribers" subtitle={list.data?.pagination ? `Total: ${list.data.pagination.total} item` : undefined}>
      <ul className="stat-cards">
        <li>
          <strong>{total.data ?? '-'}</strong> Total
        </li>
        <li>
          <strong>{active.data ?? '-'}</strong> Active
        </li>
        <li>
          <strong>{unsubscribed.data ?? '-'}</strong> Unsubscribed
        </li>
      </ul>
      <div className="filters">
        <label>
          <span className="sr-only">Cari email</span>
          <input type="search" placeholder="Cari email..." value={search} onChange={(event) => (setSearch(event.target.value), setPage(1))} />
        </label>
        <label>
          <span className="sr-only">Status</span>
          <select value={status} onChange={(event) => (setStatus(event.target.value), setPage(1))}>
            <option value="">Semua status</option>
            <option value="active">Active</option>
            <option value="unsubscribed">Unsubscribed</option>
            <option value="pending">Pending</option>
          </select>
        </label>
      </div>
      <div className="toolbar">
        {user.permissions.includes('subscribe.export') && (
          <a className="button" href={`/api/subscribe/export${exportQuery.size ? `?${exportQuery}` : ''}`} download>
            Export CSV
          </a>
        )}
        {user.permissions.includes('subscribe.import') && (
          <>
            <button type="button" disabled={importCsv.isPending} onClick={() => fileInput.current?.click()}>
              {importCsv.isPending ? 'Mengimpor...' : 'Import CSV'}
            </button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label="File CSV subscriber"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) importCsv.mutate(file);
              }}
            />
          </>
        )}
      </div>
      {alert && (
        <p className={`alert ${alert.kind}`} role={alert.kind === 'error' ? 'alert' : 'status'}>
          {alert.text}
        </p>
      )}
      {summary && summary.invalid.length > 0 && (
        <details className="import-problems" open={summary.invalid.length <= 10}>
          <summary>{summary.invalid.length} baris tidak valid</summary>
          <ul>
            {summary.invalid.slice(0, 100).map((line) => (
              <li key={line.line}>
                Baris {line.line}: <code>{line.value || '(kosong)'}</code> — {line.problem}
              </li>
            ))}
          </ul>
        </details>
      )}
      {list.isLoading ? (
        <p className="loading">Memuat...</p>
      ) : (list.data?.data ?? []).length === 0 ? (
        <p className="empty">{search || status ? 'Tidak ada subscriber yang cocok.' : 'Belum ada subscriber.'}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Source</th>
                <th scope="col">Subscribed</th>
                <th scope="col" className="actions-head">
                  Action
                </th>
              </tr>
            </thead>
            <tbody>
              {(list.data?.data ?? []).map((s) => (
                <tr key={s._id}>
                  <td data-label="Email">{s.email}</td>
                  <td data-label="Status">
                    <span className="badge">{STATUS_LABEL[s.status] ?? 'Pending'}</span>
                  </td>
                  <td data-label="Source">{s.source}</td>
                  <td data-label="Subscribed">{s.subscribedAt ? new Date(s.subscribedAt).toLocaleDateString('id-ID') : '-'}</td>
                  <td className="actions" data-label="Action">
                    <button type="button" disabled={s.status === 'active'} onClick={() => change.mutate({ id: s._id, next: 'active' })} aria-label={`Activate ${s.email}`}>
                      Activate
                    </button>
                    <button type="button" disabled={s.status === 'unsubscribed'} onClick={() => change.mutate({ id: s._id, next: 'unsubscribed' })} aria-label={`Unsubscribe ${s.email}`}>
                      Unsubscribe
                    </button>
                    <button type="button" className="danger" onClick={() => window.confirm('Are you sure you want to delete this subscriber?') && remove.mutate(s._id)} aria-label={`Delete ${s.email}`}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pagination" aria-label="Pagination">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </nav>
    </PageShell>
  );
}
