/** A date in the column's locale (Indonesian unless said), with its time in WIB when asked. */
import { wib } from '../widgets/ScheduleInput.tsx';
import type { CellOf, CellProps } from './types.ts';

export function DateCell({ cell, column, row }: CellProps<CellOf<'date'>>) {
  const value = row[column.field];
  if (cell.time) return <>{typeof value === 'string' && value ? wib(value) : '-'}</>;
  return <>{value ? new Date(String(value)).toLocaleDateString(cell.locale ?? 'id-ID', cell.locale === 'en-US' ? { month: 'short', day: 'numeric', year: 'numeric' } : undefined) : '-'}</>;
}
