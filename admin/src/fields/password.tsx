/** A secret typed anew: never shown, sent only when typed, needed only while adding. */
import type { PasswordField } from '@cms/worker/contract';
import TextInput from './TextInput.tsx';
import type { FieldKindModule } from './types.ts';

export const password: FieldKindModule<PasswordField> = {
  initial: () => '',
  append: (form, name, _field, value) => {
    if (value) form.append(name, String(value));
  },
  Input: ({ id, label, value, onChange, required, hint }) => <TextInput id={id} label={label} value={value} onChange={onChange} required={required} hint={hint} type="password" autoComplete="new-password" />,
  required: (field, editing) => field.required === true && !editing,
};
