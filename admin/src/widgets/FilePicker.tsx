/**
 * Choosing among the files already stored: a modal dialog with a search box and the file list;
 * one file in single mode, up to ten in multiple mode, confirmed with "Pilih N File".
 */
import type { StoredFile } from '@cms/worker/contract/api';
import { useState } from 'react';
import { displayName, folderOf, formatSize, isImage, previewUrl, useStoredFiles } from '../api/files.ts';
import Modal from './Modal.tsx';
import './FilePicker.css';

export const PICK_LIMIT = 10;

interface Props {
  open: boolean;
  multiple?: boolean;
  /** Only images are offered (image fields). */
  imagesOnly?: boolean;
  onPick: (files: StoredFile[]) => void;
  onClose: () => void;
}

/** The files a search shows: the stored or original name contains every word typed, case-insensitive. */
export function matchFiles(files: readonly StoredFile[], search: string, imagesOnly = false) {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return files.filter((file) => {
    const names = `${file.name} ${displayName(file)}`.toLowerCase();
    return (!imagesOnly || isImage(file)) && words.every((word) => names.includes(word));
  });
}

export default function FilePicker({ open, multiple = false, imagesOnly = false, onPick, onClose }: Props) {
  return (
    <Modal open={open} title="Pilih File" className="file-picker" onClose={onClose}>
      {/* Mounted while open only, so each opening starts with an empty search and choice. */}
      <PickerBody multiple={multiple} imagesOnly={imagesOnly} onPick={onPick} onClose={onClose} />
    </Modal>
  );
}

function PickerBody({ multiple, imagesOnly, onPick, onClose }: Omit<Props, 'open'> & { multiple: boolean; imagesOnly: boolean }) {
  const files = useStoredFiles();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<StoredFile[]>([]);

  const isChosen = (file: StoredFile) => chosen.some((c) => c.name === file.name);
  const toggle = (file: StoredFile) => {
    if (!multiple) return setChosen([file]);
    setChosen((current) => (current.some((c) => c.name === file.name) ? current.filter((c) => c.name !== file.name) : current.length < PICK_LIMIT ? [...current, file] : current));
  };
  const shown = matchFiles(files.data ?? [], search, imagesOnly);
  const full = multiple && chosen.length >= PICK_LIMIT;

  return (
    <>
      <input type="search" aria-label="Cari file" placeholder="Cari file..." value={search} onChange={(event) => setSearch(event.target.value)} />
      {full && <p className="muted">Maksimal {PICK_LIMIT} file.</p>}
      <ul className="picker-list" role="list">
        {files.isLoading && <li className="muted">Memuat...</li>}
        {!files.isLoading && shown.length === 0 && <li className="muted">Tidak ada file ditemukan</li>}
        {shown.map((file) => (
          <li key={file.name}>
            <label>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name="picked-file"
                aria-label={displayName(file)}
                checked={isChosen(file)}
                disabled={full && !isChosen(file)}
                onChange={() => toggle(file)}
              />
              {isImage(file) ? <img src={previewUrl(file)} alt="" width={48} height={36} loading="lazy" /> : <span className="file-icon" aria-hidden="true">📄</span>}
              <span className="file-label">
                <span className="file-name" title={displayName(file)}>
                  {displayName(file)}
                </span>
                <small className="muted">
                  {folderOf(file)}
                  {folderOf(file) && ' · '}
                  {formatSize(file.size)}
                </small>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="button" className="primary" disabled={chosen.length === 0} onClick={() => (onPick(chosen), onClose())}>
          Pilih {chosen.length} File
        </button>
        <button type="button" onClick={onClose}>
          Tutup
        </button>
      </div>
    </>
  );
}
