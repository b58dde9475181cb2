/**
 * A form's image or file: upload a new one (checked for size and type before anything is sent,
 * refused files discarded, photos prepared: widgets/compress.ts) or choose one already stored,
 * with a preview of what will be saved and, for images, their alternative text and focal point.
 */
import { MAX_UPLOAD_BYTES, thumbnailUrl, type FileField } from '@cms/worker/contract';
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { fileUrl } from '../api/client.ts';
import { tooLarge, type Dialect } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { prepareUpload } from './compress.ts';
import FilePicker from './FilePicker.tsx';
import ImageDetails, { type Companion } from './ImageDetails.tsx';
import './UploadButton.css';

const MB = 1024 * 1024;

/** iPhone photos in their own format: browsers cannot draw them, and the site cannot show them. */
export const isHeic = (file: File) => /^image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(file.name);
export const HEIC_REFUSED =
  'Foto HEIC dari iPhone belum bisa diupload. Simpan dulu sebagai JPG (di iPhone: Pengaturan > Kamera > Format > Paling Kompatibel, atau kirim foto lewat email/WhatsApp), lalu upload lagi.';

/** The refusal text for a chosen file, or null when it may be sent. */
export function fileProblem(file: File, field: Pick<FileField, 'maxBytes' | 'accept' | 'acceptLabel'>, dialect: Dialect = 'id'): string | null {
  if (isHeic(file)) return dialect === 'en' ? 'HEIC photos from an iPhone cannot be uploaded yet. Save the photo as JPG first, then upload it again.' : HEIC_REFUSED;
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
  /** The image's alternative text, when the field has one (`<field>Alt`). */
  alt?: Companion & { fallback: string };
  /** The image's focal point, when it is shown cropped (`<field>Focus`). */
  focus?: Companion;
  /** Told while a picked photo is being prepared, so the form is not saved without it. */
  onPreparing?: (busy: boolean) => void;
}

export default function UploadButton({ id, label, field, value, onUpload, onChoose, dialect = 'id', alt, focus, onPreparing }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // Choosing a stored file lists the file store, which needs its own permission.
  const mayPick = useAccess().mayRead('files');
  // A new key empties the file input when a stored file is chosen instead.
  const [inputKey, setInputKey] = useState(0);
  const [preparing, setPreparing] = useState(false);
  const images = field.accept?.every((type) => type.startsWith('image/')) ?? false;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    // The limits apply to what the user picked, before the photo is scaled down.
    const refused = file && fileProblem(file, field, dialect);
    setProblem(refused || null);
    if (!file || refused) {
      event.target.value = '';
      onUpload(null);
      setPreview(null);
      return;
    }
    setPreparing(true);
    onPreparing?.(true);
    const prepared = await prepareUpload(file);
    setPreparing(false);
    onPreparing?.(false);
    onUpload(prepared);
    setPreview(URL.createObjectURL(prepared));
  }

  // A stored image is previewed by its small thumbnail, not the original.
  const shown = preview ?? (value ? (images ? thumbnailUrl(fileUrl(value)) : fileUrl(value)) : null);
  return (
    <div className="field upload-field">
      {label}
      {shown && images && !focus && <img className="preview" src={shown} alt="Pratinjau" width={120} height={68} />}
      {shown && !images && <span className="muted">{shown}</span>}
      <input
        key={inputKey}
        id={id}
        type="file"
        accept={field.accept?.join(',')}
        aria-describedby={`${id}-hint`}
        onChange={(event) => void pick(event)}
      />
      {images && (alt || focus) && <ImageDetails id={id} src={shown} alt={alt} focus={focus} />}
      {/* Below the image, so the focal frame does not move when the photo is ready. */}
      {preparing && <small role="status">Menyiapkan foto...</small>}
      <small id={`${id}-hint`} className="muted">
        {field.acceptLabel ? `Format: ${field.acceptLabel}. ` : ''}Maksimal {Math.round(field.maxBytes / MB)}MB.
      </small>
      {mayPick && (
        <button type="button" onClick={() => setPicking(true)} aria-label={`Pilih dari file yang ada: ${field.label}`}>
          Pilih dari file yang ada
        </button>
      )}
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
