/** Sent mail, read back from the Email Service binding's local simulation (Miniflare's Local Explorer). */
import { fileWorker } from './worker.ts';

export interface SentEmail {
  messageId: string;
  to: string[];
  from: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** Every message the local EMAIL binding was given, newest first. */
export async function sentEmails(base = fileWorker().url): Promise<Omit<SentEmail, 'text' | 'html'>[]> {
  const all: Omit<SentEmail, 'text' | 'html'>[] = [];
  let cursor = '';
  for (;;) {
    const query = new URLSearchParams({ per_page: '100', ...(cursor ? { cursor } : {}) });
    const page = await (await fetch(`${base}/cdn-cgi/local/explorer/api/local/email/sending?${query}`)).json<{
      result: Omit<SentEmail, 'text' | 'html'>[];
      result_info: { has_more: boolean; cursor?: string };
    }>();
    all.push(...page.result);
    if (!page.result_info.has_more || !page.result_info.cursor) return all;
    cursor = page.result_info.cursor;
  }
}

/** The messages sent to one address, with their text and HTML parts. */
export async function mailbox(address: string): Promise<SentEmail[]> {
  const base = fileWorker().url;
  const mine = (await sentEmails(base)).filter((email) => email.to.includes(address));
  return Promise.all(
    mine.map(async (email) => {
      const query = new URLSearchParams({ email_id: email.messageId });
      const detail = await (await fetch(`${base}/cdn-cgi/local/explorer/api/local/email/sending?${query}`)).json<{ result: SentEmail }>();
      return detail.result;
    }),
  );
}
