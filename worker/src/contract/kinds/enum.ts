/** One of a fixed set of values. */
import * as z from '../zod.ts';
import type { EnumField } from '../fields.ts';
import { asText } from './normalize.ts';
import type { KindRule } from './types.ts';

export const enumKind: KindRule<EnumField> = {
  schema: (field) =>
    z.preprocess(asText(), z.enum(field.values as [string, ...string[]], { message: `${field.label} harus salah satu dari: ${field.values.join(', ')}.` })),
  empty: (field) => field.default,
  blankMeansDefault: true,
  needsValue: (field) => field.required === true && field.default === undefined,
};
