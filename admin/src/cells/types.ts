import type { Cell, Column, ResourceDefinition } from '@cms/worker/contract';
import type { ComponentType } from 'react';

export type Row = { _id: string } & Record<string, unknown>;
export type CellAs = Cell['as'];
export type CellOf<A extends CellAs> = Extract<Cell, { as: A }>;

export interface CellProps<C extends Cell = Cell> {
  cell: C;
  column: Column;
  row: Row;
  resource: ResourceDefinition;
  /** Flips the column's flag in place; given when the user may change the record. */
  onToggle?: () => void;
}

/** Every cell the contract names has its renderer: a cell added without one does not type-check. */
export type CellRegistry = { [A in CellAs]: ComponentType<CellProps<CellOf<A>>> };
