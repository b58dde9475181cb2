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
  /** How long after a content write the hook is called, gathering the writes made meanwhile (ms, default 300). */
  REBUILD_DEBOUNCE_MS?: string;
  /** Shared secret for webhook callers of /api/rebuild and the builder's reports. */
  REBUILD_SECRET?: string;
  /** Cloudflare Email Service (`[[send_email]]`); `wrangler dev` simulates it locally. */
  EMAIL: SendEmail;
  /** Signs the newsletter's confirmation and unsubscribe links (`wrangler secret put NEWSLETTER_SECRET`). */
  NEWSLETTER_SECRET?: string;
  /**
   * Signs backups (HMAC-SHA-256) and seals the secrets they carry (AES-GCM): `wrangler secret put
   * BACKUP_SECRET`, the same value `npm run backup|restore -- --remote` are given. Without it a
   * backup holds no secrets and no signature.
   */
  BACKUP_SECRET?: string;
  /** Emails one background run sends at most (default 200). */
  NEWSLETTER_BATCH_SIZE?: string;
  /** Sign-ups allowed per client address and per email address within an hour. */
  NEWSLETTER_CLIENT_LIMIT?: string;
  NEWSLETTER_EMAIL_LIMIT?: string;
  /** Cloudflare Turnstile on the inquiry form: both set in production, neither locally (then it is not asked for). */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /**
   * Local runs only: where the dev runner serves the built site. Public pages are fetched from
   * it, so a new build never reloads the worker; in production ASSETS serves them.
   */
  SITE_ORIGIN?: string;
  /** Local runs only: a token per start; /api/health answers its SHA-256 so the runner knows it reached its own worker. */
  LOCAL_START_TOKEN?: string;
}

export interface Variables {
  db: Database;
  user: SessionUser | null;
  /** The hash identifying the request's session, when it has a valid one. */
  session: string | null;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
