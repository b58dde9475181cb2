/** Where a record's translation into one language stands: "EN: belum", "EN: draf", "EN: perlu diperbarui", "EN: terbit". */
import { LOCALES, type Locale, type TranslationStatus } from '@cms/worker/contract';
import type { CellOf, CellProps } from './types.ts';

export const TRANSLATION_WORDS: Record<TranslationStatus, string> = { missing: 'belum', draft: 'draf', outdated: 'perlu diperbarui', published: 'terbit' };

/** "EN: terbit": the language's short name and the state in the admin's words. */
export const translationLabel = (locale: Locale, status: TranslationStatus) => `${LOCALES[locale].short}: ${TRANSLATION_WORDS[status]}`;

/** The row's state in `locale`, from the column's field (the staff list's `_translations`). */
const statusOf = (statuses: unknown, locale: Locale): TranslationStatus => (statuses as Partial<Record<Locale, TranslationStatus>> | undefined)?.[locale] ?? 'missing';

export function TranslationCell({ cell, column, row }: CellProps<CellOf<'translation'>>) {
  const status = statusOf(row[column.field], cell.locale);
  // Published and current reads as done; anything else is left to do.
  return <span className={`badge ${status === 'published' ? 'on' : 'off'}`}>{translationLabel(cell.locale, status)}</span>;
}
