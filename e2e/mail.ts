/**
 * The mail this file's product sent, read back from the Email Service binding's local
 * simulation: Miniflare's Local Explorer lists every message `wrangler dev` was given.
 */
import { base } from './product.ts';

export interface SentEmail {
  messageId: string;
  subject: string;
  to: string[];
}

const SENDING = `${base}/cdn-cgi/local/explorer/api/local/email/sending`;

/** Every message sent, newest first. */
export async function sentEmails(): Promise<SentEmail[]> {
  const all: SentEmail[] = [];
  for (let cursor = ''; ; ) {
    const query = new URLSearchParams({ per_page: '100', ...(cursor ? { cursor } : {}) });
    const page = (await (await fetch(`${SENDING}?${query}`)).json()) as { result: SentEmail[]; result_info: { has_more: boolean; cursor?: string } };
    all.push(...page.result);
    if (!page.result_info.has_more || !page.result_info.cursor) return all;
    cursor = page.result_info.cursor;
  }
}

/** One message with its text and HTML parts. */
export async function emailParts(email: SentEmail): Promise<SentEmail & { text: string; html: string }> {
  return ((await (await fetch(`${SENDING}?${new URLSearchParams({ email_id: email.messageId })}`)).json()) as { result: SentEmail & { text: string; html: string } }).result;
}
