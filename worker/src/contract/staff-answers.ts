/**
 * What the staff-only endpoints around records and accounts answer: history, deleted records,
 * preview links, the 404 log, emailed account links, invites and signed-in devices. The worker's routes build these and
 * the admin reads them, both typed from here.
 */
import type { FieldDifference } from './differences.ts';
import type { Locale } from './locales.ts';
import type { TranslationStatus } from './translation.ts';

export type RevisionAction = 'create' | 'update' | 'restore' | 'delete' | 'schedule';

/** A saved version in a record's (or a translation's) history, newest first. */
export interface RevisionSummary {
  version: number;
  action: RevisionAction;
  username: string;
  createdAt: string;
  /** What this save changed against the version before it, when that is still kept. */
  changedFields: Array<Pick<FieldDifference, 'field' | 'label'>>;
}

/** One version opened: field by field against the record as it is now. */
export interface RevisionDetail extends Omit<RevisionSummary, 'changedFields'> {
  differences: FieldDifference[];
}

/** A record deleted within the last 30 days, which a user who may create records can bring back. */
export interface DeletedRecord {
  _id: string;
  title: string;
  deletedAt: string;
  deletedBy: string;
  record: Record<string, unknown>;
}

/** A translation as the admin's form reads and saves it. */
export interface TranslationAnswer {
  locale: Locale;
  status: TranslationStatus;
  slug: string | null;
  values: Record<string, unknown>;
  isPublished: boolean;
  /** When the version goes public, while it waits for that time. */
  publishAt: string | null;
  updatedAt: string | null;
}

/** A preview link just made: the only time its address (holding its token) is shown. */
export interface PreviewLink {
  id: string;
  url: string;
  expiresAt: string;
  createdAt: string;
}

/** A record's preview link that still works; its token is not stored, so not shown. */
export interface OpenPreview {
  id: string;
  locale: string;
  createdAt: string;
  expiresAt: string;
  createdByName: string;
}

/** An address visitors found missing, from the 404 log. */
export interface MissingPage {
  path: string;
  hits: number;
  referrer: string;
  lastSeen: string;
}

/** Where an emailed link (a password reset, an invite) stands when it is opened. */
export type LinkState = 'valid' | 'expired' | 'used' | 'invalid';

/** What opening a password-reset link answers: its state, and why it no longer works. */
export interface LinkCheck {
  state: LinkState;
  message: string;
}

/** What opening an invite link answers: also whom it invites, as what. */
export interface InviteCheck extends LinkCheck {
  email: string;
  roleName: string;
}

/** An invite not yet accepted or revoked. */
export interface PendingInvite {
  _id: string;
  email: string;
  role: { _id: string; name: string };
  invitedByName: string;
  sentAt: string;
  expiresAt: string;
  expired: boolean;
}

/** One of the signed-in user's sessions ("Perangkat yang masuk"). */
export interface DeviceSession {
  /** The session's stored hash: it names the session and cannot be used to sign in. */
  id: string;
  browser: string;
  address: string;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}
