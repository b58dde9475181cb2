/**
 * Pesan Masuk: inquiries from the site's Kolaborasi form. A list with status tabs, search and
 * assignee; one inquiry with its consent record, its thread, status, assignee and notes, and a
 * reply sent by email from here (kept in the thread).
 */
import {
  INQUIRY_LIMITS,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  type InquiryAssignee,
  type InquiryDetail,
  type InquiryStatus,
  type InquirySummary,
} from '@cms/worker/contract/inquiry';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { getJson, sendJson } from '../api/client.ts';
import { isForbidden, saveErrorMessage } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { NoPermissionPage } from '../layout/NoPermission.tsx';
import { PageShell } from '../layout/PageShell.tsx';
import DataTable from '../widgets/DataTable.tsx';
import { Tabs, type Tab } from '../widgets/Tabs.tsx';
import './Inquiries.css';

const TITLE = 'Pesan Masuk';
const STATUS_TABS: Array<Tab<InquiryStatus | ''>> = [{ value: '', label: 'Semua' }, ...INQUIRY_STATUSES.map((value) => ({ value, label: INQUIRY_STATUS_LABELS[value] }))];
const when = (iso: string) => new Date(iso).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Jakarta' });

export default function Inquiries() {
  const { id } = useParams();
  return id ? <InquiryView id={id} /> : <InquiryList />;
}

function InquiryList() {
  const [status, setStatus] = useState<InquiryStatus | ''>('new');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page), ...(status && { status }), ...(search && { search }) });
  const list = useQuery({
    queryKey: ['inquiries', status, search, page],
    queryFn: () => getJson<InquirySummary[]>(`/inquiries?${query}`),
    placeholderData: keepPreviousData,
  });
  if (isForbidden(list.error)) return <NoPermissionPage title={TITLE} />;
  const rows = list.data?.data ?? [];
  const pages = list.data?.pagination?.pages ?? 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };
  return (
    <PageShell title={TITLE} subtitle="Pesan dari formulir Kolaborasi di situs.">
      <Tabs
        label="Status"
        className="inquiry-tabs"
        tabs={STATUS_TABS}
        selected={status}
        onSelect={(value) => {
          setStatus(value);
          setPage(1);
        }}
      >
        <form className="filters" role="search" onSubmit={submit}>
          <input type="search" aria-label="Cari pesan" placeholder="Cari nama, email, organisasi atau isi pesan" value={typed} onChange={(event) => setTyped(event.target.value)} />
          <button type="submit">Cari</button>
        </form>
        {list.error && <p className="alert error">{saveErrorMessage(list.error)}</p>}
        {list.isLoading ? (
          <p className="loading">Memuat...</p>
        ) : rows.length === 0 ? (
          <p className="empty">{search ? 'Tidak ada pesan yang cocok.' : 'Belum ada pesan.'}</p>
        ) : (
          <DataTable
            rows={rows}
            rowKey={(row) => row._id}
            busy={list.isPlaceholderData}
            rowProps={(row) => ({ 'data-status': row.status })}
            columns={[
              { key: 'createdAt', label: 'Masuk', cell: (row) => when(row.createdAt) },
              {
                key: 'name',
                label: 'Pengirim',
                cell: (row) => (
                  <Link to={`/admin/inquiries/${row._id}`}>
                    {row.name}
                    {row.organisation && <small className="muted"> · {row.organisation}</small>}
                  </Link>
                ),
              },
              { key: 'email', label: 'Email', cell: (row) => row.email },
              { key: 'topic', label: 'Topik', cell: (row) => row.topic },
              { key: 'status', label: 'Status', cell: (row) => <span className={`badge inquiry-${row.status}`}>{INQUIRY_STATUS_LABELS[row.status]}</span> },
              { key: 'assignee', label: 'Petugas', cell: (row) => row.assigneeName || '-' },
            ]}
          />
        )}
        {pages > 1 && (
          <nav className="pager" aria-label="Halaman">
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Sebelumnya
            </button>
            <span>
              Halaman {page} dari {pages}
            </span>
            <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Berikutnya
            </button>
          </nav>
        )}
      </Tabs>
    </PageShell>
  );
}

