/** An email address to write to, or a web address opened in a new tab. */
import { Dash } from './Dash.tsx';
import type { CellOf, CellProps } from './types.ts';

export function LinkCell({ cell, column, row }: CellProps<CellOf<'link'>>) {
  const value = row[column.field];
  if (!value) return <Dash />;
  const text = String(value);
  if (cell.kind === 'email') return <a href={`mailto:${text}`}>{text}</a>;
  return (
    <a href={/^https?:\/\//.test(text) ? text : `https://${text}`} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}
