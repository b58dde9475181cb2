/**
 * Input validation derived from a resource definition. Multipart forms send every value as
 * text, so each field first normalises what arrives (text booleans, numbers, comma lists, JSON
 * text) into its canonical value, then its kind's zod schema (kinds/) checks it. The same
 * schemas run in the admin before a request is sent and in the worker before anything is written.
 */
import * as z from './zod.ts';
import type { Field, Fields, ResourceDefinition } from './fields.ts';
import { ruleOf } from './kinds/index.ts';
import { isBlank, required } from './kinds/normalize.ts';
import type { Mode } from './kinds/types.ts';

export type { Mode } from './kinds/types.ts';
export {
  FILE_REFERENCE,
  hasVisibleContent,
  itemImage,
  itemText,
  LIST_ITEMS_MAX,
  LONG_TEXT_MAX,
  RICH_TEXT_MAX,
  SEARCH_MAX,
  TEXT_MAX,
  visibleText,
} from './kinds/normalize.ts';

/** Marks a field the request did not send (zod objects refuse a key that parses to undefined). */
const ABSENT = Symbol('absent');

/** One field's input: absent, blank, required and default handling around its kind's schema. */
function fieldInput(field: Field, schema: z.ZodType, mode: Mode) {
  const rule = ruleOf(field);
  const needed = rule.needsValue ? rule.needsValue(field, mode) : field.required === true;
  return z.unknown().transform((sent, ctx) => {
    const raw = sent === ABSENT ? undefined : sent;
    if (raw === undefined && mode === 'update') return undefined; // not sent: unchanged
    const blank = isBlank(raw) || rule.blank?.(field, raw) === true;
    if (blank && needed) {
      ctx.addIssue({ code: 'custom', message: rule.missing?.(field) ?? required(field.label) });
      return z.NEVER;
    }
    if (blank && rule.blankKeepsStored) return undefined;
    if (raw === undefined || raw === null || (blank && rule.blankMeansDefault)) return rule.empty(field);
    const result = schema.safeParse(raw);
    if (!result.success) {
      // Problems inside a list's items carry zod's generic wording: name the field instead, once.
      const messages = new Set(result.error.issues.map((issue) => (issue.path.length ? `${field.label} tidak valid.` : issue.message)));
      for (const message of messages) ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return result.data;
  });
}

/**
 * The input schema of a resource. On create, absent fields take their defaults and required
 * fields must be present; on update only the fields sent are checked and changed (so a toggle
 * can send `isActive` alone).
 */
export function inputSchema<F extends Fields>(resource: ResourceDefinition<F>, mode: Mode) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const schema = ruleOf(field).schema(field);
    if (schema) shape[name] = fieldInput(field, schema, mode);
  }
  const absent = Object.fromEntries(Object.keys(shape).map((name) => [name, ABSENT]));
  return z.preprocess((input) => ({ ...absent, ...(input && typeof input === 'object' ? input : {}) }), z.object(shape));
}

export interface FieldError {
  field: string;
  message: string;
}

/** Zod issues as { field, message } pairs, in the order of the form. */
export const fieldErrors = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
