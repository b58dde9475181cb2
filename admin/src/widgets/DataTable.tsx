/**
 * The back-office table: a header row, one row per record, and on narrow screens each cell
 * labelled by its column (data-label). Lists that page add the Pager below it.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import './DataTable.css';

export interface TableColumn<R> {
  /** Unique among the columns. */
  key: string;
  label: string;
  cell: (row: R) => ReactNode;
  /** Class of the column's cells ("actions"), and of its heading when that differs. */
  className?: string;
  headClassName?: string;
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
}

export default function DataTable<R>({ rows, rowKey, columns, className, busy, rowProps }: Props<R>) {
  return (
    <div className="table-wrap" aria-busy={busy || undefined}>
      <table className={className}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.headClassName ?? column.className}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
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
