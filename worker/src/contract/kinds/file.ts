/** A stored file: sent as a part of the form, or named by the path of one already stored. */
import * as z from '../zod.ts';
import type { FileField } from '../fields.ts';
import { asText, FILE_REFERENCE, textOnly } from './normalize.ts';
import type { KindRule } from './types.ts';

export const file: KindRule<FileField> = {
  // Files arrive as parts and are checked by the worker; as text, a field may name a
  // file that is already stored (a chosen existing image) or be emptied.
  schema: (field) =>
    z.preprocess(
      asText(),
      textOnly(field.label)
        .max(2_000, `${field.label} tidak valid.`)
        .refine((v) => v === '' || FILE_REFERENCE.test(v), `${field.label} tidak valid.`),
    ),
  empty: () => '',
  // It may arrive as a file part, or already be on the record: the worker checks it.
  needsValue: () => false,
};
