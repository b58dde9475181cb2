/** One line of text, or several (multiline, JSON, meta tags); an image's companion is edited beside the image. */
import { appendText } from './plain.ts';
import TextInput from './TextInput.tsx';
import type { FieldKindModule } from './types.ts';
import type { TextField } from '@cms/worker/contract';

const MULTILINE: ReadonlyArray<TextField['format']> = ['multiline', 'json', 'meta-tags'];

export const text: FieldKindModule<TextField> = {
  initial: (field, current) => current ?? field.default ?? '',
  append: (form, name, _field, value) => appendText(form, name, value),
  Input: ({ id, field, label, value, onChange, required, hint }) =>
    field.companion ? null : (
      <TextInput
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        required={required}
        hint={hint}
        multiline={MULTILINE.includes(field.format)}
        // Links are typed as text: the browser's url type refuses addresses inside the site
        // (/our-work, #section); the shared validation decides what is a safe link.
        type={field.format === 'email' ? 'email' : 'text'}
        inputMode={field.format === 'url' ? 'url' : undefined}
        spellCheck={field.format === 'url' ? false : undefined}
      />
    ),
};
