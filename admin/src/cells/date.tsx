/** A date in the column's locale (Indonesian unless said). */
import type { CellOf, CellProps } from './types.ts';

export function DateCell({ cell, column, row }: CellProps<CellOf<'date'>>) {
  const value = row[column.field];
  return <>{value ? new Date(String(value)).toLocaleDateString(cell.locale ?? 'id-ID', cell.locale === 'en-US' ? { month: 'short', day: 'numeric', year: 'numeric' } : undefined) : '-'}</>;
}
