/**
 * D1 tables. Collection tables and their link tables are derived from the resource
 * definitions; the tables of sessions, audit, builds and settings are written out below.
 * drizzle-kit reads them all through drizzle-kit.cjs to generate the SQL migrations.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type SQLiteColumn,
  type SQLiteColumnBuilderBase,
  type SQLiteTableWithColumns,
  type TableConfig,
} from 'drizzle-orm/sqlite-core';
import { ignoresCase, type Field, type ResourceDefinition } from '../contract/fields.ts';
import type { FieldKind, FieldOf } from '../contract/kinds/types.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { INQUIRY_STATUSES } from '../contract/inquiry.ts';

const id = () => text('id').primaryKey();
const createdAt = () => text('createdAt').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const updatedAt = () => text('updatedAt').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/** A kind's column: its name in the table and how it is stored, or null for a kind kept elsewhere. */
type ColumnOf<F extends Field> = (name: string, field: F) => [column: string, builder: SQLiteColumnBuilderBase] | null;
const emptyText = (name: string): [string, SQLiteColumnBuilderBase] => [name, text(name).notNull().default('')];
const jsonArray = (name: string): [string, SQLiteColumnBuilderBase] => [name, text(name, { mode: 'json' }).notNull().default(sql`'[]'`)];
const optionalText = (name: string): [string, SQLiteColumnBuilderBase] => [name, text(name)];

/** How each field kind is stored: a kind without a column rule does not type-check. */
const COLUMNS: { [K in FieldKind]: ColumnOf<FieldOf<K>> } = {
  text: (name, field) => [name, text(name).notNull().default(field.default ?? '')],
  richText: emptyText,
  slug: emptyText,
  file: emptyText,
  enum: (name, field) => [name, text(name).notNull().default(field.default ?? field.values[0] ?? '')],
  boolean: (name, field) => [name, integer(name, { mode: 'boolean' }).notNull().default(field.default)],
  integer: (name, field) => [name, integer(name).notNull().default(field.default)],
  tags: jsonArray,
  list: jsonArray,
  reference: optionalText,
  // Only the hash of a password is kept, under a name that says so.
  password: () => ['passwordHash', text('passwordHash').notNull().default('')],
  timestamp: optionalText,
  // Kept in a link table.
  relation: () => null,
};

const columnOf = <F extends Field>(name: string, field: F) => (COLUMNS[field.kind] as ColumnOf<F>)(name, field);

/** Column names of a collection's table: its stored fields plus id and timestamps. */
type ColumnNames<R extends ResourceDefinition> =
  | 'id'
  | 'createdAt'
  | 'updatedAt'
  | { [K in keyof R['fields']]: R['fields'][K] extends { kind: 'relation' } ? never : R['fields'][K] extends { kind: 'password' } ? 'passwordHash' : K & string }[keyof R['fields']];

/** A table derived from a definition: its columns are known by name, their values read as unknown. */
export type TableOf<R extends ResourceDefinition> = SQLiteTableWithColumns<{
  name: string;
  schema: undefined;
  dialect: 'sqlite';
  columns: { [K in ColumnNames<R>]: SQLiteColumn };
}>;
export type AnyTable = SQLiteTableWithColumns<TableConfig>;

function collectionTable(resource: ResourceDefinition): AnyTable {
  const columns: Record<string, SQLiteColumnBuilderBase> = { id: id() };
  for (const [name, field] of Object.entries(resource.fields)) {
    const column = columnOf(name, field);
    if (column) columns[column[0]] = column[1];
  }
  columns.createdAt = createdAt();
  columns.updatedAt = updatedAt();
  const uniques = Object.entries(resource.fields).filter(([, f]) => f.unique);
  return sqliteTable(resource.table, columns, (t) =>
    uniques.map(([name, field]) =>
      uniqueIndex(`${resource.table}_${name}_unique`).on(ignoresCase(field) ? sql`lower(${t[name]!})` : t[name]!),
    ),
  );
}


