/** Formatting rules of the spec: Indonesian dates, read time, text cut-offs. */
import { DEFAULT_READ_TIME } from '@cms/worker/contract';

const dateFormat = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' });

export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : '');

export const readTime = (minutes: number | null | undefined) => `${minutes && minutes > 0 ? minutes : DEFAULT_READ_TIME} min read`;

/** Text without tags, cut at `length` characters plus an ellipsis (100 by default). */
export function stripHtml(html: string | null | undefined, length = 100) {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}
