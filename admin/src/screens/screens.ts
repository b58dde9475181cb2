/**
 * The collection screens of the back-office, read from the definitions in their sidebar order:
 * a column names a field and takes its label from the field and its cell from the field's kind
 * (cells/defaults.ts) unless it says otherwise.
 */
import { CREATED_AT, resources, type AdminScreen, type Column, type ColumnSpec, type ResourceDefinition, type ResourceKey } from '@cms/worker/contract';
import { columnDefault } from '../cells/defaults.ts';

export interface Screen extends Omit<AdminScreen, 'columns'> {
  resource: ResourceKey;
  columns: Column[];
}

function columnOf(resource: ResourceDefinition, spec: ColumnSpec): Column {
  const { field: name, label, cell } = typeof spec === 'string' ? { field: spec } : spec;
  if (name === CREATED_AT) return { field: name, label: label ?? 'Date Created', cell: cell ?? { as: 'date', locale: 'id-ID' } };
  const field = resource.fields[name];
  if (!field) return { field: name, label: label ?? name, cell: cell ?? { as: 'text' } };
  const fallback = columnDefault(field);
  return { field: name, label: label ?? fallback.label ?? field.label, cell: cell ?? fallback.cell };
}

export const SCREENS: Screen[] = (Object.keys(resources) as ResourceKey[])
  .flatMap((key) => {
    const resource: ResourceDefinition = resources[key];
    return resource.admin ? [{ ...resource.admin, resource: key, columns: resource.admin.columns.map((spec) => columnOf(resource, spec)) }] : [];
  })
  .sort((a, b) => a.order - b.order);
