/** The first few items of a list as badges, and how many more there are. */
import type { CellOf, CellProps } from './types.ts';

export function ListCell({ cell, column, row }: CellProps<CellOf<'list'>>) {
  const value = row[column.field];
  const items = (Array.isArray(value) ? value : []).map((item) => {
    if (typeof item !== 'object' || !item) return String(item);
    const record = item as Record<string, unknown>;
    return cell.format ? cell.format(record) : String(record[cell.key ?? 'title'] ?? '');
  });
  return (
    <span className="chips">
      {items.slice(0, cell.show).map((item, i) => (
        <span key={i} className="badge">
          {item}
        </span>
      ))}
      {items.length > cell.show && <span className="muted">{cell.more(items.length - cell.show)}</span>}
    </span>
  );
}
