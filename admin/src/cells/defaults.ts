/**
 * The cell and heading a column of each field kind shows when the column names none. Kept apart
 * from the kinds' form modules and free of JSX: the screens list reads it, and the worker's
 * definition checks and the browser tests read that list outside the browser.
 */
import type { Cell, Field } from '@cms/worker/contract';
import type { FieldKind, FieldOf } from '../fields/kinds.ts';

interface ColumnDefault {
  cell: Cell;
  /** The heading, when not the field's label. */
  label?: string;
}

/** Every kind has its default: a kind added to the contract without one is a type error here. */
type ColumnDefaults = { [K in FieldKind]: (field: FieldOf<K>) => ColumnDefault };

const TEXT = (): ColumnDefault => ({ cell: { as: 'text' } });

export const COLUMN_DEFAULTS: ColumnDefaults = {
  text: TEXT,
  richText: TEXT,
  slug: TEXT,
  password: TEXT,
  tags: TEXT,
  integer: TEXT,
  list: TEXT,
  reference: TEXT,
  relation: TEXT,
  file: () => ({ cell: { as: 'image' } }),
  boolean: () => ({ cell: { as: 'flag', yes: 'Active', no: 'Inactive' } }),
  enum: () => ({ cell: { as: 'choice' } }),
  // One column shows both schedule times: it is named for the schedule, not its first field.
  timestamp: (field) =>
    field.schedule === 'event' ? { cell: { as: 'date', time: true } } : field.schedule ? { cell: { as: 'schedule' }, label: 'Jadwal' } : { cell: { as: 'date' } },
};

/** The default of a field's kind. */
// The table pairs each kind with its own function; TypeScript cannot follow that through a lookup by a union key.
export const columnDefault = <F extends Field>(field: F) => (COLUMN_DEFAULTS[field.kind] as (field: F) => ColumnDefault)(field);
