import { describe, expect, it } from 'vitest';
import { deleteErrorMessage, RequestFailure, saveErrorMessage } from './messages.ts';

const failure = (status: number, code?: string, message = '', details?: unknown) =>
  new RequestFailure(status, code ? { success: false, data: null, code: code as 'SERVER_ERROR', message, details } : null, message);

describe('save error messages (spec section 8)', () => {
  it('names the size limit the server sent with FILE_TOO_LARGE', () => {
    expect(saveErrorMessage(failure(413, 'FILE_TOO_LARGE', 'x', { maxAllowed: '10MB' }))).toBe('Ukuran file terlalu besar. Maksimal 10MB.');
    expect(saveErrorMessage(failure(413))).toBe('Ukuran file terlalu besar. Maksimal 50MB.');
  });

  it('maps invalid types, validation messages, 400, 500, network and CORS failures', () => {
    expect(saveErrorMessage(failure(400, 'INVALID_FILE_TYPE', 'Tipe file tidak didukung. Gunakan format: JPG, PNG.'))).toBe('Tipe file tidak didukung. Hanya file gambar yang diperbolehkan.');
    expect(saveErrorMessage(failure(400, 'VALIDATION_ERROR', 'Judul wajib diisi.'))).toBe('Terjadi kesalahan: Judul wajib diisi.');
    expect(saveErrorMessage(failure(400))).toBe('Data yang dikirim tidak valid.');
    expect(saveErrorMessage(failure(500))).toBe('Terjadi kesalahan di server. Silakan coba lagi nanti.');
    expect(saveErrorMessage(failure(404))).toBe('Gagal menyimpan data');
    expect(saveErrorMessage(new TypeError('Failed to fetch'))).toBe('Koneksi ke server terputus. Silakan cek koneksi internet Anda.');
    expect(saveErrorMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toBe('Koneksi ke server terputus. Silakan cek koneksi internet Anda.');
    expect(saveErrorMessage(new TypeError('CORS request did not succeed'))).toBe('Error CORS. Silakan refresh halaman dan coba lagi.');
    expect(saveErrorMessage(new TypeError("Cannot read properties of undefined (reading 'url')"))).toBe('Error koneksi. Silakan cek koneksi internet dan coba lagi.');
    expect(saveErrorMessage(new Error('Request failed with status 413'))).toBe('Ukuran file terlalu besar. Maksimal 50MB.');
    expect(saveErrorMessage(new Error('boom'))).toBe('boom');
  });

  it('says how to go on when the session ended while the form was open, keeping what was typed', () => {
    expect(saveErrorMessage(failure(401, 'UNAUTHORIZED', 'Silakan login terlebih dahulu.'))).toBe(
      'Sesi Anda telah berakhir, tetapi isian Anda masih ada. Login lagi di tab baru (buka /login), lalu kembali ke sini dan simpan lagi.',
    );
    expect(saveErrorMessage(failure(401), { dialect: 'en' })).toMatch(/^Your session has ended/);
  });

  it('speaks English on the impact and hero screens', () => {
    expect(saveErrorMessage(failure(500), { dialect: 'en' })).toBe('Server error. Please try again later.');
    expect(saveErrorMessage(failure(400), { dialect: 'en' })).toBe('Invalid data sent.');
    expect(saveErrorMessage(failure(409, 'CONFLICT', 'Slug sudah digunakan.'), { dialect: 'en' })).toBe('An error occurred: Slug sudah digunakan.');
    expect(saveErrorMessage(new Error('network down'), { dialect: 'en' })).toBe('Connection to server lost. Please check your internet connection.');
  });

  it('uses the texts some screens have of their own', () => {
    const hero = { dialect: 'en', fileLimit: '10MB' } as const;
    expect(saveErrorMessage(failure(413, 'FILE_TOO_LARGE', 'x'), hero)).toBe('Ukuran file terlalu besar. Maksimal 10MB.');
    expect(saveErrorMessage(failure(413, 'FILE_TOO_LARGE', 'x', { maxAllowed: '50MB' }), hero)).toBe('Ukuran file terlalu besar. Maksimal 50MB.');
    const values = { payloadLimit: '10MB', savePrefix: 'Terjadi kesalahan saat menyimpan data: ', deleteReason: true };
    expect(saveErrorMessage(failure(413), values)).toBe('Ukuran file terlalu besar. Maksimal 10MB.');
    expect(saveErrorMessage(failure(409, 'CONFLICT', 'Judul sudah digunakan.'), values)).toBe('Terjadi kesalahan saat menyimpan data: Judul sudah digunakan.');
    expect(deleteErrorMessage(failure(404, 'NOT_FOUND', 'Data tidak ditemukan.'), values)).toBe('Terjadi kesalahan saat menghapus data: Data tidak ditemukan.');
    expect(deleteErrorMessage(new TypeError('Failed to fetch'), values)).toBe('Terjadi kesalahan saat menghapus data: Gagal menghapus data');
    expect(saveErrorMessage(new TypeError('Failed to fetch'), { network: 'Koneksi jaringan terputus. Silakan coba lagi.' })).toBe('Koneksi jaringan terputus. Silakan coba lagi.');
  });

  it('reports delete failures with the reason when there is one', () => {
    expect(deleteErrorMessage(failure(403, 'FORBIDDEN', 'Role sistem tidak dapat dihapus.'))).toBe('Terjadi kesalahan: Role sistem tidak dapat dihapus.');
    expect(deleteErrorMessage(new TypeError('Failed to fetch'))).toBe('Terjadi kesalahan saat menghapus data');
  });
});
