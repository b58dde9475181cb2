/**
 * The collection screens of the back-office, read from the definitions: a column names a field
 * and takes its label from the field and its cell from the field's kind unless it says otherwise.
 */
import { CREATED_AT, resources, type AdminScreen, type Cell, type Column, type ColumnSpec, type Field, type ResourceDefinition, type ResourceKey } from '@cms/worker/contract';

export interface Screen extends Omit<AdminScreen, 'columns'> {
  resource: ResourceKey;
  columns: Column[];
}

/** The sidebar lists screens in this order within their group; a collection not named comes last. */
const SIDEBAR_ORDER: ResourceKey[] = [
  'heroSection', 'vision', 'impact', 'partner', 'category', 'ourWork', 'ourImpact', 'bioCore', 'seo',
  'gallery', 'history', 'visionMission', 'values', 'team', 'user', 'role', 'permission', 'subscriber', 'redirect',
];

const cellOf = (field: Field | undefined): Cell => {
  switch (field?.kind) {
    case 'file':
      return { as: 'image' };
    case 'boolean':
      return { as: 'flag', yes: 'Active', no: 'Inactive' };
    case 'enum':
      return { as: 'choice' };
    case 'timestamp':
      return field.schedule ? { as: 'schedule' } : { as: 'date' };
    default:
      return { as: 'text' };
  }
};

function columnOf(resource: ResourceDefinition, spec: ColumnSpec): Column {
  const { field: name, label, cell } = typeof spec === 'string' ? { field: spec } : spec;
  if (name === CREATED_AT) return { field: name, label: label ?? 'Date Created', cell: cell ?? { as: 'date', locale: 'id-ID' } };
  const field = resource.fields[name];
  const fallback = cellOf(field);
  // One column shows both schedule times: it is named for the schedule, not its first field.
  return { field: name, label: label ?? (fallback.as === 'schedule' ? 'Jadwal' : (field?.label ?? name)), cell: cell ?? fallback };
}

const rank = (key: ResourceKey) => (SIDEBAR_ORDER.includes(key) ? SIDEBAR_ORDER.indexOf(key) : SIDEBAR_ORDER.length);

export const SCREENS: Screen[] = (Object.keys(resources) as ResourceKey[])
  .sort((a, b) => rank(a) - rank(b))
  .flatMap((key) => {
    const resource: ResourceDefinition = resources[key];
    return resource.admin ? [{ ...resource.admin, resource: key, columns: resource.admin.columns.map((spec) => columnOf(resource, spec)) }] : [];
  });
