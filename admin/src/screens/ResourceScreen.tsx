/**
 * A collection's screen: 'Total: N item', the add/edit form above the table, search, filters and
 * counts the definition declares, the list paged by the API, delete with confirmation, alerts,
 * and rows picked for an action on several at once (BulkBar). Buttons and checkboxes for what the
 * user may not do are left out; a list the API refuses (403) says so.
 */
import {
  DEFAULT_LOCALE,
  isTranslatable,
  LIST_PAGE_SIZE,
  LOCALES,
  recordTitle,
  resources,
  sortParam,
  TRANSLATIONS,
  type Column,
  type ListSort,
  type Locale,
  type ResourceDefinition,
  type TranslationStatus,
} from '@cms/worker/contract';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, getJson, sendJson } from '../api/client.ts';
import { CellValue } from '../cells/index.tsx';
import { kindOf } from '../fields/index.ts';
import { deleteErrorMessage, isForbidden, RequestFailure, saveErrorMessage, SUCCESS } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { NoPermissionPage } from '../layout/NoPermission.tsx';
import { reload } from '../api/reload.ts';
import { PageShell } from '../layout/PageShell.tsx';
import ResourceForm, { type Submission } from './ResourceForm.tsx';
import TranslationForm from './TranslationForm.tsx';
import { translationLabel } from '../cells/translation.tsx';
import { saveRecord } from './save.ts';
import DeletedRecords from '../widgets/DeletedRecords.tsx';
import DataTable, { Pager, type TableColumn, type TableSelection, type TableSort } from '../widgets/DataTable.tsx';
import BulkBar, { bulkActions, type Row } from './BulkBar.tsx';
import CsvTools from '../widgets/CsvTools.tsx';
import Invites from './Invites.tsx';
import { clampPage, listQuery, narrowingQuery, pageOfIndex } from './paging.ts';
import type { Screen } from './screens.ts';
import { directionWords, SORT_PARAM, sortOfAddress } from './sorting.ts';
import styles from './ResourceScreen.module.css';
import { LanguageTabs } from '../widgets/LanguageTabs.tsx';
import { useConfirmLeave } from '../widgets/useUnsavedChanges.tsx';

/** Rows picked on one list query (page, search, filters, order). */
interface Picks {
  query: string;
  keys: ReadonlySet<string>;
}
const NO_PICKS: Picks = { query: '', keys: new Set() };

