/**
 * Many linked records: checkboxes, a dropdown with search, or the permission picker (by module,
 * with presets), as the screen says. Sent as repeated ids.
 */
import type { RelationField } from '@cms/worker/contract';
import MultiSelect from '../widgets/MultiSelect.tsx';
import PermissionPicker, { usePermissionOptions } from '../widgets/PermissionPicker.tsx';
import { useOptions } from './options.ts';
import type { FieldInputProps, FieldKindModule, Row } from './types.ts';
import styles from './relation.module.css';

type Props = FieldInputProps<RelationField> & { value: string[] };

/** A linked record's name: a permission by its display name, others by the first field shown. */
const optionLabel = (field: RelationField, option: Row) => String(option[field.display.includes('displayName') ? 'displayName' : (field.display[0] ?? 'title')] ?? option._id);

function RelationDropdown({ field, value, onChange }: Props) {
  const options = useOptions(field.to);
  const choices = (options.data ?? []).map((option) => ({ value: option._id, label: optionLabel(field, option) }));
  return <MultiSelect label={field.label} options={choices} value={value} onChange={onChange} />;
}

function PermissionField({ field, value, onChange }: Props) {
  const options = usePermissionOptions();
  return <PermissionPicker label={field.label} options={options.data ?? []} value={value} onChange={onChange} />;
}

function RelationChecklist({ field, value, onChange }: Props) {
  const options = useOptions(field.to);
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset className={`field wide ${styles.checklist}`}>
      <legend>{field.label}</legend>
      <div className={styles.items}>
        {(options.data ?? []).map((option) => (
          <label key={option._id}>
            <input type="checkbox" checked={value.includes(option._id)} onChange={() => toggle(option._id)} />
            {optionLabel(field, option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const PICKERS = { dropdown: RelationDropdown, permissions: PermissionField };

export const relation: FieldKindModule<RelationField> = {
  initial: (_field, current) => (Array.isArray(current) ? current.map((item: { _id: string }) => item._id) : []),
  append: (form, name, _field, value) => {
    const ids = value as string[];
    // An empty list is sent as JSON text: no parts at all would mean "unchanged".
    if (ids.length === 0) form.append(name, '[]');
    else ids.forEach((id) => form.append(`${name}[]`, id));
  },
  Input: (props) => {
    const Picker = props.widget === 'dropdown' || props.widget === 'permissions' ? PICKERS[props.widget] : RelationChecklist;
    return <Picker {...props} value={(props.value as string[]) ?? []} />;
  },
};
