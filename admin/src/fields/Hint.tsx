import type { ReactNode } from 'react';

/** Help under an input, named by the input's `aria-describedby`. */
export const hintId = (id: string) => `${id}-hint`;

export function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <small id={hintId(id)} className="muted">
      {hint}
    </small>
  ) : null;
}
