/** Short labels, typed as a list or as comma-separated text; each kept once. */
import * as z from '../zod.ts';
import type { TagsField } from '../fields.ts';
import { stripControls } from '../text.ts';
import { asArray, TAG_MAX, TAGS_MAX } from './normalize.ts';
import type { KindRule } from './types.ts';

export const tags: KindRule<TagsField> = {
  schema: (field) =>
    z.preprocess(
      asArray(true),
      z
        .array(z.preprocess((tag) => (typeof tag === 'string' ? stripControls(tag, false).trim() : tag), z.string()), { error: `${field.label} tidak valid.` })
        .transform((tags) => [...new Set(tags.filter(Boolean))])
        .refine((tags) => tags.every((tag) => tag.length <= TAG_MAX), `Setiap tag maksimal ${TAG_MAX} karakter.`)
        .refine((tags) => tags.length <= TAGS_MAX, `${field.label} maksimal ${TAGS_MAX} tag.`),
    ),
  empty: () => [],
};
