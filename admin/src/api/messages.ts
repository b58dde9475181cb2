/**
 * The back-office's error and success texts (spec section 8), chosen from what the API
 * answered: its status, its error code and its message, or the kind of failure when no answer came.
 */
import type { ApiFailure } from '@cms/worker/contract/api';
import type { Dialect, ScreenErrors } from '@cms/worker/contract';

export type { Dialect };

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
    signedOut: 'Sesi Anda telah berakhir, tetapi isian Anda masih ada. Login lagi di tab baru (buka /login), lalu kembali ke sini dan simpan lagi.',
  },
  en: {
    prefix: 'An error occurred: ',
    saveFailed: 'Failed to save data',
    invalid: 'Invalid data sent.',
    server: 'Server error. Please try again later.',
    network: 'Connection to server lost. Please check your internet connection.',
    signedOut: 'Your session has ended, but what you entered is still here. Sign in again in a new tab (open /login), then come back here and save again.',
  },
} as const;

export const INVALID_TYPE = 'Tipe file tidak didukung. Hanya file gambar yang diperbolehkan.';
export const CORS = 'Error CORS. Silakan refresh halaman dan coba lagi.';
export const CONNECTION = 'Error koneksi. Silakan cek koneksi internet dan coba lagi.';
/** A page the signed-in user may not read: opened by its address, or refused by the API (403). */
export const NO_PERMISSION = 'Anda tidak memiliki izin untuk membuka halaman ini.';
/** An account whose permissions open no page of the admin at all. */
export const NO_PAGE = 'Akun Anda belum memiliki izin untuk membuka halaman mana pun di admin.';

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

/**
 * How one screen words its failures where it has texts of its own; every field is
 * optional and the general texts apply otherwise.
 */
export interface ErrorProfile extends ScreenErrors {
  dialect?: Dialect;
}

/** The size refusal, naming the limit as messages write it ("10MB"); the same in both dialects. */
export const tooLarge = (limit = '50MB') => `Ukuran file terlalu besar. Maksimal ${limit}.`;

/** The alert text for a failed save. */
export function saveErrorMessage(error: unknown, profile: ErrorProfile = {}): string {
  const text = TEXT[profile.dialect ?? 'id'];
  if (error instanceof RequestFailure) {
    const { status, body } = error;
    if (body?.code === 'FILE_TOO_LARGE') return tooLarge((body.details as { maxAllowed?: string } | undefined)?.maxAllowed ?? profile.fileLimit ?? '50MB');
    if (body?.code === 'INVALID_FILE_TYPE') return INVALID_TYPE;
    if (status === 413) return tooLarge(profile.payloadLimit);
    // Signed out meanwhile (elsewhere, or the session expired): the form stays as it is.
    if (status === 401) return text.signedOut;
    if (body?.message) return `${profile.savePrefix ?? text.prefix}${body.message}`;
    if (status === 400) return text.invalid;
    if (status >= 500) return text.server;
    return text.saveFailed;
  }
  if (!(error instanceof Error)) return 'Terjadi kesalahan saat menyimpan data';
  // What browsers say when no answer came: "Failed to fetch" (Chromium), "NetworkError..." (Firefox), "Load failed" (Safari).
  if (/failed to fetch|network|load failed/i.test(error.message)) return profile.network ?? text.network;
  if (/413/.test(error.message)) return tooLarge(profile.payloadLimit);
  if (/cors/i.test(error.message)) return CORS;
  if (error instanceof TypeError) return CONNECTION;
  return error.message || 'Terjadi kesalahan saat menyimpan data';
}

/** The alert text for a failed delete. */
export function deleteErrorMessage(error: unknown, profile: ErrorProfile = {}): string {
  const reason = error instanceof RequestFailure ? error.body?.message : undefined;
  if (profile.deleteReason) return `Terjadi kesalahan saat menghapus data: ${reason || 'Gagal menghapus data'}`;
  if (profile.dialect === 'en') return `${TEXT.en.prefix}${reason ?? (error instanceof Error ? error.message : '')}`;
  return reason ? `${TEXT.id.prefix}${reason}` : 'Terjadi kesalahan saat menghapus data';
}

/** Whether the API refused for want of a permission (403), as opposed to a failure to answer. */
export const isForbidden = (error: unknown) => error instanceof RequestFailure && error.status === 403;