function InquiryView({ id }: { id: string }) {
  const access = useAccess();
  const mayUpdate = access.may('inquiry', 'update');
  const mayReply = access.may('inquiry', 'reply');
  const client = useQueryClient();
  const inquiry = useQuery({ queryKey: ['inquiry', id], queryFn: async () => (await getJson<InquiryDetail>(`/inquiries/${encodeURIComponent(id)}`)).data });
  const people = useQuery({ queryKey: ['inquiry-assignees'], queryFn: async () => (await getJson<InquiryAssignee[]>('/inquiries/assignees')).data, enabled: mayUpdate });
  const [notes, setNotes] = useState<string | null>(null);
  const [reply, setReply] = useState('');
  const [alert, setAlert] = useState<{ text: string; error: boolean } | null>(null);
  const stored = (data: InquiryDetail, message: string) => {
    client.setQueryData(['inquiry', id], data);
    void client.invalidateQueries({ queryKey: ['inquiries'] });
    setAlert({ text: message, error: false });
  };
  const change = useMutation({
    mutationFn: (body: { status?: InquiryStatus; assigneeId?: string | null; notes?: string }) => sendJson<InquiryDetail>('PATCH', `/inquiries/${encodeURIComponent(id)}`, body),
    onSuccess: (answer) => {
      setNotes(null);
      stored(answer.data, 'Perubahan disimpan.');
    },
    onError: (error) => setAlert({ text: saveErrorMessage(error), error: true }),
  });
  const send = useMutation({
    mutationFn: (body: string) => sendJson<InquiryDetail>('POST', `/inquiries/${encodeURIComponent(id)}/replies`, { body }),
    onSuccess: (answer) => {
      setReply('');
      stored(answer.data, 'Balasan terkirim.');
    },
    onError: (error) => setAlert({ text: saveErrorMessage(error), error: true }),
  });
  if (isForbidden(inquiry.error)) return <NoPermissionPage title={TITLE} />;
  const data = inquiry.data;
  return (
    <PageShell title={data ? `Pesan dari ${data.name}` : TITLE}>
      <p>
        <Link to="/admin/inquiries">← Kembali ke Pesan Masuk</Link>
      </p>
      {alert && (
        <p role={alert.error ? 'alert' : 'status'} className={alert.error ? 'alert error' : 'alert'}>
          {alert.text}
        </p>
      )}
      {inquiry.isLoading && <p className="loading">Memuat...</p>}
      {inquiry.error && !data && <p className="alert error">{saveErrorMessage(inquiry.error)}</p>}
      {data && (
        <div className="inquiry-view">
          <article className="panel inquiry-thread" aria-label="Percakapan">
            <header>
              <p>
                <strong>{data.name}</strong> · <a href={`mailto:${data.email}`}>{data.email}</a>
                {data.organisation && <> · {data.organisation}</>}
              </p>
              <p className="muted">
                {data.topic} · masuk {when(data.createdAt)}
              </p>
            </header>
            <p className="inquiry-message">{data.message}</p>
            {data.replies.map((answer) => (
              <div key={answer._id} className="inquiry-reply">
                <p className="muted">
                  Balasan {answer.authorName} · {when(answer.sentAt)}
                </p>
                <p className="inquiry-message">{answer.body}</p>
              </div>
            ))}
            {mayReply && (
              <form
                className="inquiry-reply-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  send.mutate(reply);
                }}
              >
                <div className="field">
                  <label htmlFor="inquiry-reply">Balas ke {data.email}</label>
                  <textarea id="inquiry-reply" rows={6} maxLength={INQUIRY_LIMITS.reply} value={reply} onChange={(event) => setReply(event.target.value)} required disabled={send.isPending} />
                </div>
                <button type="submit" className="primary" disabled={send.isPending}>
                  {send.isPending ? 'Mengirim...' : 'Kirim balasan'}
                </button>
              </form>
            )}
          </article>
          <aside className="panel inquiry-side">
            <div className="field">
              <label htmlFor="inquiry-status">Status</label>
              <select id="inquiry-status" value={data.status} disabled={!mayUpdate || change.isPending} onChange={(event) => change.mutate({ status: event.target.value as InquiryStatus })}>
                {INQUIRY_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {INQUIRY_STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="inquiry-assignee">Petugas</label>
              <select
                id="inquiry-assignee"
                value={data.assigneeId ?? ''}
                disabled={!mayUpdate || change.isPending}
                onChange={(event) => change.mutate({ assigneeId: event.target.value || null })}
              >
                <option value="">Belum ada</option>
                {(people.data ?? (data.assigneeId ? [{ _id: data.assigneeId, name: data.assigneeName }] : [])).map((person) => (
                  <option key={person._id} value={person._id}>
                    {person.name}
                  </option>
                ))}
              </select>
            </div>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                change.mutate({ notes: notes ?? data.notes });
              }}
            >
              <div className="field">
                <label htmlFor="inquiry-notes">Catatan staf</label>
                <textarea id="inquiry-notes" rows={5} maxLength={INQUIRY_LIMITS.notes} value={notes ?? data.notes} onChange={(event) => setNotes(event.target.value)} disabled={!mayUpdate} />
              </div>
              {mayUpdate && (
                <button type="submit" disabled={change.isPending || notes === null}>
                  Simpan catatan
                </button>
              )}
            </form>
            <section className="inquiry-consent-record" aria-label="Persetujuan">
              <h2>Persetujuan</h2>
              <p>{data.consentText}</p>
              <p className="muted">
                Dicentang {when(data.consentedAt)} di {data.sourcePage} ({data.language === 'en' ? 'Inggris' : 'Indonesia'})
              </p>
            </section>
          </aside>
        </div>
      )}
    </PageShell>
  );
}
