/** Where a record's translation into one language stands: "EN: belum", "EN: draf", "EN: perlu diperbarui", "EN: terjadwal", "EN: terbit". */
import { LOCALES, type Locale, type TranslationStatus } from '@cms/worker/contract';
import type { CellOf, CellProps } from './types.ts';

export const TRANSLATION_WORDS: Record<TranslationStatus, string> = { missing: 'belum', draft: 'draf', outdated: 'perlu diperbarui', scheduled: 'terjadwal', published: 'terbit' };

/** "EN: terbit": the language's short name and the state in the admin's words. */
export const translationLabel = (locale: Locale, status: TranslationStatus) => `${LOCALES[locale].short}: ${TRANSLATION_WORDS[status]}`;

/** The badge's look: the same as a record's own published, scheduled or hidden state. */
export const badgeOf = (status: TranslationStatus) => (status === 'published' ? 'on' : status === 'scheduled' ? 'scheduled' : 'off');

/** The row's state in `locale`, from the column's field (the staff list's `_translations`). */
const statusOf = (statuses: unknown, locale: Locale): TranslationStatus => (statuses as Partial<Record<Locale, TranslationStatus>> | undefined)?.[locale] ?? 'missing';

export function TranslationCell({ cell, column, row }: CellProps<CellOf<'translation'>>) {
  const status = statusOf(row[column.field], cell.locale);
  // Published and current reads as done, scheduled as on its way; anything else is left to do.
  return <span className={`badge ${badgeOf(status)}`}>{translationLabel(cell.locale, status)}</span>;
}
