/** A whole number within its bounds. */
import * as z from '../zod.ts';
import type { IntegerField } from '../fields.ts';
import { asInteger, INTEGER_MAX } from './normalize.ts';
import type { KindRule } from './types.ts';

export const integer: KindRule<IntegerField> = {
  schema: (field) => {
    const max = field.max ?? INTEGER_MAX;
    const schema = z
      .number({ error: `${field.label} harus berupa bilangan bulat.` })
      .int({ error: `${field.label} harus berupa bilangan bulat.`, abort: true })
      .min(field.min, `${field.label} minimal ${field.min}.`)
      .max(max, `${field.label} maksimal ${max}.`);
    return z.preprocess(asInteger(field.default), schema);
  },
  // A reading time left empty is computed from the text (0 stands for "computed").
  empty: (field) => (field.readingTimeOf ? 0 : field.default),
  blankMeansDefault: true,
};
