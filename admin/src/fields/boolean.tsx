/** A checkbox; its column shows Active/Inactive unless it names its own words. */
import type { BooleanField } from '@cms/worker/contract';
import { Hint, hintId } from './Hint.tsx';
import { appendText } from './plain.ts';
import type { FieldKindModule } from './types.ts';

export const boolean: FieldKindModule<BooleanField> = {
  initial: (field, current) => current ?? field.default,
  append: (form, name, _field, value) => appendText(form, name, value),
  Input: ({ id, label, value, onChange, hint }) => (
    <div className="field checkbox">
      <input id={id} type="checkbox" checked={Boolean(value)} onChange={(event) => onChange(event.target.checked)} aria-describedby={hint ? hintId(id) : undefined} />
      {label}
      <Hint id={id} hint={hint} />
    </div>
  ),
  // A flag's two states as its column shows them.
  filterOptions: (_field, cell) => {
    const [yes, no] = cell?.as === 'flag' ? [cell.yes, cell.no] : ['Ya', 'Tidak'];
    return [
      { value: 'true', label: yes },
      { value: 'false', label: no },
    ];
  },
};
