/**
 * A form's image or file: upload a new one (checked for size and type before anything is sent,
 * refused files discarded) or choose one already stored, with a preview of what will be saved.
 */
import { MAX_UPLOAD_BYTES, type FileField } from '@cms/worker/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { fileUrl } from '../api/client.ts';
import { tooLarge, type Dialect } from '../api/messages.ts';
import FilePicker from './FilePicker.tsx';

const MB = 1024 * 1024;

/** The spec's refusal text for a chosen file, or null when it may be sent. */
export function fileProblem(file: File, field: Pick<FileField, 'maxBytes' | 'accept' | 'acceptLabel'>, dialect: Dialect = 'id'): string | null {
  if (file.size > field.maxBytes) {
    const limit = Math.round(field.maxBytes / MB);
    // The smaller limits have their own text; at the general 50 MB limit the file is named.
    if (field.maxBytes !== MAX_UPLOAD_BYTES) return tooLarge(`${limit}MB`);
    return dialect === 'en' ? `File size too large. File: ${(file.size / MB).toFixed(2)} MB, Maximum: ${limit} MB` : `File ${file.name} terlalu besar. Maksimal 50MB.`;
  }
  if (field.accept && !field.accept.includes(file.type)) return `File type not supported. Use format: ${field.acceptLabel}.`;
  return null;
}

interface Props {
  id: string;
  label: ReactNode;
  field: FileField;
  /** The stored file the record has now, or the one chosen from the picker. */
  value: string;
  onUpload: (file: File | null) => void;
  onChoose: (url: string) => void;
  dialect?: Dialect;
}

export default function UploadButton({ id, label, field, value, onUpload, onChoose, dialect = 'id' }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // A new key empties the file input when a stored file is chosen instead.
  const [inputKey, setInputKey] = useState(0);
  const images = field.accept?.every((type) => type.startsWith('image/')) ?? false;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const shown = preview ?? (value ? fileUrl(value) : null);
  return (
    <div className="field upload-field">
      {label}
      {shown && images && <img className="preview" src={shown} alt="Pratinjau" width={120} height={68} />}
      {shown && !images && <span className="muted">{shown}</span>}
      <input
        key={inputKey}
        id={id}
        type="file"
        accept={field.accept?.join(',')}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          const refused = file && fileProblem(file, field, dialect);
          setProblem(refused || null);
          if (!file || refused) {
            event.target.value = '';
            onUpload(null);
            setPreview(null);
            return;
          }
          onUpload(file);
          setPreview(URL.createObjectURL(file));
        }}
      />
      <small id={`${id}-hint`} className="muted">
        {field.acceptLabel ? `Format: ${field.acceptLabel}. ` : ''}Maksimal {Math.round(field.maxBytes / MB)}MB.
      </small>
      <button type="button" onClick={() => setPicking(true)} aria-label={`Pilih dari file yang ada: ${field.label}`}>
        Pilih dari file yang ada
      </button>
      {problem && (
        <p className="alert error" role="alert">
          {problem}
        </p>
      )}
      <FilePicker
        open={picking}
        imagesOnly={images}
        onClose={() => setPicking(false)}
        onPick={([file]) => {
          if (!file) return;
          onUpload(null);
          setPreview(null);
          setProblem(null);
          setInputKey((n) => n + 1);
          onChoose(file.url);
        }}
      />
    </div>
  );
}
