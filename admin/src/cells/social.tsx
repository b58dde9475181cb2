/** The record's social links that are set, each a badge named for its network. */
import { recordTitle } from '@cms/worker/contract';
import { Dash } from './Dash.tsx';
import type { CellOf, CellProps } from './types.ts';

export function SocialCell({ cell, row, resource }: CellProps<CellOf<'social'>>) {
  const links = Object.entries(cell.links).filter(([field]) => row[field]);
  if (links.length === 0) return <Dash />;
  return (
    <span className="chips">
      {links.map(([field, name]) => (
        <a key={field} className="badge" href={String(row[field])} target="_blank" rel="noopener noreferrer" aria-label={`${name} ${recordTitle(resource, row, '')}`}>
          {name}
        </a>
      ))}
    </span>
  );
}
