/**
 * The list cells the contract's `Cell` names, one renderer each: a cell added to the contract is
 * one file here and its entry below (a cell without one does not type-check).
 */
import type { Cell } from '@cms/worker/contract';
import type { ComponentType } from 'react';
import { ChoiceCell } from './choice.tsx';
import { DateCell } from './date.tsx';
import { FlagCell } from './flag.tsx';
import { ImageCell } from './image.tsx';
import { LinkCell } from './link.tsx';
import { ListCell } from './list.tsx';
import { ReferenceCell } from './reference.tsx';
import { ScheduleCell } from './schedule.tsx';
import { SocialCell } from './social.tsx';
import { TextValueCell } from './text.tsx';
import { TranslationCell } from './translation.tsx';
import type { CellProps, CellRegistry } from './types.ts';

export const CELLS: CellRegistry = {
  image: ImageCell,
  text: TextValueCell,
  flag: FlagCell,
  choice: ChoiceCell,
  date: DateCell,
  list: ListCell,
  link: LinkCell,
  reference: ReferenceCell,
  social: SocialCell,
  schedule: ScheduleCell,
  translation: TranslationCell,
};

/** A row's value in a column, drawn by the renderer of the column's cell. */
export function CellValue(props: Omit<CellProps, 'cell'>) {
  const cell = props.column.cell;
  // The registry pairs each cell with its renderer; TypeScript cannot follow that through a lookup by a union key.
  const Render = CELLS[cell.as] as ComponentType<CellProps<Cell>>;
  return <Render {...props} cell={cell} />;
}
