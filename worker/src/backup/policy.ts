/**
 * What a backup holds: what a restore needs, and nothing that lets its reader act as someone
 * else. Sign-ins, rate-limit counters, stored answers and preview links stay out; the secrets a
 * restore needs (password hashes, the generated newsletter key) travel only sealed under
 * BACKUP_SECRET, and not at all without it.
 */
/** One table row as a backup holds it. */
export type Row = Record<string, string | number | null>;

/** Tables a backup never holds, with the reason a reader of the file sees. */
export const LEFT_OUT_TABLES: Readonly<Record<string, string>> = {
  session: 'sign-ins: a session hash is a login',
  login_attempt: 'login rate-limit counters (client addresses)',
  signup_attempt: 'newsletter sign-up rate-limit counters (client addresses)',
  idempotent_request: 'stored answers of recent writes',
  preview: 'preview links: a token shows a draft to whoever holds it',
  site_build: "this deployment's build history: a restore asks for a new build",
  password_reset: 'password reset links: a token sets a password',
  invite: 'invite links: a token makes an account',
  account_throttle: 'password reset rate-limit counters (client addresses)',
  known_device: 'browsers each account signed in from',
  login_ticket: 'sign-ins waiting for their second step',
  webauthn_challenge: 'passkey challenges waiting for their answer (minutes)',
};

/** Tables a restore empties although the backup does not hold them: their rows belong to the data being replaced. */
export const CLEARED_ON_RESTORE = ['session', 'idempotent_request', 'preview', 'password_reset', 'invite', 'login_ticket', 'webauthn_challenge'] as const;

/** The setting holding the newsletter link key the worker generates when NEWSLETTER_SECRET is not set. */
export const NEWSLETTER_SECRET_SETTING = 'newsletterSecret';

/** Columns whose values are secrets: in a backup only sealed. */
export const SEALED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  user: ['passwordHash'],
  // An empty secret or hash matches no code: without BACKUP_SECRET a restored app factor is off.
  totp_factor: ['secret'],
  recovery_code: ['codeHash'],
};

/** Rows that are secrets as a whole: in a backup only sealed. */
export const SEALED_ROWS: Readonly<Record<string, (row: Row) => boolean>> = {
  setting: (row) => row.key === NEWSLETTER_SECRET_SETTING,
};

/** The value a sealed column holds in the file's rows (the column is NOT NULL): an empty password hash matches no password. */
export const SEALED_PLACEHOLDER = '';

/** What a backup made without BACKUP_SECRET leaves out, as its `leftOut` list says. */
export const SECRETS_LEFT_OUT = [
  'user.passwordHash: sealed only with BACKUP_SECRET, which was not set (restored accounts keep the password they have in the database restored into, or need a new one)',
  `setting ${NEWSLETTER_SECRET_SETTING}: sealed only with BACKUP_SECRET, which was not set (the database restored into keeps its own)`,
];
