/** The small thumbnail stored beside an image (the worker answers with the image if there is none). */
import { thumbnailUrl } from '@cms/worker/contract/api';
import { fileUrl } from '../api/client.ts';
import { Dash } from './Dash.tsx';
import type { CellProps } from './types.ts';
import './image.css';

const FALLBACK_IMAGE = `${import.meta.env.BASE_URL}fallback-logo.svg`;

export function ImageCell({ column, row }: CellProps) {
  const value = row[column.field];
  if (!value) return <Dash />;
  return (
    <img
      className="thumb"
      src={thumbnailUrl(fileUrl(String(value)))}
      alt=""
      width={64}
      height={40}
      loading="lazy"
      // A missing or broken file shows the default logo instead of a broken image.
      onError={(event) => event.currentTarget.src.endsWith(FALLBACK_IMAGE) || (event.currentTarget.src = FALLBACK_IMAGE)}
    />
  );
}
