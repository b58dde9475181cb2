/** Reading time of rich text, for read-time fields left empty. */
import { visibleText } from './validation.ts';

export const WORDS_PER_MINUTE = 200;

/** Minutes to read the visible text of some HTML at about 200 words a minute; at least 1. */
export function readingMinutes(html: string | null | undefined): number {
  const words = visibleText(html ?? '').split(' ').filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
