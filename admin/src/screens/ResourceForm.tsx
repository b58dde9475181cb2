/**
 * The add/edit form of any collection, built from its definition: one input per field kind,
 * the definition's validation run before sending, the spec's slug rules per screen.
 */
import { inputSchema, normalizeSlug, readingMinutes, recordTitle, slugify, thumbnailPart, type Field, type ResourceDefinition } from '@cms/worker/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { getAll } from '../api/client.ts';
import EditorField from '../widgets/EditorField.tsx';
import ListEditor, { asRow, emptyItem, type ListItem } from '../widgets/ListEditor.tsx';
import Modal from '../widgets/Modal.tsx';
import MultiSelect from '../widgets/MultiSelect.tsx';
import PermissionPicker, { grantedNames, usePermissionOptions } from '../widgets/PermissionPicker.tsx';
import { opensAnything } from './pages.ts';
import UploadButton from '../widgets/UploadButton.tsx';
import { thumbnailOf } from '../widgets/compress.ts';
import { RequestFailure, type Dialect } from '../api/messages.ts';
import ConflictDialog, { type StaleSave } from '../widgets/ConflictDialog.tsx';
import HistoryPanel from '../widgets/HistoryPanel.tsx';
import PreviewActions from '../widgets/PreviewActions.tsx';
import ScheduleInput, { scheduleNote } from '../widgets/ScheduleInput.tsx';
import { useSaveShortcut, useUnsavedChanges } from '../widgets/useUnsavedChanges.tsx';
import type { Screen } from './screens.ts';

export type Values = Record<string, unknown>;
type Row = { _id: string } & Record<string, unknown>;

/** Form state from a record (edit) or the definition's defaults (add). */
export function initialValues(resource: ResourceDefinition, record: Row | null): Values {
  const values: Values = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const current = record?.[name];
    switch (field.kind) {
      case 'tags':
        values[name] = Array.isArray(current) ? current.join(', ') : '';
        break;
      case 'relation':
        values[name] = Array.isArray(current) ? current.map((item: { _id: string }) => item._id) : [];
        break;
      case 'reference':
        values[name] = current && typeof current === 'object' ? (current as { _id: string })._id : '';
        break;
      case 'list':
        // A list that must keep items starts with that many empty ones to fill in.
        values[name] = Array.isArray(current) ? current.map(asRow) : Array.from({ length: field.minItems?.count ?? 0 }, (_, order) => emptyItem(field, order));
        break;
      case 'integer':
        // A computed reading time shows as empty (its estimate is the placeholder) and stays computed.
        if (field.readingTimeOf) values[name] = !record || record[`${name}Computed`] ? '' : (current ?? '');
        else values[name] = current ?? field.default;
        break;
      case 'boolean':
        values[name] = current ?? field.default;
        break;
      case 'enum':
        values[name] = current ?? field.default ?? '';
        break;
      case 'password':
        values[name] = '';
        break;
      default:
        values[name] = current ?? (field.kind === 'text' ? (field.default ?? '') : '');
    }
  }
  return values;
}

/**
 * The multipart body the API takes: text values, files as parts, links repeated, lists as JSON.
 * A file field sends a new upload, or the URL of a stored file chosen instead; the record's own
 * stored path (uploads/...) is left out so the current file is kept.
 */
export function toFormData(resource: ResourceDefinition, values: Values, files: Record<string, File>) {
  const form = new FormData();
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = values[name];
    if (field.kind === 'timestamp' && !field.schedule) continue;
    if (field.kind === 'file') {
      if (files[name]) form.append(field.part ?? name, files[name]);
      const thumbnail = files[name] && thumbnailOf(files[name]);
      if (thumbnail) form.append(thumbnailPart(field.part ?? name), thumbnail);
      else if (typeof value === 'string' && value && !value.startsWith('uploads/')) form.append(name, value);
      continue;
    }
    if (field.kind === 'password' && !value) continue;
    if (field.kind === 'relation') {
      const ids = value as string[];
      // An empty list is sent as JSON text: no parts at all would mean "unchanged".
      if (ids.length === 0) form.append(name, '[]');
      else ids.forEach((id) => form.append(`${name}[]`, id));
    }
    else if (field.kind === 'list') form.append(name, JSON.stringify(value));
    else form.append(name, String(value ?? ''));
  }
  return form;
}

