/**
 * The back-office's error and success texts (spec section 8), chosen from what the API
 * answered: its status, its error code and its message, or the kind of failure when no answer came.
 */
import type { ApiFailure } from '@cms/worker/contract/api';

export type Dialect = 'id' | 'en';

export const SUCCESS = {
  id: { create: 'Data berhasil ditambahkan!', update: 'Data berhasil diperbarui!', delete: 'Data berhasil dihapus!' },
  en: { create: 'Data added successfully!', update: 'Data updated successfully!', delete: 'Data deleted successfully!' },
} as const;

const TEXT = {
  id: {
    prefix: 'Terjadi kesalahan: ',
    saveFailed: 'Gagal menyimpan data',
    invalid: 'Data yang dikirim tidak valid.',
    server: 'Terjadi kesalahan di server. Silakan coba lagi nanti.',
    network: 'Koneksi ke server terputus. Silakan cek koneksi internet Anda.',
    tooLarge: 'Ukuran file terlalu besar. Maksimal 50MB.',
  },
  en: {
    prefix: 'An error occurred: ',
    saveFailed: 'Failed to save data',
    invalid: 'Invalid data sent.',
    server: 'Server error. Please try again later.',
    network: 'Connection to server lost. Please check your internet connection.',
    tooLarge: 'Ukuran file terlalu besar. Maksimal 50MB.',
  },
} as const;

export const INVALID_TYPE = 'Tipe file tidak didukung. Hanya file gambar yang diperbolehkan.';
export const CORS = 'Error CORS. Silakan refresh halaman dan coba lagi.';
export const CONNECTION = 'Error koneksi. Silakan cek koneksi internet dan coba lagi.';

/** A failure as the API answered it, or the request's own failure (no answer). */
export class RequestFailure extends Error {
  readonly status: number;
  readonly body: ApiFailure | null;
  constructor(status: number, body: ApiFailure | null, message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** The alert text for a failed save. */
export function saveErrorMessage(error: unknown, dialect: Dialect = 'id'): string {
  const text = TEXT[dialect];
  if (error instanceof RequestFailure) {
    const { status, body } = error;
    if (body?.code === 'FILE_TOO_LARGE') {
      const max = (body.details as { maxAllowed?: string } | undefined)?.maxAllowed ?? '50MB';
      return `Ukuran file terlalu besar. Maksimal ${max}.`;
    }
    if (body?.code === 'INVALID_FILE_TYPE') return body.message || INVALID_TYPE;
    if (status === 413) return text.tooLarge;
    if (body?.message) return `${text.prefix}${body.message}`;
    if (status === 400) return text.invalid;
    if (status >= 500) return text.server;
    return text.saveFailed;
  }
  if (error instanceof TypeError) return /cors/i.test(error.message) ? CORS : dialect === 'id' ? CONNECTION : text.network;
  if (error instanceof Error && /413/.test(error.message)) return text.tooLarge;
  if (error instanceof Error && /network|failed to fetch/i.test(error.message)) return text.network;
  return error instanceof Error && error.message ? error.message : 'Terjadi kesalahan saat menyimpan data';
}

/** The alert text for a failed delete. */
export function deleteErrorMessage(error: unknown, dialect: Dialect = 'id'): string {
  if (error instanceof RequestFailure && error.body?.message) return `${TEXT[dialect].prefix}${error.body.message}`;
  return dialect === 'id' ? 'Terjadi kesalahan saat menghapus data' : `${TEXT.en.prefix}${error instanceof Error ? error.message : ''}`;
}
