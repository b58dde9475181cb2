/** Words separated by commas, stored as a list. */
import type { TagsField } from '@cms/worker/contract';
import { appendText } from './plain.ts';
import TextInput from './TextInput.tsx';
import type { FieldKindModule } from './types.ts';

export const tags: FieldKindModule<TagsField> = {
  initial: (_field, current) => (Array.isArray(current) ? current.join(', ') : ''),
  append: (form, name, _field, value) => appendText(form, name, value),
  Input: ({ id, label, value, onChange, required, hint }) => <TextInput id={id} label={label} value={value} onChange={onChange} required={required} hint={hint} />,
};
