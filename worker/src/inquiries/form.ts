/**
 * What a form post must pass before an inquiry is stored: the honeypot, Turnstile (when
 * configured), the minimum fill time (a signed stamp of when the page was served), the fields'
 * rules and the per-client hourly limit. Every refusal carries a message in the page's language
 * and the field it is about, so the page can show it beside what the visitor typed.
 */
import * as z from '../contract/zod.ts';
import {
  CONSENT_TEXTS,
  INQUIRY_HONEYPOT,
  INQUIRY_LANGUAGES,
  INQUIRY_LIMITS,
  inquiryPageIn,
  INQUIRY_SPAM_RULES,
  INQUIRY_TEXTS,
  TURNSTILE_FIELD,
  type InquiryFormConfig,
  type InquiryLanguage,
} from '../contract/inquiry.ts';
import type { ErrorCode, Settings } from '../contract/api.ts';
import { stripControls } from '../contract/text.ts';
import type { Database } from '../db/client.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import { clientNetwork, countAttempt, SIGNUP_WINDOW_MS } from '../subscribers/throttle.ts';

/** The fields a visitor fills in, as typed (kept to hand back with an error). */
export interface InquiryInput {
  name: string;
  email: string;
  organisation: string;
  topic: string;
  message: string;
  consent: boolean;
  language: InquiryLanguage;
  sourcePage: string;
}

export type CheckedInquiry = Omit<InquiryInput, 'consent'> & { consentText: string };

/** A refusal of one form post: its message, the field it is about, and the status it answers. */
export const refusal = (status: 400 | 403 | 413 | 429, code: ErrorCode, message: string, field?: keyof InquiryInput, details?: Record<string, unknown>) =>
  new ApiError(status, code, message, { ...(field ? { field } : {}), ...details });

const textOf = (value: unknown, multiline = false) => (typeof value === 'string' ? stripControls(value, multiline).trim() : '');

/** The language of the page a form was sent from (Indonesian when it names none the form has). */
export const languageOfForm = (fields: Record<string, unknown>): InquiryLanguage => INQUIRY_LANGUAGES.find((candidate) => candidate === fields.language) ?? 'id';

/** Reads the posted fields into the form's shape; nothing is checked yet. */
export function inputOf(fields: Record<string, unknown>): InquiryInput {
  const language = languageOfForm(fields);
  const page = textOf(fields.sourcePage);
  return {
    name: textOf(fields.name),
    email: textOf(fields.email),
    organisation: textOf(fields.organisation),
    topic: textOf(fields.topic),
    message: textOf(fields.message, true),
    consent: fields.consent === true || fields.consent === 'on' || fields.consent === 'true' || fields.consent === '1',
    language,
    // Only a path of this site, never a full address or a script URL.
    sourcePage: /^\/[\w\-/.~%]{0,200}$/.test(page) ? page : inquiryPageIn(language),
  };
}

