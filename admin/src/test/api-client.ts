/**
 * Component tests: the API client as spies, for `vi.mock('../api/client.ts', () => import('../test/api-client.ts'))`.
 * A test sets what `api` (every GET), `sendJson` and `sendFormWithProgress` answer; lists fetched whole are empty.
 */
import { vi } from 'vitest';

export const api = vi.fn();
export const sendJson = vi.fn();
export const sendFormWithProgress = vi.fn();
export const getJson = (path: string) => api(path);
export const getAll = async () => [];
export const fileUrl = (value: string | null | undefined) => value ?? '';