type Resources = typeof resources;
export const collections = Object.fromEntries(
  Object.entries(resources).map(([key, resource]) => [key, collectionTable(resource)]),
) as unknown as { [K in ResourceKey]: TableOf<Resources[K]> };

/** Link table of a relation field: ownerId -> targetId, in the order they were chosen. */
export type LinkTable = SQLiteTableWithColumns<{
  name: string;
  schema: undefined;
  dialect: 'sqlite';
  columns: { ownerId: SQLiteColumn; targetId: SQLiteColumn; position: SQLiteColumn };
}>;
const linkTable = (owner: ResourceDefinition, fieldName: string, target: ResourceDefinition): LinkTable =>
  sqliteTable(
    `${owner.table}_${fieldName}`.toLowerCase(),
    {
      ownerId: text('ownerId')
        .notNull()
        .references(() => collections[keyOf(owner)].id, { onDelete: 'cascade' }),
      targetId: text('targetId')
        .notNull()
        .references(() => collections[keyOf(target)].id, { onDelete: 'cascade' }),
      position: integer('position').notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.ownerId, t.targetId] }), index(`${owner.table}_${fieldName}_target`.toLowerCase()).on(t.targetId)],
  );

const keyOf = (resource: ResourceDefinition) =>
  (Object.keys(resources) as ResourceKey[]).find((key) => resources[key] === resource)!;
export const resourceByPath = (path: string) => Object.values(resources).find((r) => r.path === path);

/** links[resourceKey][fieldName] */
export const links: Partial<Record<ResourceKey, Record<string, LinkTable>>> = {};
for (const [key, resource] of Object.entries(resources) as [ResourceKey, ResourceDefinition][]) {
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind !== 'relation') continue;
    (links[key] ??= {})[name] = linkTable(resource, name, resourceByPath(field.to)!);
  }
}

// The tables features address by name; drizzle-kit reads every table through drizzle-kit.cjs.
export const { permission, role, user, subscriber, redirect } = collections;
export const rolePermissions = links.role!.permissions!;
export const userPermissions = links.user!.permissions!;

export const sessions = sqliteTable(
  'session',
  {
    /** SHA-256 of the cookie's token: a leaked table does not give live sessions. */
    tokenHash: text('tokenHash').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => collections.user.id, { onDelete: 'cascade' }),
    expiresAt: text('expiresAt').notNull(),
    createdAt: createdAt(),
    /** What the user sees in "Perangkat yang masuk": the browser's User-Agent and the client address at sign-in. */
    userAgent: text('userAgent').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Updated at most every few minutes while the session is used. */
    lastSeenAt: text('lastSeenAt'),
  },
  (t) => [index('session_user').on(t.userId)],
);

/** Failed logins per key (username+address), for rate limiting that holds across locations. */
export const loginAttempts = sqliteTable('login_attempt', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: text('windowStart').notNull(),
});

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    userId: text('userId'),
    username: text('username').notNull().default(''),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    recordId: text('recordId'),
    summary: text('summary').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_created').on(t.createdAt)],
);

export const siteBuilds = sqliteTable(
  'site_build',
  {
    id: id(),
    status: text('status').notNull(),
    reason: text('reason').notNull().default(''),
    requestedAt: text('requestedAt').notNull(),
    sentAt: text('sentAt'),
    finishedAt: text('finishedAt'),
    durationMs: integer('durationMs'),
    message: text('message').notNull().default(''),
  },
  (t) => [
    // At most one request waits to be sent: a burst of saves shares it, enforced by the database.
    uniqueIndex('site_build_one_pending').on(t.status).where(sql`${t.status} = 'pending'`),
  ],
);

