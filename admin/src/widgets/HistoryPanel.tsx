/**
 * The saved versions of the record being edited, or of its translation into one language: who
 * saved, when (Asia/Jakarta), which fields changed; each version's difference from the record
 * (or translation) as it is now; restore after confirmation.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LOCALES, type Locale, type ResourceDefinition, type RevisionAction, type RevisionDetail, type RevisionSummary } from '@cms/worker/contract';
import { api, getJson } from '../api/client.ts';
import { CONNECTION, RequestFailure } from '../api/messages.ts';
import Modal from './Modal.tsx';
import { DifferenceTable, jakartaTime } from './differences.tsx';

const ACTION_LABEL: Record<RevisionAction, string> = {
  create: 'Dibuat',
  update: 'Diubah',
  restore: 'Dipulihkan',
  delete: 'Dihapus',
  schedule: 'Jadwal',
};

interface Props {
  resource: ResourceDefinition;
  recordId: string;
  /** The form has changes a restore would replace. */
  dirty: boolean;
  /** The form is loading or saving the record: its new state would close a dialog opened now. */
  busy: boolean;
  /** The history of the record's translation into this language, not the record's own. */
  translation?: Locale;
}

/** Where the versions are read, and their query's key (a translation's under its own). */
export const historyOf = (resource: ResourceDefinition, recordId: string, translation?: Locale) =>
  translation
    ? { base: `/${resource.path}/${recordId}/translations/${translation}/revisions`, key: [resource.path, recordId, 'translation', translation, 'revisions'] }
    : { base: `/${resource.path}/${recordId}/revisions`, key: [resource.path, recordId, 'revisions'] };

export default function HistoryPanel({ resource, recordId, dirty, busy, translation }: Props) {
  const client = useQueryClient();
  const { base, key } = historyOf(resource, recordId, translation);
  const language = translation ? ` versi ${LOCALES[translation].label}` : '';
  const versions = useQuery({ queryKey: key, queryFn: async () => (await getJson<RevisionSummary[]>(base)).data });
  const [viewing, setViewing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const difference = useQuery({
    queryKey: [...key, viewing],
    queryFn: async () => (await getJson<RevisionDetail>(`${base}/${viewing}`)).data,
    enabled: viewing !== null,
  });
  const restore = useMutation({
    mutationFn: (version: number) => api(`${base}/${version}/restore`, { method: 'POST' }),
    onSuccess: () => {
      setConfirming(null);
      setViewing(null);
      // The list, the form's record and this history all change.
      void client.invalidateQueries({ queryKey: [resource.path] });
    },
  });

  return (
    <section className="panel history-panel" aria-label={`Riwayat${language || ' versi'}`}>
      <h3>Riwayat{language}</h3>
      {versions.isLoading && <p>Memuat...</p>}
      {versions.isError && <p className="alert error">Riwayat tidak dapat dimuat.</p>}
      {versions.data?.length === 0 && <p>Belum ada versi tersimpan.</p>}
      <ol className="history-list" style={{ listStyle: 'none', paddingLeft: 0 }}>
        {versions.data?.map((version, index) => (
          <li key={version.version}>
            <div>
              <strong>Versi {version.version}</strong> · {ACTION_LABEL[version.action]} oleh {version.username || 'sistem'} · {jakartaTime(version.createdAt)}
            </div>
            {version.changedFields.length > 0 && version.action !== 'create' && <small>Field berubah: {version.changedFields.map((f) => f.label).join(', ')}</small>}
            {index > 0 && (
              <div className="row-actions">
                <button type="button" disabled={busy} onClick={() => setViewing(version.version)}>
                  Lihat perbedaan
                </button>
                <button type="button" disabled={busy} onClick={() => setConfirming(version.version)}>
                  Pulihkan
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      <Modal open={viewing !== null} title={`Versi ${viewing} dibanding versi sekarang`} onClose={() => setViewing(null)} className="difference-dialog">
        {difference.isError && <p className="alert error" role="alert">Perbedaan tidak dapat dimuat. {difference.error instanceof RequestFailure ? difference.error.message : CONNECTION}</p>}
        {difference.isLoading ? <p>Memuat...</p> : difference.data && <DifferenceTable rows={difference.data.differences} beforeLabel={`Versi ${viewing}`} afterLabel="Sekarang" />}
        <div className="form-actions">
          <button type="button" onClick={() => setViewing(null)}>
            Tutup
          </button>
        </div>
      </Modal>
      <Modal open={confirming !== null} title={`Pulihkan versi ${confirming}?`} onClose={() => setConfirming(null)} className="confirm-dialog">
        <p>
          Isi {translation ? `versi ${LOCALES[translation].label}` : 'data'} akan diganti dengan versi {confirming}; versi sekarang tetap tersimpan di riwayat.
          {dirty && ' Perubahan di formulir yang belum disimpan akan hilang.'}
        </p>
        {restore.error && <p className="alert error" role="alert">{restore.error instanceof RequestFailure ? restore.error.message : 'Gagal memulihkan versi.'}</p>}
        <div className="form-actions">
          <button type="button" className="primary" disabled={restore.isPending} onClick={() => confirming !== null && restore.mutate(confirming)}>
            {restore.isPending ? 'Memulihkan...' : 'Ya, pulihkan'}
          </button>
          <button type="button" onClick={() => setConfirming(null)}>
            Batal
          </button>
        </div>
      </Modal>
    </section>
  );
}
