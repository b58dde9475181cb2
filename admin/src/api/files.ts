/** The stored files of the bucket, shared by the File Manager and the file picker (one cache entry). */
import type { StoredFile } from '@cms/worker/contract/api';
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
