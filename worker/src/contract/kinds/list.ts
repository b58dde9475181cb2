/** Repeated rows of a few inputs each (statistics, features, photos), in their order. */
import * as z from '../zod.ts';
import type { ListField } from '../fields.ts';
import { asArray, isBlank, itemImage, itemText, LIST_ITEMS_MAX, required } from './normalize.ts';
import type { KindRule } from './types.ts';

/** A position in a list; anything else there becomes 0, as the list is renumbered anyway. */
const itemOrder = z.coerce.number().int().min(0).catch(0).default(0);

function listSchema(field: ListField) {
  const item = z.object({
    ...Object.fromEntries(Object.entries(field.items).map(([key, input]) => [key, input.kind === 'file' ? itemImage : itemText])),
    order: itemOrder,
  });
  return z
    .array(item, { error: `${field.label} tidak valid.` })
    .max(LIST_ITEMS_MAX, `${field.label} maksimal ${LIST_ITEMS_MAX} item.`)
    .transform((items) =>
      items
        // Blank rows of a repeatable form are dropped, then positions become the order.
        .filter((item) => {
          const keys = field.requiredKeys ?? Object.keys(item).filter((k) => k !== 'order');
          const filled = keys.map((k) => !isBlank((item as Record<string, unknown>)[k]));
          return field.requiredKeys ? filled.every(Boolean) : filled.some(Boolean);
        })
        .map((item, index) => ({ ...item, order: index })),
    )
    .refine((items) => !field.minItems || items.length >= field.minItems.count, field.minItems?.message ?? '');
}

export const list: KindRule<ListField> = {
  schema: (field) => z.preprocess(asArray(false), listSchema(field)),
  empty: () => [],
  // A list that needs rows is blank without any.
  blank: (field, value) => Array.isArray(value) && value.length === 0 && !!field.minItems,
  missing: (field) => field.minItems?.message ?? required(field.label),
};
