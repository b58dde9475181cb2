/** Where a record's translation into one language stands: "EN: belum", "EN: draf", "EN: perlu diperbarui", "EN: terbit". */
import { LOCALES, type Locale, type TranslationStatus } from '@cms/worker/contract';
import type { CellOf, CellProps } from './types.ts';

export const TRANSLATION_WORDS: Record<TranslationStatus, string> = { missing: 'belum', draft: 'draf', outdated: 'perlu diperbarui', published: 'terbit' };

/** "EN: terbit": the language's short name and the state in the admin's words. */
export const translationLabel = (locale: Locale, status: TranslationStatus) => `${LOCALES[locale].short}: ${TRANSLATION_WORDS[status]}`;

const statusOf = (row: CellProps['row'], locale: Locale): TranslationStatus => {
  const statuses = row._translations as Partial<Record<Locale, TranslationStatus>> | undefined;
  return statuses?.[locale] ?? 'missing';
};

export function TranslationCell({ cell, row }: CellProps<CellOf<'translation'>>) {
  const status = statusOf(row, cell.locale);
  // Published and current reads as done; anything else is left to do.
  return <span className={`badge ${status === 'published' ? 'on' : 'off'}`}>{translationLabel(cell.locale, status)}</span>;
}