/** What a save sends: the form's values and the files chosen for its file fields (list rows keep theirs in the items). */
export interface Submission {
  values: Values;
  /** The version the form started from: the server refuses the save if someone saved since. */
  version?: string;
  files: Record<string, File>;
}

interface Props {
  screen: Screen;
  resource: ResourceDefinition;
  record: Row | null;
  saving: boolean;
  /** Percent of the files sent so far while saving, when files are sent. */
  progress?: number | null;
  /** The stored record is still being fetched: the form waits, disabled. */
  loading?: boolean;
  onSubmit: (submission: Submission) => void;
  onCancel: () => void;
  /** The last save's failure: a refusal because someone else saved meanwhile opens the conflict dialog. */
  saveError?: unknown;
}


const staleSave = (error: unknown): StaleSave | null =>
  error instanceof RequestFailure && error.status === 409 && error.body?.details && typeof error.body.details === 'object' && 'current' in error.body.details
    ? { message: error.message, ...(error.body.details as Omit<StaleSave, 'message'>) }
    : null;

export default function ResourceForm({ screen, resource, record, saving, progress = null, loading = false, onSubmit, onCancel, saveError }: Props) {
  const [formValues, setValues] = useState<Values>(() => initialValues(resource, record));
  const [initial] = useState(formValues);
  const [files, setFiles] = useState<Record<string, File>>({});
  const [errors, setErrors] = useState<string[]>([]);
  // Photos still being prepared for upload: saving waits for them.
  const [preparing, setPreparing] = useState(0);
  const mode = record ? 'update' : 'create';
  // Safety net: unsaved changes, Ctrl+S, the conflict dialog.
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = Object.keys(files).length > 0 || JSON.stringify(formValues) !== JSON.stringify(initial);
  const { prompt } = useUnsavedChanges(dirty && !saving);
  useSaveShortcut(formRef, !saving && !loading);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const conflict = saveError !== dismissedError ? staleSave(saveError) : null;
  // A role whose permissions open no admin page is saved only when asked again.
  const permissionOptions = usePermissionOptions(!!screen.accessField);
  const [opensNothing, setOpensNothing] = useState<Submission | null>(null);
  const slugField = Object.entries(resource.fields).find(([, f]) => f.kind === 'slug') as [string, Extract<Field, { kind: 'slug' }>] | undefined;

  const set = (name: string, value: unknown) =>
    setValues((current) => {
      const next = { ...current, [name]: value };
      // The slug follows the title: while adding, or always on screens that say so.
      if (slugField && name === slugField[1].from && (screen.slug === 'follows-title' || (screen.slug === 'while-adding' && !record))) {
        next[slugField[0]] = slugify(String(value), slugField[1].style);
      }
      return next;
    });

  // A slug typed by hand becomes the address the server will store as soon as the input is left.
  const tidySlug = (current: Values) => (slugField && current[slugField[0]] ? { ...current, [slugField[0]]: normalizeSlug(String(current[slugField[0]])) } : current);

  function submit(event: FormEvent) {
    event.preventDefault();
    const values = tidySlug(formValues);
    setValues(values);
    // Files were checked when chosen (refused ones are never kept); the rest by the shared schema.
    const checked = inputSchema(resource, mode).safeParse(Object.fromEntries(Object.entries(values).filter(([name]) => resource.fields[name]?.kind !== 'file')));
    const problems = checked.success ? [] : checked.error.issues.map((issue) => issue.message);
    // A required file is needed only while the record has none (gallery).
    for (const [name, field] of Object.entries(resource.fields)) {
      if (field.kind === 'file' && field.required && !files[name] && !values[name]) problems.push(`${field.label} wajib diisi.`);
    }
    setErrors(problems);
    if (problems.length > 0) return;
    const submission = { values, files, version: record?.updatedAt ? String(record.updatedAt) : undefined };
    const granted = screen.accessField && permissionOptions.data ? grantedNames(permissionOptions.data, (values[screen.accessField] as string[]) ?? []) : null;
    if (granted && !opensAnything(granted)) return setOpensNothing(submission);
    onSubmit(submission);
  }

  /** Saves over the other person's version, knowingly: the same save without the version it started from. */
  function overwrite() {
    setDismissedError(saveError);
    onSubmit({ values: formValues, files });
  }

  const slugLocked = screen.slugEditable === 'add';
  /** Help under an input: where the slug leads and whether it can change later. */
  const hintOf = (name: string, field: Field): ReactNode => {
    if (name === resource.visibleWhen) return scheduleNote(resource, formValues) ?? field.hint;
    if (field.kind !== 'slug') return field.hint;
    const address = normalizeSlug(String(formValues[name] ?? ''));
    const lock = slugLocked ? (record ? ' Slug tidak dapat diubah setelah disimpan, agar tautan yang sudah dibagikan tetap berlaku.' : ' Setelah disimpan, slug tidak dapat diubah lagi.') : '';
    return (
      <>
        Alamat: /{resource.path}/<strong>{address || '…'}</strong>.{lock}
      </>
    );
  };

  // An image's alternative text and focal point are edited beside the image (UploadButton).
  const companionOf = (of: string, role: 'alt' | 'focus') => {
    const found = Object.entries(resource.fields).find(([, f]) => f.kind === 'text' && f.companion?.of === of && f.companion.role === role)?.[0];
    return found ? { value: String(formValues[found] ?? ''), onChange: (value: string) => set(found, value) } : undefined;
  };
  const input = (name: string) => {
    const field = resource.fields[name];
    if (!field || (field.kind === 'text' && field.companion)) return null;
    const alt = companionOf(name, 'alt');
    return (
      <FieldInput
        key={name}
        name={name}
        field={field}
        value={formValues[name]}
        onChange={(value) => set(name, value)}
        onBlur={field.kind === 'slug' ? () => setValues(tidySlug) : undefined}
        placeholder={field.kind === 'integer' && field.readingTimeOf ? `± ${readingMinutes(String(formValues[field.readingTimeOf] ?? ''))} (otomatis)` : undefined}
        hint={hintOf(name, field)}
        onFile={(file) => setFiles(({ [name]: _replaced, ...others }) => (file ? { ...others, [name]: file } : others))}
        disabled={field.kind === 'slug' && ((screen.slugEditable === 'edit' && !record) || (screen.slugEditable === 'add' && !!record))}
        required={field.required === true && !(field.kind === 'password' && record) && field.kind !== 'file'}
        widget={screen.dropdowns?.includes(name) ? 'dropdown' : screen.lightEditor?.includes(name) ? 'light' : undefined}
        dialect={screen.dialect ?? 'id'}
        companions={{ alt: alt && { ...alt, fallback: recordTitle(resource, formValues, '') }, focus: companionOf(name, 'focus'), onPreparing: (busy) => setPreparing((n) => n + (busy ? 1 : -1)) }}
      />
    );
  };
  const grouped = new Set(screen.sections?.flatMap((section) => section.fields));
  const ungrouped = Object.keys(resource.fields).filter((name) => !grouped.has(name));

  return (
    <form ref={formRef} className="panel resource-form" onSubmit={submit} aria-label={record ? 'Edit data' : 'Tambah data'}>
      <h2>{record ? 'Edit' : 'Tambah'} {resource.title}</h2>
      <fieldset disabled={saving || loading} className="form-fields" aria-busy={loading}>
        {ungrouped.map(input)}
        {screen.sections?.map((section) => (
          <fieldset key={section.title} className="form-section">
            <legend>{section.title}</legend>
            {section.fields.map(input)}
          </fieldset>
        ))}
      </fieldset>
      {errors.length > 0 && (
        <div className="alert error" role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={saving || loading || preparing > 0}>
          {saving ? (progress === null ? 'Saving...' : `Saving... ${progress}%`) : record ? 'Update' : 'Simpan'}
        </button>
        {saving && progress !== null && (
          <progress className="save-progress" max={100} value={progress} aria-label="Upload file">
            {progress}%
          </progress>
        )}
        <button type="button" onClick={onCancel} disabled={saving}>
          Batal
        </button>
        {resource.preview && <PreviewActions resource={resource} recordId={record?._id ?? null} values={tidySlug(formValues)} files={files} disabled={saving || loading || preparing > 0} />}
      </div>
      {record && resource.public && <HistoryPanel resource={resource} recordId={record._id} dirty={dirty} busy={saving || loading} />}
      <ConflictDialog conflict={conflict} resource={resource} mine={formValues} onOverwrite={overwrite} onClose={() => setDismissedError(saveError)} />
      <Modal open={opensNothing !== null} title={`${resource.title} ini tidak membuka halaman apa pun`} onClose={() => setOpensNothing(null)}>
        <p>
          Izin yang dipilih tidak membuka satu pun halaman admin: tidak ada izin Baca (read atau list). Pengguna dengan {resource.title.toLowerCase()} ini hanya akan melihat pesan bahwa
          mereka tidak memiliki izin.
        </p>
        <div className="form-actions">
          <button type="button" onClick={() => setOpensNothing(null)}>
            Kembali memilih izin
          </button>
          <button type="button" className="danger" onClick={() => (opensNothing && onSubmit(opensNothing), setOpensNothing(null))}>
            Tetap simpan
          </button>
        </div>
      </Modal>
      {prompt}
    </form>
  );
}

interface FieldProps {
  name: string;
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  onFile: (file: File | null) => void;
  disabled: boolean;
  required: boolean;
  /** Links from a dropdown instead of checkboxes; rich text in the light editor. */
  widget?: 'dropdown' | 'light';
  dialect: Dialect;
  hint?: ReactNode;
  onBlur?: () => void;
  placeholder?: string;
  companions?: Pick<ComponentProps<typeof UploadButton>, 'alt' | 'focus' | 'onPreparing'>;
}

function FieldInput({ name, field, value, onChange, onFile, disabled, required, widget, dialect, hint, onBlur, placeholder, companions }: FieldProps) {
  const id = `field-${name}`;
  const label = (
    <label htmlFor={id}>
      {field.label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
  switch (field.kind) {
    case 'timestamp':
      return field.schedule ? <ScheduleInput id={id} label={label} value={String(value ?? '')} onChange={onChange} /> : null;
    case 'boolean':
      return (
        <div className="field checkbox">
          <input id={id} type="checkbox" checked={Boolean(value)} onChange={(event) => onChange(event.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
          {label}
          {hint && (
            <small id={`${id}-hint`} className="muted">
              {hint}
            </small>
          )}
        </div>
      );
    case 'enum':
      return (
        <div className="field">
          {label}
          <select id={id} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} required={required}>
            {!field.default && <option value="">Pilih {field.label}</option>}
            {field.values.map((option) => (
              <option key={option} value={option}>
                {field.labels?.[option] ?? option}
              </option>
            ))}
          </select>
        </div>
      );
    case 'integer':
      return (
        <div className="field">
          {label}
          <input
            id={id}
            type="number"
            min={field.min}
            max={field.max}
            value={String(value ?? '')}
            placeholder={placeholder}
            aria-describedby={hint ? `${id}-hint` : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          {hint && (
            <small id={`${id}-hint`} className="muted">
              {hint}
            </small>
          )}
        </div>
      );
    case 'richText':
      return (
        <div className="field wide">
          {label}
          <EditorField id={id} label={field.label} value={String(value ?? '')} onChange={onChange} light={widget === 'light'} />
        </div>
      );
    case 'file':
      return <UploadButton id={id} label={label} field={field} value={String(value ?? '')} onUpload={onFile} onChoose={onChange} dialect={dialect} {...companions} />;
    case 'reference':
      return <ReferenceSelect id={id} label={label} field={field} value={String(value ?? '')} onChange={onChange} required={required} />;
    case 'relation':
      // Permissions are chosen by module, with presets; other links from a dropdown or checkboxes.
      if (field.to === 'permission') return <PermissionField label={field.label} value={(value as string[]) ?? []} onChange={onChange} />;
      return widget === 'dropdown' ? (
        <RelationDropdown field={field} value={(value as string[]) ?? []} onChange={onChange} />
      ) : (
        <RelationChecklist label={field.label} field={field} value={(value as string[]) ?? []} onChange={onChange} />
      );
    case 'list':
      return <ListEditor name={name} label={field.label} field={field} value={(value as ListItem[]) ?? []} onChange={onChange} dialect={dialect} onPreparing={companions?.onPreparing} />;
    default: {
      const multiline = field.kind === 'text' && (field.format === 'multiline' || field.format === 'json' || field.format === 'meta-tags');
      const format = field.kind === 'text' ? field.format : undefined;
      // Links are typed as text: the browser's url type refuses addresses inside the site
      // (/our-work, #section); the shared validation decides what is a safe link.
      const type = field.kind === 'password' ? 'password' : format === 'email' ? 'email' : 'text';
      const hintId = `${id}-hint`;
      return (
        <div className={multiline ? 'field wide' : 'field'}>
          {label}
          {multiline ? (
            <textarea id={id} rows={4} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} required={required} aria-describedby={hint ? hintId : undefined} />
          ) : (
            <input
              id={id}
              type={type}
              inputMode={format === 'url' ? 'url' : undefined}
              spellCheck={format === 'url' || field.kind === 'slug' ? false : undefined}
              value={String(value ?? '')}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
              required={required}
              disabled={disabled}
              aria-describedby={hint ? hintId : undefined}
              autoComplete={field.kind === 'password' ? 'new-password' : undefined}
            />
          )}
          {hint && (
            <small id={hintId} className="muted">
              {hint}
            </small>
          )}
        </div>
      );
    }
  }
}

const useOptions = (path: string) => useQuery({ queryKey: [path], queryFn: () => getAll<Row>(`/${path}`) });

function ReferenceSelect({ id, label, field, value, onChange, required }: { id: string; label: ReactNode; field: Extract<Field, { kind: 'reference' }>; value: string; onChange: (v: string) => void; required: boolean }) {
  const options = useOptions(field.to);
  return (
    <div className="field">
      {label}
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} required={required}>
        <option value="">Pilih {field.label}</option>
        {(options.data ?? []).map((option) => (
          <option key={option._id} value={option._id}>
            {String(option[field.display] ?? option._id)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A linked record's name: a permission by its display name, others by the first field shown. */
const optionLabel = (field: Extract<Field, { kind: 'relation' }>, option: Row) =>
  String(option[field.display.includes('displayName') ? 'displayName' : (field.display[0] ?? 'title')] ?? option._id);

function RelationDropdown({ field, value, onChange }: { field: Extract<Field, { kind: 'relation' }>; value: string[]; onChange: (v: string[]) => void }) {
  const options = useOptions(field.to);
  const choices = (options.data ?? []).map((option) => ({ value: option._id, label: optionLabel(field, option) }));
  return <MultiSelect label={field.label} options={choices} value={value} onChange={onChange} />;
}

function PermissionField({ label, value, onChange }: { label: string; value: string[]; onChange: (v: string[]) => void }) {
  const options = usePermissionOptions();
  return <PermissionPicker label={label} options={options.data ?? []} value={value} onChange={onChange} />;
}

function RelationChecklist({ label, field, value, onChange }: { label: string; field: Extract<Field, { kind: 'relation' }>; value: string[]; onChange: (v: string[]) => void }) {
  const options = useOptions(field.to);
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset className="field wide checklist">
      <legend>{label}</legend>
      <div className="checklist-items">
        {(options.data ?? []).map((option) => (
          <label key={option._id}>
            <input type="checkbox" checked={value.includes(option._id)} onChange={() => toggle(option._id)} />
            {optionLabel(field, option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
