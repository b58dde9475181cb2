/**
 * Field-by-field comparison of two versions of a record as an editor reads them: history in the
 * worker and a save conflict in the admin show the same words for the same change. Rich text is
 * compared as its text; each side brings its own HTML-to-text (sanitize-html in the worker, the
 * browser's parser in the admin).
 */
import type { Field, ResourceDefinition } from './fields.ts';

/** One field whose shown value differs between two versions. */
export interface FieldDifference {
  field: string;
  label: string;
  before: string;
  after: string;
}

const idOf = (item: unknown) => (typeof item === 'object' && item ? String((item as { _id: string })._id) : String(item));

/** A value as a difference shows it: rich text as text, links and tags as lists, absent as empty. */
export function shownValue(field: Field, value: unknown, plainText: (html: string) => string): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'richText') return plainText(String(value));
  if (field.kind === 'relation' && Array.isArray(value)) return value.map(idOf).join(', ');
  if (field.kind === 'reference' && typeof value === 'object') return idOf(value);
  if (field.kind === 'tags' && Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The fields whose shown value differs, in the definition's order. Passwords and server-set times
 * are never shown; a publishing schedule or an event's time is.
 */
export function fieldDifferences(resource: ResourceDefinition, before: Record<string, unknown> | undefined, after: Record<string, unknown>, plainText: (html: string) => string): FieldDifference[] {
  const result: FieldDifference[] = [];
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'password' || (field.kind === 'timestamp' && !field.schedule)) continue;
    const from = shownValue(field, before?.[name], plainText);
    const to = shownValue(field, after[name], plainText);
    if (from !== to) result.push({ field: name, label: field.label, before: from, after: to });
  }
  return result;
}
