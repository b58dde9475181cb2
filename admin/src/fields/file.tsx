/**
 * A file: a new upload, or the address of a stored file chosen instead; the record's own stored
 * path (uploads/...) is not sent, so the current file is kept. Files are checked when chosen.
 */
import { thumbnailPart, type FileField } from '@cms/worker/contract';
import { thumbnailOf } from '../widgets/compress.ts';
import UploadButton from '../widgets/UploadButton.tsx';
import type { FieldKindModule } from './types.ts';

export const file: FieldKindModule<FileField> = {
  initial: (_field, current) => current ?? '',
  append: (form, name, field, value, chosen) => {
    if (chosen) form.append(field.part ?? name, chosen);
    const thumbnail = chosen && thumbnailOf(chosen);
    if (thumbnail) form.append(thumbnailPart(field.part ?? name), thumbnail);
    else if (typeof value === 'string' && value && !value.startsWith('uploads/')) form.append(name, value);
  },
  Input: ({ id, field, label, value, onChange, onFile, dialect, companions }) => (
    <UploadButton id={id} label={label} field={field} value={String(value ?? '')} onUpload={onFile} onChoose={(url) => onChange(url)} dialect={dialect} {...companions} />
  ),
  required: () => false,
  // A required file is needed only while the record has none (gallery).
  ownCheck: (field, value, chosen) => (field.required && !chosen && !value ? `${field.label} wajib diisi.` : null),
};
