import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiFailure, ApiSuccess, ErrorCode, Pagination } from '../contract/api.ts';

/** A failure with its status, code and message as the client will show it. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(status: ContentfulStatusCode, code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const notFound = (message = 'Data tidak ditemukan.') => new ApiError(404, 'NOT_FOUND', message);
export const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', 'Silakan login terlebih dahulu.');
export const forbidden = (permission: string) =>
  new ApiError(403, 'FORBIDDEN', 'Anda tidak memiliki izin untuk melakukan aksi ini.', { required: permission });

export const ok = <T>(c: Context, data: T, message = 'OK', status: ContentfulStatusCode = 200, pagination?: Pagination) =>
  c.json<ApiSuccess<T>>({ success: true, data, message, ...(pagination ? { pagination } : {}) }, status);

export const failure = (c: Context, error: ApiError) =>
  c.json<ApiFailure>(
    {
      success: false,
      data: null,
      message: error.message,
      code: error.code,
      ...(error.details === undefined ? {} : { details: error.details }),
    },
    error.status,
  );
