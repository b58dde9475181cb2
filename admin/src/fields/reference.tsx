/** One linked record, chosen from a select; read as `{ _id, [display] }`, sent as its id. */
import type { ReferenceField } from '@cms/worker/contract';
import { useOptions } from './options.ts';
import { appendText } from './plain.ts';
import type { FieldInputProps, FieldKindModule } from './types.ts';

function ReferenceSelect({ id, label, field, value, onChange, required }: FieldInputProps<ReferenceField>) {
  const options = useOptions(field.to);
  return (
    <div className="field">
      {label}
      <select id={id} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} required={required}>
        <option value="">Pilih {field.label}</option>
        {(options.data ?? []).map((option) => (
          <option key={option._id} value={option._id}>
            {String(option[field.display] ?? option._id)}
          </option>
        ))}
      </select>
    </div>
  );
}

export const reference: FieldKindModule<ReferenceField> = {
  initial: (_field, current) => (current && typeof current === 'object' ? (current as { _id: string })._id : ''),
  append: (form, name, _field, value) => appendText(form, name, value),
  Input: ReferenceSelect,
};