export const settings = sqliteTable('setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Writes sent with an Idempotency-Key: claimed before the write runs, answered from here when
 * the same key comes again, so a save retried after a dropped connection is not stored twice.
 */
export const idempotentRequests = sqliteTable(
  'idempotent_request',
  {
    /** The signed-in caller's user id and their key (anonymous callers' keys are not kept). */
    key: text('key').primaryKey(),
    /** Method and path: a key reused for another request is refused. */
    request: text('request').notNull(),
    /** The stored answer; null while the first attempt is still running. */
    status: integer('status'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [index('idempotent_request_created').on(t.createdAt)],
);

export { newsletterDelivery, newsletterIssue, signupAttempts } from './newsletter.ts';

/**
 * Saved versions of content records. Version n is the record as stored after its nth save
 * (the first one of a record that existed before history was kept is its state at that time);
 * `action` says what made it: create, update, restore, delete or schedule.
 */
export const revisions = sqliteTable(
  'revision',
  {
    id: id(),
    /** The collection's path (its permission module). */
    collection: text('collection').notNull(),
    recordId: text('recordId').notNull(),
    version: integer('version').notNull(),
    action: text('action').notNull(),
    /** The stored row and its link ids, as JSON. */
    snapshot: text('snapshot', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    userId: text('userId'),
    username: text('username').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('revision_record_version').on(t.collection, t.recordId, t.version), index('revision_created').on(t.createdAt)],
);

/**
 * Translations of content records, for every collection: one row per record and language, with
 * the language's own slug (unique per collection and language), its localized values as JSON, its
 * own publication flag and publish time, and the fingerprint (`sourceHash`) of the default-language text it was
 * written from. The row in the default language holds no text: its `sourceHash` is the record's
 * current fingerprint, kept by every save, so "outdated" is a comparison in SQL.
 */
export const translations = sqliteTable(
  'translation',
  {
    /** The collection's path. */
    collection: text('collection').notNull(),
    recordId: text('recordId').notNull(),
    locale: text('locale').notNull(),
    slug: text('slug'),
    values: text('values', { mode: 'json' }).notNull().$type<Record<string, unknown>>().default(sql`'{}'`),
    isPublished: integer('isPublished', { mode: 'boolean' }).notNull().default(false),
    /** When an unpublished translation goes public (the minute's job publishes it); null when not scheduled. */
    publishAt: text('publishAt'),
    sourceHash: text('sourceHash').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.recordId, t.locale] }), uniqueIndex('translation_slug').on(t.collection, t.locale, t.slug), index('translation_publish_at').on(t.publishAt)],
);

/**
 * Saved versions of translations, per record and language. Version n is the translation as
 * stored after its nth save (its slug, values and publish flag); `action` says what made it:
 * update, restore or delete. Kept when the record is deleted, so a restored record has them back.
 */
export const translationRevisions = sqliteTable(
  'translation_revision',
  {
    id: id(),
    /** The collection's path. */
    collection: text('collection').notNull(),
    recordId: text('recordId').notNull(),
    locale: text('locale').notNull(),
    version: integer('version').notNull(),
    action: text('action').notNull(),
    snapshot: text('snapshot', { mode: 'json' }).notNull().$type<{ slug: string | null; values: Record<string, unknown>; isPublished: boolean; publishAt?: string | null }>(),
    userId: text('userId'),
    username: text('username').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('translation_revision_version').on(t.collection, t.recordId, t.locale, t.version)],
);

/** Public addresses that answered 404: how often, when last, from where. Kept to the newest few hundred. */
export const notFoundLog = sqliteTable(
  'not_found',
  {
    path: text('path').primaryKey(),
    hits: integer('hits').notNull().default(1),
    referrer: text('referrer').notNull().default(''),
    lastSeen: text('lastSeen').notNull(),
  },
  (t) => [index('not_found_last_seen').on(t.lastSeen)],
);

/**
 * Unsaved or draft content of a record, shown at `/preview/<token>` to anyone holding the link
 * until it expires or is revoked. Only the token's SHA-256 is stored, as for sessions.
 */
export const previews = sqliteTable(
  'preview',
  {
    id: id(),
    tokenHash: text('tokenHash').notNull().unique(),
    /** The collection's path; its definition names the page template. */
    collection: text('collection').notNull(),
    /** The record being edited; empty for a record not saved yet. */
    recordId: text('recordId').notNull().default(''),
    /** The language whose page shows the draft: the default one, or a translation's (its text over the record's shared values). */
    locale: text('locale').notNull().default('id'),
    /** The validated form values, as JSON. */
    data: text('data', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    createdBy: text('createdBy'),
    createdByName: text('createdByName').notNull().default(''),
    expiresAt: text('expiresAt').notNull(),
    revokedAt: text('revokedAt'),
    createdAt: createdAt(),
  },
  (t) => [index('preview_record').on(t.collection, t.recordId), index('preview_expires').on(t.expiresAt)],
);

/**
 * Inquiries sent through the site's "Kolaborasi" form and the staff's replies to them; the
 * consent each newsletter sign-up gave. An inquiry keeps the consent text the visitor ticked,
 * with its time, page and language; a subscriber's consent also keeps the double opt-in proof.
 */

export const inquiry = sqliteTable(
  'inquiry',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    organisation: text('organisation').notNull().default(''),
    topic: text('topic').notNull().default(''),
    message: text('message').notNull(),
    status: text('status', { enum: INQUIRY_STATUSES }).notNull().default('new'),
    /** The staff member who answers it; cleared when that account is deleted. */
    assigneeId: text('assigneeId').references(() => collections.user.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    /** The consent checkbox's text as the visitor saw it, when they ticked it, on which page, in which language. */
    consentText: text('consentText').notNull(),
    consentedAt: text('consentedAt').notNull(),
    sourcePage: text('sourcePage').notNull().default(''),
    language: text('language').notNull().default('id'),
    /** When staff were emailed about it (alone or in a digest); null until then. */
    notifiedAt: text('notifiedAt'),
    createdAt: text('createdAt').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text('updatedAt').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index('inquiry_status_created').on(t.status, t.createdAt), index('inquiry_email').on(t.email), index('inquiry_notified').on(t.notifiedAt)],
);

/** Replies staff sent from the inbox, in the order they were sent. */
export const inquiryReply = sqliteTable(
  'inquiry_reply',
  {
    id: text('id').primaryKey(),
    inquiryId: text('inquiryId')
      .notNull()
      .references(() => inquiry.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorId: text('authorId'),
    authorName: text('authorName').notNull().default(''),
    sentAt: text('sentAt').notNull(),
  },
  (t) => [index('inquiry_reply_inquiry').on(t.inquiryId, t.sentAt)],
);

/** What a newsletter sign-up agreed to, and the proof that the address's owner confirmed it. */
export const subscriberConsent = sqliteTable('subscriber_consent', {
  subscriberId: text('subscriberId')
    .primaryKey()
    .references(() => collections.subscriber.id, { onDelete: 'cascade' }),
  consentText: text('consentText').notNull(),
  consentedAt: text('consentedAt').notNull(),
  sourcePage: text('sourcePage').notNull().default(''),
  language: text('language').notNull().default('id'),
  /** When the confirmation link was mailed, and when it was used: the double opt-in proof. */
  confirmationSentAt: text('confirmationSentAt'),
  confirmedAt: text('confirmedAt'),
});
// Staff accounts by email: password reset links, invites, the counters that throttle them, and
// the devices each account has signed in from. Links are random tokens of which only the
// SHA-256 is stored, as for sessions.

export const passwordResets = sqliteTable(
  'password_reset',
  {
    tokenHash: text('tokenHash').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => collections.user.id, { onDelete: 'cascade' }),
    expiresAt: text('expiresAt').notNull(),
    /** Set when the link is used, or when a newer password makes it void. */
    usedAt: text('usedAt'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_user').on(t.userId), index('password_reset_expires').on(t.expiresAt)],
);

export const invites = sqliteTable(
  'invite',
  {
    id: text('id').primaryKey(),
    /** Lower-cased: one pending invite per address. */
    email: text('email').notNull(),
    roleId: text('roleId')
      .notNull()
      .references(() => collections.role.id, { onDelete: 'cascade' }),
    /** Replaced on every resend, so only the newest link works. */
    tokenHash: text('tokenHash').notNull().unique(),
    invitedBy: text('invitedBy'),
    invitedByName: text('invitedByName').notNull().default(''),
    expiresAt: text('expiresAt').notNull(),
    sentAt: text('sentAt').notNull(),
    acceptedAt: text('acceptedAt'),
    acceptedUserId: text('acceptedUserId'),
    revokedAt: text('revokedAt'),
    createdAt: createdAt(),
  },
  (t) => [index('invite_email').on(t.email), index('invite_expires').on(t.expiresAt)],
);

/** Requests per key (`reset-email:...`, `reset-client:...`) within an hour. */
export const accountThrottle = sqliteTable('account_throttle', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: text('windowStart').notNull(),
});

/** Browsers an account has signed in from (the SHA-256 of a long-lived device cookie): a sign-in from another is emailed. */
export const knownDevices = sqliteTable(
  'known_device',
  {
    userId: text('userId')
      .notNull()
      .references(() => collections.user.id, { onDelete: 'cascade' }),
    deviceHash: text('deviceHash').notNull(),
    firstSeen: text('firstSeen').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    lastSeen: text('lastSeen').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

// ---- Sign-in factors: passkeys, the authenticator app, recovery codes, and the second step ----

/** WebAuthn credentials. The public key alone is kept: a leaked table signs nobody in. */
export const passkeys = sqliteTable(
  'passkey',
  {
    /** The credential's id, base64url, as the authenticator names it. */
    id: text('id').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => collections.user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('publicKey').notNull(),
    /** The authenticator's signature counter at its last use: a lower or equal one means a cloned key. */
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: createdAt(),
    lastUsedAt: text('lastUsedAt'),
  },
  (t) => [index('passkey_user').on(t.userId)],
);

/** The authenticator app (TOTP) of a user: one at most; `confirmedAt` null while enrolment waits for its first code. */
export const totpFactors = sqliteTable('totp_factor', {
  userId: text('userId')
    .primaryKey()
    .references(() => collections.user.id, { onDelete: 'cascade' }),
  /** The shared secret, base32; the app holds the same. */
  secret: text('secret').notNull(),
  confirmedAt: text('confirmedAt'),
  /** The 30-second step of the last accepted code: a code of that step or an older one is a replay. */
  lastStep: integer('lastStep').notNull().default(0),
  createdAt: createdAt(),
});

/** One-time recovery codes, SHA-256 only; `usedAt` set when one is spent. */
export const recoveryCodes = sqliteTable(
  'recovery_code',
  {
    id: id(),
    userId: text('userId')
      .notNull()
      .references(() => collections.user.id, { onDelete: 'cascade' }),
    codeHash: text('codeHash').notNull(),
    usedAt: text('usedAt'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_code_user').on(t.userId), uniqueIndex('recovery_code_hash').on(t.userId, t.codeHash)],
);

/** WebAuthn challenges waiting for their answer: each is taken once (deleted) and expires in 5 minutes. */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenge',
  {
    challenge: text('challenge').primaryKey(),
    /** 'register' (a signed-in user adds a passkey) or 'login'. */
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    /** The user it was made for; null for a sign-in that names no user yet. */
    userId: text('userId'),
    expiresAt: text('expiresAt').notNull(),
  },
  (t) => [index('webauthn_challenge_expires').on(t.expiresAt)],
);

/**
 * A sign-in between its password and its second step: the cookie holds a random token, D1 its
 * SHA-256. 'verify' waits for a code or a passkey; 'enrol' lets a user whose role requires a
 * factor set one up before the session starts.
 */
export const loginTickets = sqliteTable(
  'login_ticket',
  {
    tokenHash: text('tokenHash').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => collections.user.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'enrol'] }).notNull(),
    expiresAt: text('expiresAt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_ticket_expires').on(t.expiresAt)],
);
