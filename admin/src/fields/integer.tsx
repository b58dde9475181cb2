/** A whole number; a reading time left empty is computed from its text, and says so. */
import { readingMinutes, type IntegerField } from '@cms/worker/contract';
import { Hint, hintId } from './Hint.tsx';
import { appendText } from './plain.ts';
import type { FieldKindModule } from './types.ts';

export const integer: FieldKindModule<IntegerField> = {
  // A computed reading time shows as empty (its estimate is the placeholder) and stays computed.
  initial: (field, current, record, name) => (field.readingTimeOf ? (!record || record[`${name}Computed`] ? '' : (current ?? '')) : (current ?? field.default)),
  append: (form, name, _field, value) => appendText(form, name, value),
  Input: ({ id, field, label, value, onChange, hint, form }) => (
    <div className="field">
      {label}
      <input
        id={id}
        type="number"
        min={field.min}
        max={field.max}
        value={String(value ?? '')}
        placeholder={field.readingTimeOf ? `± ${readingMinutes(String(form.values[field.readingTimeOf] ?? ''))} (otomatis)` : undefined}
        aria-describedby={hint ? hintId(id) : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <Hint id={id} hint={hint} />
    </div>
  ),
};