/** What was typed in the search box, once typing pauses: one request per search, not per key. Clearing it counts at once. */
function useSearchTerm(typed: string) {
  const [term, setTerm] = useState('');
  const cleared = typed.trim() === '';
  // Set while rendering, so no render shows the old term once the box is empty.
  if (cleared && term !== '') setTerm('');
  useEffect(() => {
    if (cleared) return;
    const timer = setTimeout(() => setTerm(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed, cleared]);
  return term;
}

/** The choices of a filter, as the field's kind offers them (a choice's labels, a flag's two states as its column shows them). */
function filterOptions(resource: ResourceDefinition, screen: Screen, name: string): Array<{ value: string; label: string }> {
  const field = resource.fields[name];
  const cell = screen.columns.find((column) => column.field === name)?.cell;
  return (field && kindOf(field).filterOptions?.(field, cell)) ?? [];
}

/** What the translation filter offers: what is left to do, then each state. */
const TRANSLATION_FILTER: ReadonlyArray<{ value: 'todo' | TranslationStatus; label: (locale: Locale) => string }> = [
  { value: 'todo', label: (locale) => `${LOCALES[locale].short}: belum selesai` },
  ...(['missing', 'outdated', 'draft', 'scheduled', 'published'] as const).map((status) => ({ value: status, label: (locale: Locale) => translationLabel(locale, status) })),
];

/** A column's key among the table's columns. */
const columnKey = (column: Column) => column.field + column.label;

/** A failure text followed by the server's reason when it gives one. */
const withReason = (prefix: string, error: unknown) => (error instanceof RequestFailure && error.body?.message ? `${prefix}: ${error.body.message}` : prefix);

export default function ResourceScreen({ screen }: { screen: Screen }) {
  const resource: ResourceDefinition = resources[screen.resource];
  const dialect = screen.dialect ?? 'id';
  const errors = { ...screen.errors, dialect };
  const texts = screen.texts ?? {};
  const pageSize = screen.pageSize ?? LIST_PAGE_SIZE;
  const client = useQueryClient();
  const access = useAccess();
  const may = { create: access.may(resource.path, 'create'), update: access.may(resource.path, 'update'), delete: access.may(resource.path, 'delete') };
  const [search, setSearch] = useState('');
  const searched = useSearchTerm(search);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  // The order is kept in the address, so a reload or a way back to the screen keeps it.
  const [address, setAddress] = useSearchParams();
  const sort = sortOfAddress(address.get(SORT_PARAM), resource, screen.columns);
  /** The list in another order (none: its own), from its first page. */
  function orderBy(next: ListSort | undefined) {
    setAddress(
      (params) => {
        if (next) params.set(SORT_PARAM, sortParam(next));
        else params.delete(SORT_PARAM);
        return params;
      },
      { replace: true },
    );
    setPage(1);
  }
  const query = listQuery({ page, pageSize, search: searched, filters, sort });
  const list = useQuery({
    queryKey: [resource.path, 'list', query.toString()],
    queryFn: ({ signal }) => api<Row[]>(`/${resource.path}?${query}`, { signal }),
    // The rows shown stay while the next page or search is on its way.
    placeholderData: keepPreviousData,
  });
  const pages = list.data?.pagination?.pages ?? 1;
  // Picks hold on the page, search, filters and order they were made on; another starts with none,
  // so an action never reaches a row out of sight. Rows gone after a reload drop out too.
  const [picks, setPicks] = useState<Picks>(NO_PICKS);
  const [bulkRunning, setBulkRunning] = useState(false);
  const pickedKeys = picks.query === query.toString() ? picks.keys : NO_PICKS.keys;
  // Deleting the last record of the last page leaves that page empty: show the one before.
  if (list.data?.pagination && !list.isPlaceholderData && page > pages) setPage(clampPage(page, pages));
  const counts = useQueries({
    queries: (screen.counts ?? []).map((card) => ({
      queryKey: [resource.path, 'count', card.where?.field ?? '', card.where?.value ?? ''],
      queryFn: async () => {
        const where = card.where ? `&${new URLSearchParams({ [card.where.field]: card.where.value })}` : '';
        return (await getJson<Row[]>(`/${resource.path}?page=1&limit=1${where}`)).pagination?.total ?? 0;
      },
    })),
  });
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  // The language of the record open in the form: its own (Indonesian) or a translation's.
  const [language, setLanguage] = useState<Locale>(DEFAULT_LOCALE);
  const translatable = isTranslatable(resource);
  // Editing starts from the record as stored now, not the list's copy; the form waits for it.
  const editingId = editing && editing !== 'new' ? editing._id : null;
  const detail = useQuery({
    queryKey: [resource.path, editingId],
    queryFn: async () => (await getJson<Row>(`/${resource.path}/${editingId}`)).data,
    enabled: editingId !== null,
    gcTime: 0,
  });
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // Another record or language replaces the open form: what it holds unsaved is asked about first.
  const confirmLeave = useConfirmLeave();
  async function openForm(row: Row) {
    if (row._id === editingId && language === DEFAULT_LOCALE) return window.scrollTo({ top: 0 });
    if (!(await confirmLeave())) return;
    setAlert(null);
    setEditing(row);
    setLanguage(DEFAULT_LOCALE);
    window.scrollTo({ top: 0 });
  }
  // A record opened from the admin's search (Ctrl+K): `?edit=<id>` opens its form (`&language=en`
  // on that language's tab), `?search=<words>` lists it. Taken once while rendering (as the search
  // term is), then dropped from the address.
  const openId = address.get('edit');
  const openLanguage = address.get('language') ?? '';
  const openWords = address.get('search');
  const openRequest = openId !== null || openWords !== null ? address.toString() : null;
  const [handledRequest, setHandledRequest] = useState<string | null>(null);
  if (openRequest !== handledRequest) {
    setHandledRequest(openRequest);
    if (openId && !screen.readOnly && may.update) {
      setAlert(null);
      setEditing({ _id: openId });
      setLanguage(translatable && (TRANSLATIONS as string[]).includes(openLanguage) ? (openLanguage as Locale) : DEFAULT_LOCALE);
    }
    if (openWords !== null) {
      setSearch(openWords);
      setPage(1);
    }
  }
  useEffect(() => {
    if (openRequest === null) return;
    window.scrollTo({ top: 0 });
    setAddress(
      (params) => {
        for (const name of ['edit', 'language', 'search']) params.delete(name);
        return params;
      },
      { replace: true },
    );
  }, [openRequest, setAddress]);
  // The record open in the form is not loaded again under it: that would reset the form and lose
  // what is being typed, and hide from the conflict check that someone else saved meanwhile.
  const refresh = () => reload(client, { queryKey: [resource.path], predicate: (query) => editingId === null || query.queryKey[1] !== editingId });

  /** A new record shows at once: search and filters cleared, the page that holds it in the list's order. */
  async function showCreated(id: string) {
    setSearch('');
    setFilters({});
    if (resource.sort === 'newest' && !sort) return setPage(1);
    const order = (await getJson<Array<{ _id: string }>>(`/${resource.path}/versions${sort ? `?${SORT_PARAM}=${sortParam(sort)}` : ''}`)).data;
    setPage(pageOfIndex(order.findIndex((record) => record._id === id), pageSize));
  }

  const [progress, setProgress] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (submission: Submission) => {
      setProgress(null);
      const target = editing && editing !== 'new' ? { method: 'PUT' as const, path: `/${resource.path}/${editing._id}` } : { method: 'POST' as const, path: `/${resource.path}` };
      return saveRecord(resource, submission, target, setProgress);
    },
    onSuccess: async (answer) => {
      const texts = screen.success ?? SUCCESS[dialect];
      const created = editing === 'new';
      setAlert({ kind: 'success', text: texts[created ? 'create' : 'update'] });
      setEditing(null);
      if (created) await showCreated((answer.data as Row)._id).catch(() => setPage(1));
      void refresh();
    },
    onError: (error) => setAlert({ kind: 'error', text: saveErrorMessage(error, errors) }),
  });
  const remove = useMutation({
    mutationFn: (row: Row) => sendJson('DELETE', `/${resource.path}/${row._id}`),
    onSuccess: () => {
      setAlert({ kind: 'success', text: texts.deleted ?? SUCCESS[dialect].delete });
      void refresh();
    },
    onError: (error) => setAlert({ kind: 'error', text: texts.deleteFailed ? withReason(texts.deleteFailed, error) : deleteErrorMessage(error, errors) }),
  });
  const setField = useMutation({
    mutationFn: ({ row, field, value }: { row: Row; field: string; value: string }) => sendJson('PUT', `/${resource.path}/${row._id}`, { [field]: value }),
    onSuccess: () => {
      setAlert({ kind: 'success', text: texts.updated ?? SUCCESS[dialect].update });
      void refresh();
    },
    onError: (error) => setAlert({ kind: 'error', text: texts.updateFailed ? withReason(texts.updateFailed, error) : saveErrorMessage(error, errors) }),
  });
  const command = useMutation({
    mutationFn: ({ row, path }: { row: Row; path: string }) => sendJson('POST', path.replace(':id', encodeURIComponent(row._id))),
    onSuccess: (answer) => setAlert({ kind: 'success', text: answer.message }),
    onError: (error) => setAlert({ kind: 'error', text: withReason('Gagal', error) }),
  });
  const toggle = useMutation({
    mutationFn: ({ row, field }: { row: Row; field: string }) => sendJson('PUT', `/${resource.path}/${row._id}`, { [field]: !row[field] }),
    onError: (error) => setAlert({ kind: 'error', text: saveErrorMessage(error, errors) }),
    onSettled: refresh,
  });

  const rows = list.data?.data ?? [];
  const total = list.data?.pagination?.total ?? rows.length;
  const narrowed = !!searched || Object.values(filters).some((value) => value !== '');
  const actionLabel = texts.actions ?? 'Action';
  const deleteLabel = texts.delete ?? 'Hapus';
  const confirmText = screen.deleteConfirm ?? 'Apakah Anda yakin ingin menghapus data ini?';
  const bulk = bulkActions(resource, screen, may);
  const picked = rows.filter((row) => pickedKeys.has(row._id));
  const selection: TableSelection<Row> | undefined = bulk.length
    ? {
        picked: new Set(picked.map((row) => row._id)),
        onPick: (keys, on) => {
          const next = new Set(pickedKeys);
          for (const key of keys) if (on) next.add(key);
          else next.delete(key);
          setPicks({ query: query.toString(), keys: next });
        },
        label: (row) => `Pilih ${recordTitle(resource, row, row._id)}`,
        disabled: bulkRunning,
      }
    : undefined;
  const rowActions = may.delete || (may.update && (!screen.readOnly || (screen.setActions ?? []).length > 0 || (screen.rowCommands ?? []).length > 0));
  const columns: TableColumn<Row>[] = screen.columns.map((column) => ({
    key: columnKey(column),
    label: column.label,
    sortable: directionWords(resource, column.field),
    cell: (row: Row) => (
      <div className="cell-value">
        <CellValue column={column} row={row} resource={resource} onToggle={may.update ? () => toggle.mutate({ row, field: column.field }) : undefined} />
      </div>
    ),
  }));
  if (rowActions) {
    columns.push({
      key: 'actions',
      label: actionLabel,
      className: 'actions',
      headClassName: 'actions-head',
      cell: (row) => {
        const title = recordTitle(resource, row, '');
        return (
          <>
            {may.update && (screen.setActions ?? []).map((action) => (
              <button
                key={action.label}
                type="button"
                disabled={row[action.field] === action.value || setField.isPending}
                onClick={() => setField.mutate({ row, field: action.field, value: action.value })}
                aria-label={`${action.label} ${title}`}
              >
                {action.label}
              </button>
            ))}
            {may.update && (screen.rowCommands ?? []).map((action) => (
              <button
                key={action.label}
                type="button"
                disabled={command.isPending}
                onClick={() => window.confirm(action.confirm.replace('{title}', title)) && command.mutate({ row, path: action.path })}
                aria-label={`${action.label} ${title}`}
              >
                {action.label}
              </button>
            ))}
            {!screen.readOnly && may.update && (
              <button type="button" onClick={() => void openForm(row)} aria-label={`Edit ${title}`}>
                Edit
              </button>
            )}
            {may.delete && (
              <button
                type="button"
                className="danger"
                disabled={!!resource.protectedWhen && !!row[resource.protectedWhen]}
                onClick={() => window.confirm(confirmText) && remove.mutate(row)}
                aria-label={`${deleteLabel} ${title}`}
              >
                {deleteLabel}
              </button>
            )}
          </>
        );
      },
    });
  }
  const sortedColumn = sort && screen.columns.find((column) => column.field === sort.field);
  const tableSort: TableSort = {
    by: sort && sortedColumn ? { key: columnKey(sortedColumn), direction: sort.direction } : undefined,
    onSort: (by) => {
      const column = by && screen.columns.find((candidate) => columnKey(candidate) === by.key);
      orderBy(by && column ? { field: column.field, direction: by.direction } : undefined);
    },
  };
  // Not an empty list: the records exist, the user may not read them.
  if (isForbidden(list.error)) return <NoPermissionPage title={screen.title} group={screen.group} />;
  const recordForm = (record: Row | 'new') => (
    <ResourceForm
      key={record === 'new' ? 'new' : `${record._id}-${detail.dataUpdatedAt}`}
      screen={screen}
      resource={resource}
      record={record === 'new' ? null : (detail.data ?? record)}
      saving={save.isPending}
      progress={progress}
      loading={detail.isFetching}
      onSubmit={(submission) => save.mutate(submission)}
      saveError={save.error}
      onCancel={() => setEditing(null)}
    />
  );
  return (
    <PageShell title={screen.title} subtitle={list.isLoading ? null : `Total: ${total} item`} group={screen.group}>
      {screen.counts && (
        <ul className={`stat-cards ${styles.counts}`}>
          {screen.counts.map((card, i) => (
            <li key={card.label}>
              <strong>{counts[i]?.data ?? '-'}</strong> {card.label}
            </li>
          ))}
        </ul>
      )}
      {alert && (
        <p className={`alert ${alert.kind}`} role={alert.kind === 'error' ? 'alert' : 'status'}>
          {alert.text}
          <button type="button" className="link-button" onClick={() => setAlert(null)} aria-label="Tutup">
            ×
          </button>
        </p>
      )}
      {screen.readOnly ? null : editing && editing !== 'new' && translatable ? (
        <LanguageTabs language={language} onChange={(locale) => void confirmLeave().then((leave) => leave && setLanguage(locale))}>
          {language !== DEFAULT_LOCALE && detail.data ? (
            <TranslationForm key={`${editing._id}-${language}`} screen={screen} resource={resource} record={detail.data} locale={language} onSaved={(text) => setAlert({ kind: 'success', text })} onClose={() => setEditing(null)} />
          ) : (
            recordForm(editing)
          )}
        </LanguageTabs>
      ) : editing ? (
        recordForm(editing)
      ) : may.create && screen.addedByInvite ? (
        <Invites onAlert={setAlert} />
      ) : may.create ? (
        <button type="button" className={`primary ${styles.addButton}`} onClick={() => (setAlert(null), setEditing('new'))}>
          + Tambah {resource.title}
        </button>
      ) : null}
      <div className="toolbar">
        <input
          type="search"
          className={styles.search}
          aria-label={texts.search ?? `Cari ${resource.title}`}
          placeholder={texts.search ? `${texts.search}...` : dialect === 'en' ? 'Search...' : 'Cari...'}
          value={search}
          onChange={(event) => (setSearch(event.target.value), setPage(1))}
        />
        {translatable &&
          TRANSLATIONS.map((locale) => (
            <select
              key={locale}
              aria-label={`Terjemahan ${LOCALES[locale].label}`}
              value={filters.translationLocale === locale ? (filters.translation ?? '') : ''}
              onChange={(event) => (setFilters({ ...filters, translation: event.target.value, translationLocale: event.target.value ? locale : '' }), setPage(1))}
            >
              <option value="">Semua terjemahan {LOCALES[locale].short}</option>
              {TRANSLATION_FILTER.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label(locale)}
                </option>
              ))}
            </select>
          ))}
        {(screen.filters ?? []).map((name) => {
          const label = resource.fields[name]?.label ?? name;
          return (
            <select key={name} aria-label={label} value={filters[name] ?? ''} onChange={(event) => (setFilters({ ...filters, [name]: event.target.value }), setPage(1))}>
              <option value="">Semua {label.toLowerCase()}</option>
              {filterOptions(resource, screen, name).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          );
        })}
        {list.isFetching && !list.isLoading && <span className="muted">{dialect === 'en' ? 'Searching...' : 'Mencari...'}</span>}
      </div>
      {screen.widgets && (
        <CsvTools resource={resource} widgets={screen.widgets} narrowing={narrowingQuery({ search: searched, filters })} onAlert={setAlert} onImported={() => void refresh()} />
      )}
      {resource.public && <DeletedRecords resource={resource} canRestore={may.create} />}
      {list.isError && screen.loadError ? (
        <div className="alert error" role="alert">
          {list.error instanceof RequestFailure ? screen.loadError.failed : screen.loadError.unreachable}{' '}
          <button type="button" onClick={() => void list.refetch()}>
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
                    <td key={columnKey(column)}>
                      <span className={styles.skeletonBar} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : list.isLoading ? (
        <p className="loading">Memuat...</p>
      ) : rows.length === 0 && narrowed ? (
        <p className="empty">
          {texts.noMatch ?? (!searched ? (dialect === 'en' ? 'Nothing matches.' : 'Tidak ada data yang cocok.') : dialect === 'en' ? `Nothing matches "${searched}".` : `Tidak ada data yang cocok dengan "${searched}".`)}
        </p>
      ) : rows.length === 0 ? (
        <p className="empty">{screen.empty ?? `Belum ada data. Tambahkan ${resource.title} pertama Anda.`}</p>
      ) : (
        <DataTable rows={rows} rowKey={(row) => row._id} columns={columns} busy={list.isPlaceholderData} sort={tableSort} selection={selection} />
      )}
      {picked.length > 0 && (
        <BulkBar
          resource={resource}
          actions={bulk}
          picked={picked}
          onRunning={setBulkRunning}
          onClear={() => setPicks(NO_PICKS)}
          onFinished={(outcome) => {
            // The list is loaded again on the same page and order, with nothing picked; the outcome shows at the top.
            setPicks(NO_PICKS);
            setAlert(outcome);
            window.scrollTo({ top: 0 });
            void refresh();
          }}
        />
      )}
      <Pager page={page} pages={pages} onPage={(next) => (setPage(next), window.scrollTo({ top: 0 }))} />
    </PageShell>
  );
}
