/** A collection's screen: 'Total: N item', the add/edit form above the table, delete with confirmation, alerts. */
import { recordTitle, resources, type Column, type ResourceDefinition } from '@cms/worker/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, fileUrl, getJson, sendForm, sendJson } from '../api/client.ts';
import { thumbnailUrl } from '@cms/worker/contract/api';
import { deleteErrorMessage, RequestFailure, saveErrorMessage, SUCCESS } from '../api/messages.ts';
import { reload } from '../api/reload.ts';
import { PageShell } from '../layout/PageShell.tsx';
import TextCell from '../widgets/TextCell.tsx';
import ResourceForm, { type Submission } from './ResourceForm.tsx';
import { saveRecord } from './save.ts';
import { ScheduleCell } from '../widgets/ScheduleInput.tsx';
import DeletedRecords from '../widgets/DeletedRecords.tsx';
import type { Screen } from './screens.ts';

type Row = { _id: string } & Record<string, unknown>;

const FALLBACK_IMAGE = `${import.meta.env.BASE_URL}fallback-logo.svg`;

function CellValue({ column, row, resource }: { column: Column; row: Row; resource: ResourceDefinition }) {
  const value = row[column.field];
  const cell = column.cell;
  switch (cell.as) {
    case 'image':
      if (!value) return <span className="muted">-</span>;
      return (
        <img
          className="thumb"
          // The small thumbnail stored beside the image (the worker answers with the image if there is none).
          src={thumbnailUrl(fileUrl(String(value)))}
          alt=""
          width={64}
          height={40}
          loading="lazy"
          // A missing or broken file shows the default logo instead of a broken image.
          onError={(event) => event.currentTarget.src.endsWith(FALLBACK_IMAGE) || (event.currentTarget.src = FALLBACK_IMAGE)}
        />
      );
    case 'flag':
      return <span className={`badge ${value ? 'on' : 'off'}`}>{value ? cell.yes : cell.no}</span>;
    case 'choice': {
      const field = resource.fields[column.field];
      const labels: Partial<Record<string, string>> = field?.kind === 'enum' ? (field.labels ?? {}) : {};
      return <span className="badge">{labels[String(value)] ?? String(value ?? '')}</span>;
    }
    case 'date':
      return <>{value ? new Date(String(value)).toLocaleDateString(cell.locale ?? 'id-ID', cell.locale === 'en-US' ? { month: 'short', day: 'numeric', year: 'numeric' } : undefined) : '-'}</>;
    case 'list': {
      const items = (Array.isArray(value) ? value : []).map((item) => {
        if (typeof item !== 'object' || !item) return String(item);
        const record = item as Record<string, unknown>;
        return cell.format ? cell.format(record) : String(record[cell.key ?? 'title'] ?? '');
      });
      return (
        <span className="chips">
          {items.slice(0, cell.show).map((item, i) => (
            <span key={i} className="badge">
              {item}
            </span>
          ))}
          {items.length > cell.show && <span className="muted">{cell.more(items.length - cell.show)}</span>}
        </span>
      );
    }
    case 'link':
      if (!value) return <span className="muted">-</span>;
      return cell.kind === 'email' ? <a href={`mailto:${value}`}>{String(value)}</a> : <a href={/^https?:\/\//.test(String(value)) ? String(value) : `https://${value}`} target="_blank" rel="noopener noreferrer">{String(value)}</a>;
    case 'reference':
      return <>{value && typeof value === 'object' ? String((value as { name?: string }).name ?? '') : cell.empty}</>;
    case 'schedule':
      return <ScheduleCell row={row} />;
    case 'social': {
      const links = Object.entries(cell.links).filter(([field]) => row[field]);
      if (links.length === 0) return <span className="muted">-</span>;
      return (
        <span className="chips">
          {links.map(([field, name]) => (
            <a key={field} className="badge" href={String(row[field])} target="_blank" rel="noopener noreferrer" aria-label={`${name} ${recordTitle(resource, row, '')}`}>
              {name}
            </a>
          ))}
        </span>
      );
    }
    default:
      return <TextCell value={String(value ?? '')} truncate={cell.truncate} fallback={cell.fallback} expand={cell.expand} title={recordTitle(resource, row, '')} />;
  }
}

/** What was typed in the search box, once typing pauses: one request per search, not per key. */
function useSearchTerm(typed: string) {
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  return term;
}

export default function ResourceScreen({ screen }: { screen: Screen }) {
  const resource: ResourceDefinition = resources[screen.resource];
  const dialect = screen.dialect ?? 'id';
  const errors = { ...screen.errors, dialect };
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const searched = useSearchTerm(search);
  const list = useQuery({
    queryKey: [resource.path, { search: searched }],
    queryFn: async ({ signal }) => (await api<Row[]>(`/${resource.path}${searched ? `?search=${encodeURIComponent(searched)}` : ''}`, { signal })).data,
    // The rows found so far stay while the next search is on its way.
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  // Editing starts from the record as stored now, not the list's copy; the form waits for it.
  const editingId = editing && editing !== 'new' ? editing._id : null;
  const detail = useQuery({
    queryKey: [resource.path, editingId],
    queryFn: async () => (await getJson<Row>(`/${resource.path}/${editingId}`)).data,
    enabled: editingId !== null,
    gcTime: 0,
  });
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // The record open in the form is not loaded again under it: that would reset the form and lose
  // what is being typed, and hide from the conflict check that someone else saved meanwhile.
  const refresh = () => reload(client, { queryKey: [resource.path], predicate: (query) => editingId === null || query.queryKey[1] !== editingId });

  const [progress, setProgress] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (submission: Submission) => {
      setProgress(null);
      const target = editing && editing !== 'new' ? { method: 'PUT' as const, path: `/${resource.path}/${editing._id}` } : { method: 'POST' as const, path: `/${resource.path}` };
      return saveRecord(resource, submission, target, setProgress);
    },
    onSuccess: () => {
      const texts = screen.success ?? SUCCESS[dialect];
      setAlert({ kind: 'success', text: texts[editing === 'new' ? 'create' : 'update'] });
      setEditing(null);
      refresh();
    },
    onError: (error) => setAlert({ kind: 'error', text: saveErrorMessage(error, errors) }),
  });
  const remove = useMutation({
    mutationFn: (row: Row) => sendJson('DELETE', `/${resource.path}/${row._id}`),
    onSuccess: () => {
      setAlert({ kind: 'success', text: SUCCESS[dialect].delete });
      refresh();
    },
    onError: (error) => setAlert({ kind: 'error', text: deleteErrorMessage(error, errors) }),
  });
  const toggle = useMutation({
    mutationFn: (row: Row) => sendJson('PUT', `/${resource.path}/${row._id}`, { isActive: !row.isActive }),
    onSettled: refresh,
  });

  const rows = list.data ?? [];
  const actionLabel = dialect === 'id' && screen.route === 'vision' ? 'Aksi' : 'Action';
  const confirmText = screen.deleteConfirm ?? 'Apakah Anda yakin ingin menghapus data ini?';
  return (
    <PageShell title={screen.title} subtitle={list.isLoading ? undefined : `Total: ${rows.length} item`} group={screen.group}>
      {alert && (
        <p className={`alert ${alert.kind}`} role={alert.kind === 'error' ? 'alert' : 'status'}>
          {alert.text}
          <button type="button" className="link-button" onClick={() => setAlert(null)} aria-label="Tutup">
            ×
          </button>
        </p>
      )}
      {editing ? (
        <ResourceForm
          key={editing === 'new' ? 'new' : `${editing._id}-${detail.dataUpdatedAt}`}
          screen={screen}
          resource={resource}
          record={editing === 'new' ? null : (detail.data ?? editing)}
          saving={save.isPending}
          progress={progress}
          loading={detail.isFetching}
          onSubmit={(submission) => save.mutate(submission)}
          saveError={save.error}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="primary add-button" onClick={() => (setAlert(null), setEditing('new'))}>
          + Tambah {resource.title}
        </button>
      )}
      <div className="toolbar">
        <input type="search" className="list-search" aria-label={`Cari ${resource.title}`} placeholder={dialect === 'en' ? 'Search...' : 'Cari...'} value={search} onChange={(event) => setSearch(event.target.value)} />
        {list.isFetching && !list.isLoading && <span className="muted">{dialect === 'en' ? 'Searching...' : 'Mencari...'}</span>}
      </div>
      {resource.public && <DeletedRecords resource={resource} />}
      {list.isError && screen.loadError ? (
        <div className="alert error" role="alert">
          {list.error instanceof RequestFailure ? screen.loadError.failed : screen.loadError.unreachable}{' '}
          <button type="button" onClick={() => list.refetch()}>
            Coba lagi
          </button>
        </div>
      ) : list.isLoading && screen.skeletonRows ? (
        <div className="table-wrap" aria-busy="true" aria-label="Memuat...">
          <table className="skeleton">
            <tbody>
              {Array.from({ length: screen.skeletonRows }, (_, row) => (
                <tr key={row}>
                  {screen.columns.map((column) => (
                    <td key={column.field + column.label}>
                      <span className="skeleton-bar" />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : list.isLoading ? (
        <p className="loading">Memuat...</p>
      ) : rows.length === 0 && searched ? (
        <p className="empty">{dialect === 'en' ? `Nothing matches "${searched}".` : `Tidak ada data yang cocok dengan "${searched}".`}</p>
      ) : rows.length === 0 ? (
        <p className="empty">{screen.empty ?? `Belum ada data. Tambahkan ${resource.title} pertama Anda.`}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                {screen.columns.map((column) => (
                  <th key={column.field + column.label} scope="col">
                    {column.label}
                  </th>
                ))}
                <th scope="col" className="actions-head">
                  {actionLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row._id}>
                  {screen.columns.map((column) => (
                    <td key={column.field + column.label} data-label={column.label}>
                      <div className="cell-value">
                        {screen.resource === 'gallery' && column.field === 'isActive' ? (
                          <button type="button" className={`badge ${row.isActive ? 'on' : 'off'}`} onClick={() => toggle.mutate(row)} aria-label={`Ubah status ${String(row.title)}`}>
                            {row.isActive ? 'Active' : 'Inactive'}
                          </button>
                        ) : (
                          <CellValue column={column} row={row} resource={resource} />
                        )}
                      </div>
                    </td>
                  ))}
                  <td className="actions" data-label={actionLabel}>
                    <button type="button" onClick={() => (setAlert(null), setEditing(row), window.scrollTo({ top: 0 }))} aria-label={`Edit ${recordTitle(resource, row, '')}`}>
                      Edit
                    </button>
                    <button
                      type="button"
                      className="danger"
                      disabled={!!resource.protectedWhen && !!row[resource.protectedWhen]}
                      onClick={() => window.confirm(confirmText) && remove.mutate(row)}
                      aria-label={`Hapus ${recordTitle(resource, row, '')}`}
                    >
                      Hapus
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PageShell>
  );
}
