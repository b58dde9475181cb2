/**
 * The add/edit form of any collection, built from its definition: each field's input, form state
 * and part of the body come from its kind's module (fields/), and the definition's validation
 * runs before sending.
 */
import { inputSchema, recordTitle, type Field, type ResourceDefinition } from '@cms/worker/contract';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { kindOf } from '../fields/index.ts';
import { InputLabel } from '../fields/InputLabel.tsx';
import type { Row, Values } from '../fields/types.ts';
import { RequestFailure } from '../api/messages.ts';
import ConflictDialog, { type StaleSave } from '../widgets/ConflictDialog.tsx';
import HistoryPanel from '../widgets/HistoryPanel.tsx';
import Modal from '../widgets/Modal.tsx';
import { grantedNames, usePermissionOptions } from '../widgets/PermissionPicker.tsx';
import PreviewActions from '../widgets/PreviewActions.tsx';
import { scheduleNote } from '../widgets/ScheduleInput.tsx';
import { useSaveShortcut, useUnsavedChanges } from '../widgets/useUnsavedChanges.tsx';
import { opensAnything } from './pages.ts';
import type { Screen } from './screens.ts';
import './ResourceForm.css';

export type { Values } from '../fields/types.ts';

/** Form state from a record (edit) or the definition's defaults (add). */
export function initialValues(resource: ResourceDefinition, record: Row | null): Values {
  return Object.fromEntries(Object.entries(resource.fields).map(([name, field]) => [name, kindOf(field).initial(field, record?.[name], record, name)]));
}

/** The multipart body the API takes: each field's part as its kind sends it (files as parts, links repeated, lists as JSON). */
export function toFormData(resource: ResourceDefinition, values: Values, files: Record<string, File>) {
  const form = new FormData();
  for (const [name, field] of Object.entries(resource.fields)) kindOf(field).append(form, name, field, values[name], files[name]);
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

export default function ResourceForm({ screen, resource, record, saving, progress = null, loading: recordLoading = false, onSubmit, onCancel, saveError }: Props) {
  const [formValues, setValues] = useState<Values>(() => initialValues(resource, record));
  const [initial] = useState(formValues);
  const [files, setFiles] = useState<Record<string, File>>({});
  const [errors, setErrors] = useState<string[]>([]);
  // Photos still being prepared for upload: saving waits for them.
  const [preparing, setPreparing] = useState(0);
  const mode = record ? 'update' : 'create';
  // A role whose permissions open no admin page is saved only when asked again.
  const permissionOptions = usePermissionOptions(!!screen.accessField);
  const [opensNothing, setOpensNothing] = useState<Submission | null>(null);
  // Until the permissions are known, a save could not tell that the role opens nothing.
  const loading = recordLoading || (!!screen.accessField && permissionOptions.isPending);
  // Safety net: unsaved changes, Ctrl+S, the conflict dialog.
  const formRef = useRef<HTMLFormElement>(null);
  // An opened form takes the focus from the button that opened it, so the keyboard goes on from its title.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const dirty = Object.keys(files).length > 0 || JSON.stringify(formValues) !== JSON.stringify(initial);
  const { prompt } = useUnsavedChanges(dirty && !saving);
  useSaveShortcut(formRef, !saving && !loading);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const conflict = saveError !== dismissedError ? staleSave(saveError) : null;

  const set = (name: string, value: unknown) =>
    setValues((current) => {
      const next = { ...current, [name]: value };
      // A field that follows another (the slug its title) takes its new value.
      for (const [other, field] of Object.entries(resource.fields)) {
        const followed = kindOf(field).follows?.(field, { name, value }, { screen, record });
        if (followed !== undefined) next[other] = followed;
      }
      return next;
    });

  /** The values as the server will store them (a slug typed by hand as its address). */
  const tidy = (current: Values) =>
    Object.fromEntries(
      Object.entries(current).map(([name, value]) => {
        const field = resource.fields[name];
        const tidied = field && kindOf(field).tidy;
        return [name, tidied ? tidied(value) : value];
      }),
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const values = tidy(formValues);
    setValues(values);
    // Kinds that check their own values (files, when chosen) are left out of the shared schema.
    const checksItself = (name: string) => {
      const field = resource.fields[name];
      return !!field && !!kindOf(field).ownCheck;
    };
    const checked = inputSchema(resource, mode).safeParse(Object.fromEntries(Object.entries(values).filter(([name]) => !checksItself(name))));
    const problems = checked.success ? [] : checked.error.issues.map((issue) => issue.message);
    for (const [name, field] of Object.entries(resource.fields)) {
      const problem = kindOf(field).ownCheck?.(field, values[name], files[name]);
      if (problem) problems.push(problem);
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

  /** Help under an input; a visibility flag says why a ticked record is not on the site yet. */
  const hintOf = (name: string, field: Field): ReactNode => (name === resource.visibleWhen ? (scheduleNote(resource, formValues) ?? field.hint) : field.hint);

  // An image's alternative text and focal point are edited beside the image (UploadButton).
  const companionOf = (of: string, role: 'alt' | 'focus') => {
    const found = Object.entries(resource.fields).find(([, f]) => 'companion' in f && f.companion?.of === of && f.companion.role === role)?.[0];
    return found ? { value: String(formValues[found] ?? ''), onChange: (value: string) => set(found, value) } : undefined;
  };
  const form = { resource, screen, record, values: formValues };
  const input = (name: string) => {
    const field = resource.fields[name];
    if (!field) return null;
    const kind = kindOf(field);
    const id = `field-${name}`;
    const required = kind.required ? kind.required(field, !!record) : field.required === true;
    const alt = companionOf(name, 'alt');
    return (
      <kind.Input
        key={name}
        id={id}
        name={name}
        field={field}
        label={
          <InputLabel field={field} id={id}>
            {field.label}
            {required && <span aria-hidden="true"> *</span>}
          </InputLabel>
        }
        value={formValues[name]}
        onChange={(value) => set(name, value)}
        hint={hintOf(name, field)}
        onFile={(file) => setFiles(({ [name]: _replaced, ...others }) => (file ? { ...others, [name]: file } : others))}
        required={required}
        widget={screen.permissionPickers?.includes(name) ? 'permissions' : screen.dropdowns?.includes(name) ? 'dropdown' : screen.lightEditor?.includes(name) ? 'light' : undefined}
        dialect={screen.dialect ?? 'id'}
        companions={{ alt: alt && { ...alt, fallback: recordTitle(resource, formValues, '') }, focus: companionOf(name, 'focus'), onPreparing: (busy) => setPreparing((n) => n + (busy ? 1 : -1)) }}
        form={form}
      />
    );
  };
  const grouped = new Set(screen.sections?.flatMap((section) => section.fields));
  const ungrouped = Object.keys(resource.fields).filter((name) => !grouped.has(name) && !screen.formOmits?.includes(name));

  return (
    <form ref={formRef} className="panel resource-form" onSubmit={submit} aria-label={record ? 'Edit data' : 'Tambah data'}>
      <h2 ref={heading} tabIndex={-1}>
        {record ? 'Edit' : 'Tambah'} {resource.title}
      </h2>
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
        {resource.preview && <PreviewActions resource={resource} recordId={record?._id ?? null} values={tidy(formValues)} files={files} disabled={saving || loading || preparing > 0} />}
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
