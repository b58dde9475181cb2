/** Formatted text in the rich-text editor (the light one where the screen says so). */
import type { RichTextField } from '@cms/worker/contract';
import EditorField from '../widgets/EditorField.tsx';
import { appendText } from './plain.ts';
import type { FieldKindModule } from './types.ts';

export const richText: FieldKindModule<RichTextField> = {
  initial: (_field, current) => current ?? '',
  append: (form, name, _field, value) => appendText(form, name, value),
  labelable: false,
  Input: ({ id, field, label, value, onChange, widget }) => (
    <div className="field wide">
      {label}
      <EditorField id={id} label={field.label} value={String(value ?? '')} onChange={onChange} light={widget === 'light'} />
    </div>
  ),
};
