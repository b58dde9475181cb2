/** A page's address; made from its source field when left empty. */
import * as z from '../zod.ts';
import type { SlugField } from '../fields.ts';
import { asText, TEXT_MAX, textOnly } from './normalize.ts';
import type { KindRule } from './types.ts';

export const slug: KindRule<SlugField> = {
  // A longer slug is cut to SLUG_MAX when it is stored; this only refuses nonsense.
  schema: (field) => z.preprocess(asText(), textOnly(field.label).max(TEXT_MAX, `${field.label} terlalu panjang.`)),
  empty: () => '',
  // Generated from its source when missing.
  needsValue: () => false,
};
