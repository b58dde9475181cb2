/** A link to one record of another collection, by its id. */
import * as z from '../zod.ts';
import type { ReferenceField } from '../fields.ts';
import { asId } from './normalize.ts';
import type { KindRule } from './types.ts';

export const reference: KindRule<ReferenceField> = {
  schema: (field) => z.preprocess(asId, z.string({ error: `${field.label} tidak valid.` }).max(200, `${field.label} tidak valid.`)),
  empty: () => null,
  blankMeansDefault: true,
};
