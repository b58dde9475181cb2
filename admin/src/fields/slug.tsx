/** The record's address: its help shows where it leads and whether it can still change. */
import { normalizeSlug, slugify, type SlugField } from '@cms/worker/contract';
import { appendText } from './plain.ts';
import TextInput from './TextInput.tsx';
import type { FieldInputProps, FieldKindModule } from './types.ts';

function SlugInput({ id, label, value, onChange, required, form: { resource, screen, record } }: FieldInputProps<SlugField>) {
  const address = normalizeSlug(String(value ?? ''));
  const locked = screen.slugEditable === 'add';
  const lock = locked ? (record ? ' Slug tidak dapat diubah setelah disimpan, agar tautan yang sudah dibagikan tetap berlaku.' : ' Setelah disimpan, slug tidak dapat diubah lagi.') : '';
  return (
    <TextInput
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      required={required}
      hint={
        <>
          Alamat: /{resource.path}/<strong>{address || '…'}</strong>.{lock}
        </>
      }
      spellCheck={false}
      disabled={(screen.slugEditable === 'edit' && !record) || (locked && !!record)}
      // A slug typed by hand becomes the address the server will store as soon as the input is left.
      onBlur={() => value && onChange(normalizeSlug(String(value)))}
    />
  );
}

export const slug: FieldKindModule<SlugField> = {
  initial: (_field, current) => current ?? '',
  append: (form, name, _field, value) => appendText(form, name, value),
  Input: SlugInput,
  // The slug follows the title: while adding, or always on screens that say so.
  follows: (field, changed, { screen, record }) =>
    changed.name === field.from && (screen.slug === 'follows-title' || (screen.slug === 'while-adding' && !record)) ? slugify(String(changed.value), field.style) : undefined,
  tidy: (value) => (value ? normalizeSlug(String(value)) : value),
};
