/**
 * A list ordered by one of its columns: `?sort=title` ascending, `?sort=-title` descending.
 * Whether a field can order a list follows from its kind; the worker refuses the others and the
 * admin offers only these.
 */
import type { Field, ResourceDefinition } from './fields.ts';

export type SortDirection = 'asc' | 'desc';

export interface ListSort {
  field: string;
  direction: SortDirection;
}

/**
 * How the values of a field compare: as words (letter case ignored), in the order its choices
 * are declared (a status's steps), or as stored (numbers, flags, ISO times).
 */
export type SortRule = 'words' | 'choices' | 'stored';

type KindSorts = { [K in Field['kind']]: (field: Extract<Field, { kind: K }>) => SortRule | null };

/** Every kind says whether it orders a list: a kind added without an entry is a type error. */
const KIND_SORTS: KindSorts = {
  // Code (JSON-LD, meta tags) is not read as words; a picture's alt text or focal point describes the picture, not the record.
  text: (field) => (field.format === 'json' || field.format === 'meta-tags' || field.companion ? null : 'words'),
  slug: () => 'words',
  enum: () => 'choices',
  // A reading time left empty is computed when read, so the stored 0 would order it wrongly.
  integer: (field) => (field.readingTimeOf ? null : 'stored'),
  boolean: () => 'stored',
  timestamp: () => 'stored',
  // Markup, many values, files, secrets and other records' names have no one value to order by.
  richText: () => null,
  tags: () => null,
  list: () => null,
  file: () => null,
  reference: () => null,
  relation: () => null,
  password: () => null,
};

/** The times every record has, though no definition lists them as fields. */
const RECORD_TIMES: readonly string[] = ['createdAt', 'updatedAt'];

/** The field of that name, if the definition has one (a name such as `constructor` is none). */
export const fieldNamed = (resource: ResourceDefinition, name: string): Field | undefined => (Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined);

/** How a list is ordered by `name`, or null when it cannot be. */
export function sortRule(resource: ResourceDefinition, name: string): SortRule | null {
  if (RECORD_TIMES.includes(name)) return 'stored';
  const field = fieldNamed(resource, name);
  // The table pairs each kind with its own function; TypeScript cannot follow that through a lookup by a union key.
  return field ? (KIND_SORTS[field.kind] as (field: Field) => SortRule | null)(field) : null;
}

/** The names a list of the collection can be ordered by. */
export const sortableFields = (resource: ResourceDefinition) => [...Object.keys(resource.fields), ...RECORD_TIMES].filter((name) => sortRule(resource, name) !== null);

/** `title` → ascending by title, `-title` → descending. */
export const readSort = (value: string): ListSort => (value.startsWith('-') ? { field: value.slice(1), direction: 'desc' } : { field: value, direction: 'asc' });

/** The query value of a sort: `title` or `-title`. */
export const sortParam = ({ field, direction }: ListSort) => (direction === 'desc' ? `-${field}` : field);
