import type { UploadResult } from '@cms/worker/contract/api';
import { FILE_MANAGER_TYPES, MAX_UPLOAD_BYTES } from '@cms/worker/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { sendJson } from '../api/client.ts';
import { isForbidden, RequestFailure, tooLarge } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { NoPermissionPage } from '../layout/NoPermission.tsx';
import { reload } from '../api/reload.ts';
import Modal from '../widgets/Modal.tsx';
import { fileProblem } from '../widgets/UploadButton.tsx';
import { displayName, FILES_QUERY, formatSize, isImage, isVideo, previewUrl, useStoredFiles } from '../api/files.ts';
import { prepareUpload, thumbnailOf, thumbnailPart } from '../widgets/compress.ts';
import { matchFiles } from '../widgets/FilePicker.tsx';
import { keyedTexts } from '../widgets/keys.ts';
import { PageShell } from '../layout/PageShell.tsx';
import './FileManager.css';

/** The picker offers what the server stores; the server's answer names the formats if another is chosen. */
const ACCEPTED = FILE_MANAGER_TYPES.join(',');

interface Progress {
  name: string;
  percent: number;
  error?: string;
}

/** XMLHttpRequest, because fetch cannot report upload progress. */
function upload(file: File, onProgress: (percent: number) => void) {
  return new Promise<UploadResult>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/files/upload');
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      let body: { success?: boolean; data?: UploadResult; message?: string } = {};
      try {
        body = JSON.parse(request.responseText || '{}') as typeof body;
      } catch {
        // A proxy's or the platform's own error page: the status says enough.
      }
      if (request.status < 300 && body.success && body.data) resolve(body.data);
      else reject(new Error(body.message || (request.status === 413 ? tooLarge() : `${request.status} ${request.statusText}`.trim())));
    };
    request.onerror = () => reject(new Error('Terjadi kesalahan saat upload file'));
    const form = new FormData();
    form.append('file', file);
    const thumbnail = thumbnailOf(file);
    if (thumbnail) form.append(thumbnailPart('file'), thumbnail);
    request.send(form);
  });
}

