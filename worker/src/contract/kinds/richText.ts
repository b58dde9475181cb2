/** HTML written in the editor; what counts is what a reader sees once it is cleaned. */
import * as z from '../zod.ts';
import type { RichTextField } from '../fields.ts';
import { asText, hasVisibleContent, required, RICH_TEXT_MAX, textOnly, withoutEmbeddedPictures } from './normalize.ts';
import type { KindRule } from './types.ts';

export const richText: KindRule<RichTextField> = {
  schema: (field) =>
    z.preprocess(
      asText(true),
      textOnly(field.label)
        .refine((v) => withoutEmbeddedPictures(v).length <= RICH_TEXT_MAX, `${field.label} terlalu panjang.`)
        .refine((v) => !field.required || hasVisibleContent(v), required(field.label)),
    ),
  empty: () => '',
};
