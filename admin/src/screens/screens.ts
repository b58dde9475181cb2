/**
 * The collection screens of the back-office, read from the definitions in their sidebar order:
 * a column names a field and takes its label from the field and its cell from the field's kind
 * (cells/defaults.ts) unless it says otherwise.
 */
import { CREATED_AT, isTranslatable, LOCALES, resources, TRANSLATIONS, type AdminScreen, type Column, type ColumnSpec, type ResourceDefinition, type ResourceKey } from '@cms/worker/contract';
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

/** The field of staff rows holding each record's translation states. */
const TRANSLATIONS_FIELD = '_translations';

/** A collection with text to translate lists where each record's translation stands, one column per language. */
const translationColumns = (resource: ResourceDefinition): Column[] =>
  isTranslatable(resource) ? TRANSLATIONS.map((locale) => ({ field: TRANSLATIONS_FIELD, label: LOCALES[locale].short, cell: { as: 'translation', locale } })) : [];

export const SCREENS: Screen[] = (Object.keys(resources) as ResourceKey[])
  .flatMap((key) => {
    const resource: ResourceDefinition = resources[key];
    return resource.admin ? [{ ...resource.admin, resource: key, columns: [...resource.admin.columns.map((spec) => columnOf(resource, spec)), ...translationColumns(resource)] }] : [];
  })
  .sort((a, b) => a.order - b.order);
