/** Text without its HTML, cut at a length where the column says so. */
import { recordTitle } from '@cms/worker/contract';
import TextCell from '../widgets/TextCell.tsx';
import type { CellOf, CellProps } from './types.ts';

export function TextValueCell({ cell, column, row, resource }: CellProps<CellOf<'text'>>) {
  return <TextCell value={String(row[column.field] ?? '')} truncate={cell.truncate} fallback={cell.fallback} expand={cell.expand} title={recordTitle(resource, row, '')} />;
}
