/** The first few items of a list as badges, and how many more there are. */
import { keyedTexts } from '../widgets/keys.ts';
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
      {keyedTexts(items.slice(0, cell.show)).map(({ text, key }) => (
        <span key={key} className="badge">
          {text}
        </span>
      ))}
      {items.length > cell.show && <span className="muted">{cell.more(items.length - cell.show)}</span>}
    </span>
  );
}
