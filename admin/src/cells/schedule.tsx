/** The publish/unpublish times of a scheduled record, in WIB. */
import { ScheduleCell as Schedule } from '../widgets/ScheduleInput.tsx';
import type { CellProps } from './types.ts';

export function ScheduleCell({ row }: CellProps) {
  return <Schedule row={row} />;
}
