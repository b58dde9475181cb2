/** The stored files of the bucket, shared by the File Manager and the file picker (one cache entry). */
import { thumbnailUrl, type StoredFile } from '@cms/worker/contract/api';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export const FILES_QUERY = ['files'] as const;

export const useStoredFiles = () =>
  useQuery({
    queryKey: FILES_QUERY,
    // Folder markers keep empty folders visible in R2 listings; they are not files.
    queryFn: async ({ signal }) => (await api<StoredFile[]>('/files/list', { signal })).data.filter((file) => !file.name.endsWith('/.folder')),
  });

export const isImage = (file: StoredFile) => file.contentType.startsWith('image/');
export const isVideo = (file: StoredFile) => file.contentType.startsWith('video/');

/**
 * The name a person gave the file: the one it had on their device, else the stored name without
 * the prefix that keeps stored names unique (`mwt15o59-1jh6syx-photo12.jpg` -> `photo12.jpg`).
 */
export function displayName(file: Pick<StoredFile, 'name' | 'originalName'>) {
  if (file.originalName && file.originalName !== 'blob') return file.originalName;
  const base = file.name.split('/').pop() ?? file.name;
  return base.replace(/^[a-z0-9]{6,10}-[a-z0-9]{1,8}-/, '');
}

/** The folder a stored file is in, if any (`editor/`, `our-work/`). */
export const folderOf = (file: Pick<StoredFile, 'name'>) => (file.name.includes('/') ? file.name.slice(0, file.name.lastIndexOf('/') + 1) : '');

/** Sizes as people read them: KB with one decimal, MB with one decimal past 1 MB. */
export function formatSize(bytes: number) {
  const MB = 1024 * 1024;
  if (bytes >= MB) return `${(bytes / MB).toLocaleString('id-ID', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
  return `${(bytes / 1024).toLocaleString('id-ID', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} KB`;
}

/** A small preview of a stored image: its thumbnail, or (answered by the worker) the file itself. */
export const previewUrl = (file: Pick<StoredFile, 'url' | 'thumbnailUrl'>) => file.thumbnailUrl ?? thumbnailUrl(file.url);
