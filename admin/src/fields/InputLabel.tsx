import type { Field } from '@cms/worker/contract';
import type { ReactNode } from 'react';
import { kindOf } from './index.ts';

/** A field input's label: it points at the input, or, for an input no label can point at (`labelable: false`), focuses it when clicked. */
export function InputLabel({ field, id, children }: { field: Field; id: string; children: ReactNode }) {
  if (kindOf(field).labelable === false) return <label onClick={() => document.getElementById(id)?.focus()}>{children}</label>;
  return <label htmlFor={id}>{children}</label>;
}
