/** A linked record by its name, or the column's text when there is none. */
import type { CellOf, CellProps } from './types.ts';

export function ReferenceCell({ cell, column, row }: CellProps<CellOf<'reference'>>) {
  const value = row[column.field];
  return <>{value && typeof value === 'object' ? String((value as { name?: string }).name ?? '') : cell.empty}</>;
}
