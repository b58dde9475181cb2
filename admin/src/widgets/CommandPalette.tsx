/**
 * The admin's search (Ctrl+K, or the header's button): any record of a collection the user may
 * read, by its title or slug in any language, from GET /api/search; choosing one opens it in its
 * screen (its form for those who may edit it, on the tab of the language it was found in; else
 * the list narrowed to it).
 */
import { LOCALES, resources, SEARCH_QUERY_MESSAGES, searchQueryProblem, type AdminSearchHit, type ResourceDefinition, type ResourceKey } from '@cms/worker/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';
import { useAccess, type Access } from '../auth/access.ts';
import Modal from './Modal.tsx';
import './CommandPalette.css';

/** Typing pauses this long before the search is sent: one request per pause, not per key. */
const PAUSE_MS = 200;

/**
 * Where a hit opens: its record's form when the user may edit it there (on the tab of the
 * language it was found in), else its screen's list searched for its title.
 */
export function recordAddress(hit: AdminSearchHit, access: Access): string | null {
  const resource: ResourceDefinition | undefined = resources[hit.collection as ResourceKey];
  if (!resource?.admin) return null;
  const editable = !resource.admin.readOnly && access.may(resource.path, 'update');
  const query: Record<string, string> = editable ? { edit: hit.id, ...(hit.locale ? { language: hit.locale } : {}) } : { search: hit.sourceTitle ?? hit.title };
  return `/admin/${resource.admin.route}?${new URLSearchParams(query)}`;
}

function useTypedTerm(typed: string) {
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return term;
}

export default function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const access = useAccess();
  const navigate = useNavigate();
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const term = useTypedTerm(typed);
  const problem = searchQueryProblem(term);
  const found = useQuery({
    queryKey: ['admin-search', term],
    queryFn: async ({ signal }) => (await api<AdminSearchHit[]>(`/search?${new URLSearchParams({ q: term })}`, { signal })).data,
    enabled: open && problem === null,
    staleTime: 10_000,
  });
  const hits = problem === null ? (found.data ?? []) : [];

  function close() {
    setTyped('');
    setActive(0);
    onClose();
  }
  function choose(hit: AdminSearchHit | undefined) {
    const address = hit && recordAddress(hit, access);
    if (!address) return;
    close();
    void navigate(address);
  }

  const status =
    problem && problem !== 'empty' && typed.trim() !== ''
      ? SEARCH_QUERY_MESSAGES.id[problem]
      : problem
        ? 'Ketik judul atau slug data yang Anda cari.'
        : found.isError
          ? found.error instanceof RequestFailure && found.error.body?.message
            ? found.error.body.message
            : 'Pencarian gagal. Periksa koneksi Anda lalu coba lagi.'
          : found.isFetching && !found.data
            ? 'Mencari...'
            : hits.length === 0
              ? `Tidak ada data yang cocok dengan "${term}".`
              : `${hits.length} data ditemukan`;

  return (
    <Modal open={open} title="Cari data" onClose={close} className="command-palette">
      <input
        type="search"
        role="combobox"
        aria-label="Cari judul atau slug"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={hits[active] ? `${listId}-${active}` : undefined}
        placeholder="Cari judul atau slug..."
        autoComplete="off"
        value={typed}
        onChange={(event) => (setTyped(event.target.value), setActive(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setActive(Math.min(active + 1, hits.length - 1));
          else if (event.key === 'ArrowUp') setActive(Math.max(active - 1, 0));
          else if (event.key === 'Enter') choose(hits[active]);
          else return;
          event.preventDefault();
        }}
      />
      <p className="command-status" role="status">
        {status}
      </p>
      <ul id={listId} role="listbox" aria-label="Hasil pencarian" className="command-hits">
        {hits.map((hit, at) => {
          const resource: ResourceDefinition | undefined = resources[hit.collection as ResourceKey];
          return (
            <li
              key={`${hit.collection}-${hit.id}`}
              id={`${listId}-${at}`}
              role="option"
              aria-selected={at === active}
              onMouseEnter={() => setActive(at)}
              onClick={() => choose(hit)}
            >
              <span className="command-title" lang={hit.locale}>
                {hit.locale && <span className="badge">{LOCALES[hit.locale].short}</span>} {hit.title}
              </span>
              {hit.slug && <span className="command-slug">/{hit.slug}</span>}
              <span className="command-collection">{resource?.admin?.title ?? resource?.title ?? hit.collection}</span>
            </li>
          );
        })}
      </ul>
      <p className="command-help">
        <kbd>↑</kbd> <kbd>↓</kbd> pilih · <kbd>Enter</kbd> buka · <kbd>Esc</kbd> tutup
      </p>
    </Modal>
  );
}