/** Line breaks and address separators could smuggle extra mail headers into a reply. */
const HEADER_BREAKING = /[\u0000-\u001f\u007f<>,;:"\\()[\]]/;

/** The form's rules; the first broken one is the answer. */
export function checkInquiry(input: InquiryInput, topics: readonly string[]): CheckedInquiry {
  const messages = INQUIRY_TEXTS[input.language];
  if (!input.name) throw refusal(400, 'VALIDATION_ERROR', messages.nameRequired, 'name');
  if (input.name.length > INQUIRY_LIMITS.name) throw refusal(400, 'VALIDATION_ERROR', messages.nameTooLong, 'name');
  if (input.email.length > INQUIRY_LIMITS.email || HEADER_BREAKING.test(input.email) || !z.email().safeParse(input.email).success) {
    throw refusal(400, 'VALIDATION_ERROR', messages.emailInvalid, 'email');
  }
  if (input.organisation.length > INQUIRY_LIMITS.organisation) throw refusal(400, 'VALIDATION_ERROR', messages.organisationTooLong, 'organisation');
  if (!topics.includes(input.topic)) throw refusal(400, 'VALIDATION_ERROR', messages.topicInvalid, 'topic');
  if (!input.message) throw refusal(400, 'VALIDATION_ERROR', messages.messageRequired, 'message');
  if (input.message.length > INQUIRY_LIMITS.message) throw refusal(400, 'VALIDATION_ERROR', messages.messageTooLong, 'message');
  if (!input.consent) throw refusal(400, 'VALIDATION_ERROR', messages.consentRequired, 'consent');
  const { consent: _ticked, ...fields } = input;
  return { ...fields, email: input.email.toLowerCase(), consentText: CONSENT_TEXTS[input.language] };
}

/** Whether a post filled the hidden field: a bot's, answered as if it worked and kept nowhere. */
export const filledHoneypot = (fields: Record<string, unknown>) => typeof fields[INQUIRY_HONEYPOT] === 'string' && fields[INQUIRY_HONEYPOT].trim() !== '';

export const topicsOf = (settings: Settings) =>
  settings.inquiryTopics
    .split('\n')
    .map((topic) => topic.trim())
    .filter(Boolean);

/** The form as a page in `language` shows it (`settings` read in that language). */
export const formConfig = (settings: Settings, env: Bindings, language: InquiryLanguage = 'id'): InquiryFormConfig => ({
  title: settings.collaborateTitle,
  intro: settings.collaborateIntro,
  topics: topicsOf(settings),
  consentText: CONSENT_TEXTS[language],
  turnstileSiteKey: turnstileConfigured(env) ? env.TURNSTILE_SITE_KEY! : '',
});

const encoder = new TextEncoder();
const base64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

async function stampSignature(secret: string, issuedAt: number) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(`inquiry-form.${issuedAt}`)));
}

/** The hidden field's value: when the page was served, signed so a bot cannot backdate it. */
export const formStamp = async (secret: string, now = Date.now()) => `${now}.${await stampSignature(secret, now)}`;

/** Refuses a post sent too soon after its page was served, or with a stamp that is missing, forged or too old. */
export async function checkFillTime(secret: string, stamp: unknown, language: InquiryLanguage, now = Date.now()) {
  const [issued = '', signature = ''] = typeof stamp === 'string' ? stamp.split('.') : [];
  const issuedAt = Number(issued);
  const genuine = /^\d{1,15}$/.test(issued) && signature === (await stampSignature(secret, issuedAt));
  if (!genuine || now - issuedAt > INQUIRY_SPAM_RULES.formValidHours * 3_600_000) throw refusal(400, 'FORM_EXPIRED', INQUIRY_TEXTS[language].expired);
  if (now - issuedAt < INQUIRY_SPAM_RULES.minFillSeconds * 1000) throw refusal(400, 'TOO_FAST', INQUIRY_TEXTS[language].tooFast);
}

export const turnstileConfigured = (env: Bindings) => !!env.TURNSTILE_SITE_KEY && !!env.TURNSTILE_SECRET_KEY;

/** Asks Cloudflare whether the Turnstile answer is genuine; only when a site key and secret are configured. */
export async function checkTurnstile(env: Bindings, fields: Record<string, unknown>, client: string, language: InquiryLanguage) {
  if (!turnstileConfigured(env)) return;
  const answer = fields[TURNSTILE_FIELD];
  if (typeof answer !== 'string' || !answer || answer.length > 2048) throw refusal(403, 'TURNSTILE_FAILED', INQUIRY_TEXTS[language].turnstile);
  const verdict = await fetch('https://challenges.cloudflare.com/turnstile/v0/siteverify', {
    method: 'POST',
    body: new URLSearchParams({ secret: env.TURNSTILE_SECRET_KEY!, response: answer, remoteip: client }),
  })
    .then((response) => response.json<{ success?: boolean }>())
    .catch(() => ({ success: false }));
  if (!verdict.success) throw refusal(403, 'TURNSTILE_FAILED', INQUIRY_TEXTS[language].turnstile);
}

/** Counts this inquiry against its client network's hour; refuses it (429) over the limit. */
export async function throttleInquiry(db: Database, client: string, language: InquiryLanguage, now = new Date()) {
  const row = await countAttempt(db, `inquiry:${clientNetwork(client)}`, now);
  if (row.count > INQUIRY_SPAM_RULES.perClientPerHour) {
    const waitMs = Date.parse(row.windowStart) + SIGNUP_WINDOW_MS - now.getTime();
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw refusal(429, 'RATE_LIMITED', INQUIRY_TEXTS[language].limited(minutes), undefined, { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
  }
}
