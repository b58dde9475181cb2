/**
 * A yes/no badge in the column's words; a button that flips it where the column says `toggle`.
 * The visibility flag of a scheduled collection shows what the public sees, not only the tick.
 */
import { recordTitle, scheduleFields } from '@cms/worker/contract';
import { PublicStatus } from '../widgets/ScheduleInput.tsx';
import type { CellOf, CellProps } from './types.ts';

export function FlagCell({ cell, column, row, resource, onToggle }: CellProps<CellOf<'flag'>>) {
  const value = row[column.field];
  if (cell.toggle && onToggle) {
    const shown = value ? cell.yes : cell.no;
    // Its name starts with the words it shows, so someone who says what they see can press it.
    return (
      <button type="button" className={`badge ${value ? 'on' : 'off'}`} onClick={onToggle} aria-label={`${shown}: ubah ${column.label.toLowerCase()} ${recordTitle(resource, row, '')}`}>
        {shown}
      </button>
    );
  }
  if (column.field === resource.visibleWhen && scheduleFields(resource).length > 0) return <PublicStatus resource={resource} row={row} yes={cell.yes} no={cell.no} />;
  return <span className={`badge ${value ? 'on' : 'off'}`}>{value ? cell.yes : cell.no}</span>;
}