export default function FileManager() {
  const client = useQueryClient();
  const access = useAccess();
  const may = { create: access.may('files', 'create'), delete: access.may('files', 'delete') };
  const files = useStoredFiles();
  const [progress, setProgress] = useState<Progress[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [alert, setAlert] = useState<string | string[]>('');
  const [search, setSearch] = useState('');
  const [folderOpen, setFolderOpen] = useState(false);
  const [folderName, setFolderName] = useState('');
  const [creating, setCreating] = useState(false);
  const refresh = () => reload(client, { queryKey: FILES_QUERY });

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0) return setAlert('Pilih file terlebih dahulu.');
    const refused = chosen.map((file) => fileProblem(file, { maxBytes: MAX_UPLOAD_BYTES })).find(Boolean);
    if (refused) return setAlert(refused);
    setProgress(chosen.map((file) => ({ name: file.name, percent: 0 })));
    const messages: string[] = [];
    await Promise.all(
      chosen.map(async (file, index) =>
        // Photos are scaled and stripped of EXIF first (the limits applied to what was picked).
        upload(await prepareUpload(file), (percent) => setProgress((current) => current.map((p, i) => (i === index ? { ...p, percent } : p))))
          .then(() => messages.push(`File ${file.name} berhasil diupload!`))
          .catch((error: Error) => {
            messages.push(`Gagal upload ${file.name}: ${error.message}`);
            setProgress((current) => current.map((p, i) => (i === index ? { ...p, error: error.message } : p)));
          }),
      ),
    );
    // One line per file: a dozen uploads read as a list, not a paragraph.
    setAlert(messages.length === 1 ? messages[0]! : messages);
    void refresh();
  }

  async function deleteSelected() {
    if (!window.confirm(`Apakah Anda yakin ingin menghapus ${selected.length} file?`)) return;
    const results = await Promise.allSettled(selected.map((name) => sendJson('DELETE', `/files/delete/${encodeURIComponent(name)}`)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    const done = results.length - failed;
    setAlert(done ? `Berhasil menghapus ${done} file${failed ? `, ${failed} gagal` : ''}` : `${failed} file gagal dihapus`);
    setSelected([]);
    void refresh();
  }

  async function createFolder() {
    setCreating(true);
    try {
      await sendJson('POST', '/files/create-folder', { folderName: folderName.trim() });
      setAlert('Folder berhasil dibuat!');
      setFolderOpen(false);
      setFolderName('');
      void refresh();
    } catch (error) {
      setAlert(error instanceof RequestFailure ? 'Gagal membuat folder' : 'Terjadi kesalahan saat membuat folder');
    } finally {
      setCreating(false);
    }
  }

  const all = files.data ?? [];
  const list = matchFiles(all, search);
  if (isForbidden(files.error)) return <NoPermissionPage title="File Manager" />;
  return (
    <PageShell title="File Manager" subtitle={files.isLoading ? null : `Total: ${all.length} item`}>
      <div className="toolbar">
        {may.create && (
          <>
            <label className="button">
              Upload File
              <input type="file" accept={ACCEPTED} className="sr-only" onChange={(event) => void onFiles(event)} />
            </label>
            <label className="button">
              Upload Banyak File
              <input type="file" multiple accept={ACCEPTED} className="sr-only" onChange={(event) => void onFiles(event)} />
            </label>
            <label className="button">
              Upload Video
              <input type="file" accept="video/*" className="sr-only" onChange={(event) => void onFiles(event)} />
            </label>
            <button type="button" onClick={() => setFolderOpen(true)}>
              Buat Folder
            </button>
          </>
        )}
        {/* Files are chosen only to be deleted. */}
        {may.delete && (
          <>
            <button type="button" onClick={() => setSelected(list.map((f) => f.name))}>
              Pilih semua
            </button>
            <button type="button" onClick={() => setSelected([])}>
              Bersihkan
            </button>
            <button type="button" className="danger" disabled={selected.length === 0} onClick={() => void deleteSelected()}>
              Hapus ({selected.length})
            </button>
          </>
        )}
      </div>
      <Modal open={folderOpen} title="Buat Folder" onClose={() => setFolderOpen(false)}>
        <div className="field">
          <label htmlFor="folder-name">Nama folder</label>
          <input id="folder-name" value={folderName} onChange={(event) => setFolderName(event.target.value)} disabled={creating} />
        </div>
        <div className="form-actions">
          <button type="button" className="primary" disabled={!folderName.trim() || creating} onClick={() => void createFolder()}>
            {creating ? 'Membuat...' : 'Buat'}
          </button>
          <button type="button" onClick={() => setFolderOpen(false)}>
            Batal
          </button>
        </div>
      </Modal>
      {progress.length > 0 && (
        <ul className="progress-list">
          {progress.map((p) => (
            <li key={p.name}>
              {p.name} <progress max={100} value={p.percent} aria-label={`Upload ${p.name}`} /> {p.error ? p.error : `${p.percent}%`}
            </li>
          ))}
        </ul>
      )}
      {typeof alert === 'string'
        ? alert && <p className="alert" role="status">{alert}</p>
        : (
          <div className="alert" role="status">
            <ul className="upload-results">
              {keyedTexts(alert).map(({ text, key }) => <li key={key}>{text}</li>)}
            </ul>
          </div>
        )}
      <input type="search" className="file-search" aria-label="Cari file" placeholder="Cari file..." value={search} onChange={(event) => setSearch(event.target.value)} />
      {files.isLoading ? (
        <p className="loading">Memuat...</p>
      ) : files.isError ? (
        <p className="alert error" role="alert">
          {files.error instanceof RequestFailure ? 'Gagal mengambil daftar file' : 'Terjadi kesalahan saat mengambil file'}
        </p>
      ) : list.length === 0 ? (
        <p className="empty">Tidak ada file ditemukan</p>
      ) : (
        <ul className="file-grid">
          {list.map((file) => (
            <li key={file.name}>
              <label>
                {may.delete && (
                  <input type="checkbox" checked={selected.includes(file.name)} onChange={() => setSelected(selected.includes(file.name) ? selected.filter((n) => n !== file.name) : [...selected, file.name])} />
                )}
                <span className="file-name" title={file.name}>
                  {displayName(file)}
                </span>
              </label>
              {isImage(file) && <img src={previewUrl(file)} alt="" width={160} height={90} loading="lazy" />}
              {/* Only the first frame is fetched until the video is played. */}
              {isVideo(file) && <video src={file.url} preload="metadata" controls muted width={160} height={90} aria-label={`Pratinjau ${displayName(file)}`} />}
              <span className="muted">
                {formatSize(file.size)} · {file.contentType}
              </span>
              <a href={file.url} download>
                Download
              </a>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
