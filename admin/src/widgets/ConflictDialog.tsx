/**
 * A save refused because someone else saved the record after this form was opened: the editor
 * can see that person's changes field by field, overwrite them knowingly, or go back to the form.
 */
import { useState } from 'react';
import type { ResourceDefinition } from '@cms/worker/contract';
import Modal from './Modal.tsx';
import { differences, DifferenceTable, jakartaTime } from './differences.tsx';

export interface StaleSave {
  message: string;
  current: Record<string, unknown>;
  savedBy: string;
  savedAt: string;
}

interface Props {
  conflict: StaleSave | null;
  resource: ResourceDefinition;
  /** The form's values as the editor has them now. */
  mine: Record<string, unknown>;
  onOverwrite: () => void;
  onClose: () => void;
}

export default function ConflictDialog({ conflict, resource, mine, onOverwrite, onClose }: Props) {
  const [showing, setShowing] = useState(false);
  return (
    <Modal open={conflict !== null} title="Data sudah diubah orang lain" onClose={onClose} className="conflict-dialog">
      {conflict && (
        <>
          <p role="alert">{conflict.message}</p>
          {showing && (
            <DifferenceTable
              rows={differences(resource, mine, conflict.current)}
              beforeLabel="Versi Anda"
              afterLabel={`Versi ${conflict.savedBy} (${jakartaTime(conflict.savedAt)})`}
            />
          )}
          <div className="form-actions">
            <button type="button" onClick={() => setShowing((shown) => !shown)} aria-expanded={showing}>
              {showing ? 'Sembunyikan perubahan' : 'Lihat perubahan'}
            </button>
            <button type="button" className="danger" onClick={onOverwrite}>
              Timpa
            </button>
            <button type="button" onClick={onClose}>
              Kembali ke formulir
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
