import type { SessionUser } from './contract/api.ts';
import type { Database } from './db/client.ts';

export interface Bindings {
  DB: D1Database;
  BUCKET: R2Bucket;
  ASSETS: Fetcher;
  /** URL the worker POSTs to when the site must be rebuilt; empty: record only. */
  REBUILD_HOOK_URL?: string;
  /** With it, REBUILD_HOOK_URL is GitHub's dispatches endpoint and this token authorizes the call. */
  REBUILD_HOOK_TOKEN?: string;
  REBUILD_DEBOUNCE_MS?: string;
  /** Shared secret for webhook callers of /api/rebuild and the builder's reports. */
  REBUILD_SECRET?: string;
}

export interface Variables {
  db: Database;
  user: SessionUser | null;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
