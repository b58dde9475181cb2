/**
 * The back-office table: a header row, one row per record, and on narrow screens each cell
 * labelled by its column (data-label). Lists that page add the Pager below it. A list ordered by
 * its columns has buttons for headings; narrow screens, which hide the headings, offer the same
 * orders in a select above the rows. A list whose rows can be picked for an action on several at
 * once has a checkbox first in each row and one in the heading for the whole page (above the rows
 * on narrow screens).
 */
import type { SortDirection } from '@cms/worker/contract';
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import './DataTable.css';

export interface TableColumn<R> {
  /** Unique among the columns. */
  key: string;
  label: string;
  cell: (row: R) => ReactNode;
  /** Class of the column's cells ("actions"), and of its heading when that differs. */
  className?: string;
  headClassName?: string;
  /** The list can be ordered by this column; the words name its two directions ("A–Z", "Z–A"). */
  sortable?: Record<SortDirection, string>;
}

/** The column a list is ordered by (its key) and which way. */
export interface ColumnOrder {
  key: string;
  direction: SortDirection;
}

/** How the list is ordered now (none: its own order), and how to order it otherwise. */
export interface TableSort {
  by: ColumnOrder | undefined;
  onSort: (by: ColumnOrder | undefined) => void;
}

interface Props<R> {
  rows: R[];
  rowKey: (row: R) => string;
  columns: TableColumn<R>[];
  className?: string;
  /** Rows of the page before shown while the next one loads. */
  busy?: boolean;
  /** Attributes of a row's <tr> (data-status). */
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  sort?: TableSort;
  selection?: TableSelection<R>;
}

/** Rows picked for an action on several at once, by their keys. */
export interface TableSelection<R> {
  picked: ReadonlySet<string>;
  onPick: (keys: readonly string[], picked: boolean) => void;
  /** The name of a row's checkbox ("Pilih Hari Memilah"). */
  label: (row: R) => string;
  /** While an action runs on the picked rows, what is picked stays. */
  disabled?: boolean;
}

const PICK_PAGE = 'Pilih semua di halaman ini';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const ARROWS = { asc: '▲', desc: '▼' } as const;

export default function DataTable<R>({ rows, rowKey, columns, className, busy, rowProps, sort, selection }: Props<R>) {
  const orders = columns.flatMap(({ key, label, sortable }) => (sortable ? (['asc', 'desc'] as const).map((direction) => ({ by: { key, direction }, label: `${label}: ${sortable[direction]}` })) : []));
  const keys = rows.map(rowKey);
  return (
    <>
      {sort && orders.length > 0 && <SortSelect orders={orders} sort={sort} />}
      {selection && (
        <label className="table-pick-page">
          <PageCheckbox keys={keys} selection={selection} /> {PICK_PAGE}
        </label>
      )}
      <div className="table-wrap" aria-busy={busy || undefined}>
        <table className={className}>
          <thead>
            <tr>
              {selection && (
                <th scope="col" className="pick">
                  <PageCheckbox keys={keys} selection={selection} label={PICK_PAGE} />
                </th>
              )}
              {columns.map((column) => {
                const direction = sort?.by?.key === column.key ? sort.by.direction : undefined;
                return (
                  <th key={column.key} scope="col" className={column.headClassName ?? column.className} aria-sort={direction && ARIA_SORT[direction]}>
                    {sort && column.sortable ? (
                      // Clicks on a column go ascending, descending, then back to the list's own order.
                      <button
                        type="button"
                        className="sort-button"
                        title={direction === 'desc' ? 'Kembali ke urutan bawaan' : `Urutkan menurut ${column.label}`}
                        onClick={() => sort.onSort(direction === 'desc' ? undefined : { key: column.key, direction: direction === 'asc' ? 'desc' : 'asc' })}
                      >
                        {column.label}
                        <span className={direction ? 'sort-arrow' : 'sort-arrow idle'} aria-hidden="true">
                          {direction ? ARROWS[direction] : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {selection && (
                  <td className="pick" data-label="Pilih">
                    <input
                      type="checkbox"
                      aria-label={selection.label(row)}
                      checked={selection.picked.has(rowKey(row))}
                      disabled={selection.disabled}
                      onChange={(event) => selection.onPick([rowKey(row)], event.target.checked)}
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td key={column.key} className={column.className} data-label={column.label}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Picks or leaves every row of the page; partly ticked while only some are picked. */
function PageCheckbox<R>({ keys, selection, label }: { keys: string[]; selection: TableSelection<R>; label?: string }) {
  const count = keys.filter((key) => selection.picked.has(key)).length;
  return (
    <input
      type="checkbox"
      aria-label={label}
      ref={(box) => {
        if (box) box.indeterminate = count > 0 && count < keys.length;
      }}
      checked={keys.length > 0 && count === keys.length}
      disabled={selection.disabled || keys.length === 0}
      onChange={(event) => selection.onPick(keys, event.target.checked)}
    />
  );
}

/** The orders of the sortable columns as one select: how a narrow screen, whose headings are hidden, sorts. */
function SortSelect({ orders, sort }: { orders: Array<{ by: ColumnOrder; label: string }>; sort: TableSort }) {
  const valueOf = (by: ColumnOrder) => `${by.direction}:${by.key}`;
  const id = useId();
  // The label stands beside the select, not around it: a label holding the options would be named by their words too.
  return (
    <div className="table-sort">
      <label htmlFor={id}>Urutkan</label>
      <select id={id} value={sort.by ? valueOf(sort.by) : ''} onChange={(event) => sort.onSort(orders.find((order) => valueOf(order.by) === event.target.value)?.by)}>
        <option value="">Urutan bawaan</option>
        {orders.map((order) => (
          <option key={valueOf(order.by)} value={valueOf(order.by)}>
            {order.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Page navigation of a list paged by the API: first, previous, "Page X of Y", next, last. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      <button type="button" disabled={page <= 1} onClick={() => onPage(1)} aria-label="First page">
        «
      </button>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
      <button type="button" disabled={page >= pages} onClick={() => onPage(pages)} aria-label="Last page">
        »
      </button>
    </nav>
  );
}
