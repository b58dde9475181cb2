import type { NewsletterKind } from './resources.ts';
import type { Locale } from './locales.ts';

/**
 * The two local storage entries of a signed-in admin: the user (id, username) and the
 * marker the site's header checks to show its 'Admin Panel' link.
 */
export const ADMIN_STORAGE = { user: 'adminUser', marker: 'adminAuthenticated' } as const;

/** The envelope every /api answer uses, and the shapes of the non-collection endpoints. */

export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'FILE_TOO_LARGE'
  | 'INVALID_FILE_TYPE'
  | 'INVALID_IMAGE'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'BAD_REQUEST'
  | 'SERVER_ERROR'
  /** The inquiry form's spam rules: sent too soon, its page stamp too old or missing, Turnstile refused. */
  | 'TOO_FAST'
  | 'FORM_EXPIRED'
  | 'TURNSTILE_FAILED'
  /** A reset or invite link that is expired, used, revoked or made up (`details.reason`). */
  | 'INVALID_TOKEN'
  /** The email could not be handed to the mail service. */
  | 'EMAIL_FAILED';

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export interface ApiSuccess<T> {
  success: true;
  data: T;
  message: string;
  pagination?: Pagination;
}

export interface ApiFailure {
  success: false;
  data: null;
  message: string;
  code: ErrorCode;
  details?: unknown;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** A file in storage, as the file manager lists it. */
export interface StoredFile {
  name: string;
  bucket: string;
  size: number;
  contentType: string;
  timeCreated: string;
  updated: string;
  url: string;
  /** The name the file had on the uploader's device. */
  originalName?: string;
  /** A small WebP preview stored beside it, when the admin made one. */
  thumbnailUrl?: string;
}

/**
 * Thumbnails: the admin sends a small WebP preview of a photo in the part `<part>.thumb` beside
 * the file; it is stored as `<stored name>.thumb.webp`. Asking for the thumbnail of a file that
 * has none is answered with the file itself.
 */
export const THUMBNAIL_SUFFIX = '.thumb.webp';
export const thumbnailPart = (part: string) => `${part}.thumb`;
export const thumbnailUrl = (url: string) => (/\.(jpe?g|png|webp|avif)$/i.test(url) ? `${url}${THUMBNAIL_SUFFIX}` : url);

/** What an upload returns. */
export interface UploadResult {
  filename: string;
  originalName: string;
  mimetype: string;
  size: number;
  url: string;
  path: string;
  bucket: string;
  destination: string;
  thumbnailUrl?: string;
}

/** The signed-in user as /api/auth/login and /api/auth/me return it. */
export interface SessionUser {
  id: string;
  _id: string;
  username: string;
  email: string;
  fullName: string;
  avatar: string;
  role: { _id: string; name: string } | null;
  /** Effective permissions, `module.action`. */
  permissions: string[];
}

export interface AuditEntry {
  _id: string;
  userId: string | null;
  username: string;
  action: 'create' | 'update' | 'delete' | 'login' | 'logout' | 'upload' | 'rebuild' | 'download' | 'factor-add' | 'factor-remove' | 'login-failed';
  resource: string;
  recordId: string | null;
  summary: string;
  createdAt: string;
}

export interface SiteBuild {
  _id: string;
  status: 'pending' | 'sent' | 'building' | 'succeeded' | 'failed' | 'timed-out' | 'not-configured';
  reason: string;
  requestedAt: string;
  sentAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  message: string;
}

/** What the dashboard shows of a backup. */
export interface BackupSummary {
  key: string;
  createdAt: string;
  /** Bytes of the backup file. */
  size: number;
  /** The last migration applied to the database it came from. */
  schema: string;
  rows: number;
  files: number;
  /** Made with BACKUP_SECRET: signed, with its secrets sealed. Without it the backup holds no passwords. */
  signed: boolean;
}

/**
 * The dashboard as its caller may see it: each part is present only when the caller may read
 * its module (`DASHBOARD_SECTIONS` in contract/permissions.ts); `content` names only the
 * collections the caller may read, `recentActivity` only their changes.
 */
export interface DashboardSummary {
  content: Record<string, { total: number; visible: number }>;
  users?: { total: number; active: number };
  subscribers?: { total: number; active: number; unsubscribed: number; pending: number; last30Days: number; previous30Days: number };
  recentActivity: AuditEntry[];
  lastBuild?: SiteBuild | null;
  /** The newest daily backup in R2. */
  lastBackup?: BackupSummary | null;
  /** Whether each part the product runs on answered this request. */
  system?: { database: boolean; storage: boolean; rebuildHook: boolean };
}

export interface Settings {
  collaborateTitle: string;
  /** Shown in every email as the sender's name and in its footer. */
  organisationName: string;
  /** The site's public address for links in emails; empty: the address the API was called at. */
  siteUrl: string;
  /** The newsletter's From address: an address of a domain onboarded to Cloudflare Email Service. */
  newsletterSender: string;
  /** The short intro above the Kolaborasi form. */
  collaborateIntro: string;
  /** The form's topics, one per line. */
  inquiryTopics: string;
  /** `each`: staff get an email per inquiry; `digest`: one email a day at 08:00 WIB. */
  inquiryNotify: string;
  /** Staff addresses that get those emails, separated by commas; empty: none are sent. */
  inquiryRecipients: string;
  /** Inquiries are deleted this many months after they arrived (whole number, as text). */
  inquiryRetentionMonths: string;
}

/** Newsletter sending: how many of an issue's recipients got it, failed, or are still waiting. */
export interface NewsletterProgress {
  total: number;
  sent: number;
  failed: number;
  left: number;
}

/** Who the next issue goes to: the subscribers active now. */
export interface NewsletterAudience {
  active: number;
}

export interface NewsletterArticleRef {
  kind: NewsletterKind;
  id: string;
}

export interface NewsletterIssue {
  _id: string;
  subject: string;
  body: string;
  articles: NewsletterArticleRef[];
  /** The issue in other languages: written when it has a subject (subscribers of that language get it). */
  translations: Partial<Record<Locale, { subject: string; body: string }>>;
  status: 'draft' | 'sending' | 'sent';
  siteUrl: string;
  createdBy: string;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  progress: NewsletterProgress;
}

export interface NewsletterPreview {
  subject: string;
  html: string;
  text: string;
}

/** The answer to a list's CSV import (the subscribers' today): what was added, what was there, what could not be read. */
export interface CsvImportSummary {
  added: number;
  /** Already on the list, or repeated in the file. */
  existing: number;
  /** The first LISTED_PROBLEMS lines that could not be imported. */
  invalid: { line: number; value: string; problem: string }[];
  /** How many lines could not be imported, listed or not. */
  invalidCount: number;
}

/** The sign-up form's hidden field: people never see it, so a value means a bot filled it. */
export const NEWSLETTER_HONEYPOT = 'homepage';
