/** Sign-in factors as the worker answers them and the admin shows them. */

/** How many recovery codes a user gets at once. */
export const RECOVERY_CODE_COUNT = 10;

/** The longest name a passkey may have. */
export const PASSKEY_NAME_MAX = 60;

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The caller's own factors and whether a policy requires one. */
export interface FactorsSummary {
  totp: { enabled: boolean; since: string | null; recoveryCodesLeft: number };
  passkeys: PasskeySummary[];
  /** Why a factor is required (the role or the permission that asks for it); null when none is. */
  requiredBy: string | null;
}

/** The start of an authenticator app enrolment: the secret as a QR code and as text. */
export interface TotpSetup {
  /** The otpauth:// address the QR code holds. */
  uri: string;
  /** The same secret in base32, for typing into an app by hand. */
  secret: string;
  /** The QR code, an SVG document. */
  qrSvg: string;
}

/** What enrolment's last step answers: the recovery codes, shown once. */
export interface EnrolmentDone {
  recoveryCodes: string[];
  /** True when this enrolment finished a sign-in: the session has started. */
  signedIn: boolean;
}

/**
 * A sign-in that needs one more step after its password: 'verify' asks for a code or a
 * passkey; 'enrol' leads a user whose role requires a factor through setting one up.
 */
export interface SecondStep {
  secondStep: 'verify' | 'enrol';
  /** For 'verify': what the user can answer with. */
  methods: Array<'totp' | 'passkey' | 'recovery'>;
  /** For 'enrol': why a factor is required. */
  requiredBy: string | null;
}

export const isSecondStep = (data: unknown): data is SecondStep =>
  typeof data === 'object' && data !== null && 'secondStep' in data;

/** Who must use a second factor besides the roles that say so: holders of any of these permissions. */
export interface FactorPolicy {
  permissions: string[];
}
