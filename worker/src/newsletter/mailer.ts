/**
 * Outgoing mail. Production and `wrangler dev` both send through the Email Service binding;
 * locally the binding only records the message (the Local Explorer lists it), so nothing
 * leaves the machine and tests read what was sent from there.
 */
import { stripControls } from '../contract/text.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

/** A header value on one line: a CR or LF from a subject or a setting would start a header of its own. */
export const headerValue = (value: string) => stripControls(value, false).trim();

export const emailServiceMailer = (binding: SendEmail, from: EmailAddress): Mailer => ({
  async send({ to, subject, html, text, headers }) {
    const oneLine = headers ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, headerValue(value)])) : undefined;
    await binding.send({ from: { name: headerValue(from.name), email: headerValue(from.email) }, to, subject: headerValue(subject), html, text, ...(oneLine ? { headers: oneLine } : {}) });
  },
});
