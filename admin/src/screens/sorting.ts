/** A collection's list ordered by one of its columns: the sort kept in the screen's address (`?sort=-title`) and the words of each direction. */
import { fieldNamed, readSort, sortRule, type Column, type ListSort, type ResourceDefinition, type SortDirection } from '@cms/worker/contract';

/** The address's parameter, named as the API's. */
export const SORT_PARAM = 'sort';

/** How a column's two directions read ("A–Z", "terbaru dulu"); undefined when the list cannot be ordered by it. */
export function directionWords(resource: ResourceDefinition, name: string): Record<SortDirection, string> | undefined {
  const rule = sortRule(resource, name);
  if (!rule) return undefined;
  if (rule === 'words') return { asc: 'A–Z', desc: 'Z–A' };
  const field = fieldNamed(resource, name);
  // Sortable names that are no field are the times every record has (createdAt, updatedAt).
  if (!field || field.kind === 'timestamp') return { asc: 'terlama dulu', desc: 'terbaru dulu' };
  if (field.kind === 'integer') return { asc: 'terkecil dulu', desc: 'terbesar dulu' };
  return { asc: 'naik', desc: 'turun' };
}

/** The sort an address asks for, if the screen has that column and it sorts; otherwise (an old or edited address) the list's own order. */
export function sortOfAddress(value: string | null, resource: ResourceDefinition, columns: readonly Column[]): ListSort | undefined {
  if (!value) return undefined;
  const sort = readSort(value);
  return columns.some((column) => column.field === sort.field) && sortRule(resource, sort.field) ? sort : undefined;
}
