import type { Field } from '@cms/worker/contract';

/** The kinds of field the contract declares. */
export type FieldKind = Field['kind'];
export type FieldOf<K extends FieldKind> = Extract<Field, { kind: K }>;
