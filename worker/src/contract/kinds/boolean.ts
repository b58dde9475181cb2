/** Yes or no, as a switch or a checkbox sends it. */
import * as z from '../zod.ts';
import type { BooleanField } from '../fields.ts';
import { asBoolean } from './normalize.ts';
import type { KindRule } from './types.ts';

export const boolean: KindRule<BooleanField> = {
  schema: (field) => z.preprocess(asBoolean, z.boolean({ message: `${field.label} harus true atau false.` })),
  empty: (field) => field.default,
};
