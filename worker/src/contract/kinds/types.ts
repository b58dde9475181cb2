/** What one field kind owns in the contract: the rule its values pass, in the admin and in the worker. */
import type * as z from '../zod.ts';
import type { Field } from '../fields.ts';

export type Mode = 'create' | 'update';
export type FieldKind = Field['kind'];
export type FieldOf<K extends FieldKind> = Extract<Field, { kind: K }>;

export interface KindRule<F extends Field> {
  /** The canonical value's schema: how what arrives is normalised, then checked. Null: only the server sets it. */
  schema(field: F): z.ZodType | null;
  /** The value stored when a create leaves the field out. */
  empty(field: F): unknown;
  /** A blank input stands for the default (a number, a choice, a link), not for an empty value. */
  blankMeansDefault?: boolean;
  /** A blank input on a save leaves the stored value as it is. */
  blankKeepsStored?: boolean;
  /** Whether a save must carry a value; otherwise whether the field is required. */
  needsValue?(field: F, mode: Mode): boolean;
  /** Inputs that count as blank besides nothing, null and spaces. */
  blank?(field: F, value: unknown): boolean;
  /** The message for a required value left blank; otherwise "<label> wajib diisi." */
  missing?(field: F): string;
}

/** Every kind's rule: a kind without one does not type-check. */
export type KindRules = { [K in FieldKind]: KindRule<FieldOf<K>> };
