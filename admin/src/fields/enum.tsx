/** One of a few values, shown with the definition's labels (Kiri/Kanan) where it has them. */
import type { EnumField } from '@cms/worker/contract';
import { appendText } from './plain.ts';
import type { FieldKindModule } from './types.ts';

const labelOf = (field: EnumField, value: string) => field.labels?.[value] ?? value;

export const enumKind: FieldKindModule<EnumField> = {
  initial: (field, current) => current ?? field.default ?? '',
  append: (form, name, _field, value) => appendText(form, name, value),
  Input: ({ id, field, label, value, onChange, required }) => (
    <div className="field">
      {label}
      {/* With a default there is no empty choice, so nothing is left to require. */}
      <select id={id} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} required={required && !field.default}>
        {!field.default && <option value="">Pilih {field.label}</option>}
        {field.values.map((option) => (
          <option key={option} value={option}>
            {labelOf(field, option)}
          </option>
        ))}
      </select>
    </div>
  ),
  filterOptions: (field) => field.values.map((value) => ({ value, label: labelOf(field, value) })),
};
