/** An ordered list of small items edited as cards; a list that must keep items starts with that many empty ones. */
import type { ListField } from '@cms/worker/contract';
import ListEditor, { asRow, emptyItem, type ListItem } from '../widgets/ListEditor.tsx';
import type { FieldKindModule } from './types.ts';

export const list: FieldKindModule<ListField> = {
  initial: (field, current) =>
    Array.isArray(current) ? current.map(asRow) : Array.from({ length: field.minItems?.count ?? 0 }, (_, order) => emptyItem(field, order)),
  append: (form, name, _field, value) => form.append(name, JSON.stringify(value)),
  Input: ({ name, field, value, onChange, dialect, companions }) => (
    <ListEditor name={name} label={field.label} field={field} value={(value as ListItem[]) ?? []} onChange={onChange} dialect={dialect} onPreparing={companions?.onPreparing} />
  ),
};
