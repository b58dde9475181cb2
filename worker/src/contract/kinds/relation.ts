/** Links to several records of another collection, by their ids. */
import * as z from '../zod.ts';
import type { RelationField } from '../fields.ts';
import { asIds } from './normalize.ts';
import type { KindRule } from './types.ts';

export const relation: KindRule<RelationField> = {
  schema: (field) => z.preprocess(asIds, z.array(z.string().max(200), { error: `${field.label} tidak valid.` }).max(1_000, `${field.label} tidak valid.`)),
  empty: () => [],
};
