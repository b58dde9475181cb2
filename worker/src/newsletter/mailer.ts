/**
 * Outgoing mail. Production and `wrangler dev` both send through the Email Service binding;
 * locally the binding only records the message (the Local Explorer lists it), so nothing
 * leaves the machine and tests read what was sent from there.
 */
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

export const emailServiceMailer = (binding: SendEmail, from: EmailAddress): Mailer => ({
  async send({ to, subject, html, text, headers }) {
    await binding.send({ from, to, subject, html, text, ...(headers ? { headers } : {}) });
  },
});
