/** A time: set by the server, except the times staff choose (a publishing schedule, an event). */
import * as z from '../zod.ts';
import type { TimestampField } from '../fields.ts';
import { asText } from './normalize.ts';
import type { KindRule } from './types.ts';

export const timestamp: KindRule<TimestampField> = {
  schema: (field) =>
    field.schedule
      ? z.preprocess(
          (value) => asText()(value) || null, // blank: no schedule
          z.iso.datetime({ offset: true, message: `${field.label} harus berupa tanggal dan waktu yang valid.` }).transform((time) => new Date(time).toISOString()).nullable(),
        )
      : null,
  empty: () => null,
};
