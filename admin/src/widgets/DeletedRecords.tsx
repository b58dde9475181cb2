/**
 * Records deleted in the last 30 days, listed from a collection's screen and brought back with
 * their id and history (needs `module.create`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeletedRecord, ResourceDefinition } from '@cms/worker/contract';
import { api, getJson } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';
import Modal from './Modal.tsx';
import { jakartaTime } from './differences.tsx';

/** `canRestore`: the user may create records of the collection, which bringing one back is. */
export default function DeletedRecords({ resource, canRestore }: { resource: ResourceDefinition; canRestore: boolean }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const deleted = useQuery({ queryKey: [resource.path, 'deleted'], queryFn: async () => (await getJson<DeletedRecord[]>(`/${resource.path}/deleted`)).data, enabled: open });
  const restore = useMutation({
    mutationFn: (id: string) => api(`/${resource.path}/deleted/${id}/restore`, { method: 'POST' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [resource.path] }),
  });
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        Data terhapus
      </button>
      <Modal open={open} title="Data terhapus (30 hari terakhir)" onClose={() => setOpen(false)} className="deleted-dialog">
        {deleted.isLoading && <p>Memuat...</p>}
        {deleted.isError && <p className="alert error">Daftar tidak dapat dimuat.</p>}
        {deleted.data?.length === 0 && <p>Tidak ada data yang dihapus.</p>}
        <ul style={{ listStyle: 'none', paddingLeft: 0 }}>
          {deleted.data?.map((row) => (
            <li key={row._id}>
              <strong>{row.title}</strong> · dihapus oleh {row.deletedBy || 'sistem'} · {jakartaTime(row.deletedAt)}{' '}
              {canRestore && (
                <button type="button" disabled={restore.isPending} onClick={() => restore.mutate(row._id)}>
                  Pulihkan
                </button>
              )}
            </li>
          ))}
        </ul>
        {restore.error && <p className="alert error" role="alert">{restore.error instanceof RequestFailure ? restore.error.message : 'Gagal memulihkan data.'}</p>}
        {restore.isSuccess && <p className="alert success" role="status">Data berhasil dipulihkan!</p>}
        <div className="form-actions">
          <button type="button" onClick={() => setOpen(false)}>
            Tutup
          </button>
        </div>
      </Modal>
    </>
  );
}
