/**
 * A record's version in another language, edited beside its Indonesian text: each localized
 * field shows the Indonesian value (read-only) next to the input for the translation, side by
 * side on a wide screen and one above the other on a phone. Publishing that language's version
 * is its own tick and its own save, now or at a time of its own (WIB); a refused save keeps
 * everything typed. 'Pratinjau' shows
 * the unsaved text in that language's page; the history beside it is that language's versions.
 */
import { LOCALES, localizedFields, localizedItemKeys, type Field, type ListField, type Locale, type ResourceDefinition, type TranslationAnswer } from '@cms/worker/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { getJson, sendJson } from '../api/client.ts';
import { saveErrorMessage } from '../api/messages.ts';
import { reload } from '../api/reload.ts';
import { badgeOf, translationLabel } from '../cells/translation.tsx';
import { kindOf } from '../fields/index.ts';
import { InputLabel } from '../fields/InputLabel.tsx';
import type { Row, Values } from '../fields/types.ts';
import HistoryPanel, { historyOf } from '../widgets/HistoryPanel.tsx';
import PreviewActions from '../widgets/PreviewActions.tsx';
import { useSaveShortcut, useUnsavedChanges } from '../widgets/useUnsavedChanges.tsx';
import ScheduleInput, { wib } from '../widgets/ScheduleInput.tsx';
import type { Screen } from './screens.ts';
import './TranslationForm.css';

/** A translation's form picks no files: its pictures are the record's. */
const NO_FILES: Record<string, File> = {};

/**
 * The field as the translation edits it: a list keeps only its translated keys, an image's
 * alternative text becomes a plain text input (its picture is shared, so it has none beside it).
 */
function translatedField(resource: ResourceDefinition, field: Field): Field {
  if (field.kind === 'list') return { ...field, items: Object.fromEntries(localizedItemKeys(field).map((key) => [key, field.items[key]!])), minItems: undefined, requiredKeys: undefined } satisfies ListField;
  if (field.kind === 'text' && field.companion) return { ...field, companion: undefined, label: `${field.label} (${resource.fields[field.companion.of]?.label ?? field.companion.of})` };
  return field;
}

/** The Indonesian value as words to read beside the input: rich text without its tags, lists item by item. */
function sourceText(field: Field, value: unknown): string {
  if (field.kind === 'list' && Array.isArray(value)) {
    const keys = localizedItemKeys(field);
    return value.map((item: Record<string, unknown>, position) => `${position + 1}. ${keys.map((key) => String(item[key] ?? '')).filter(Boolean).join(' — ')}`).join('\n');
  }
  if (Array.isArray(value)) return value.join(', ');
  if (field.kind === 'richText') return new DOMParser().parseFromString(String(value ?? ''), 'text/html').body.textContent ?? '';
  return String(value ?? '');
}

interface Props {
  screen: Screen;
  resource: ResourceDefinition;
  record: Row;
  locale: Locale;
  onSaved: (message: string) => void;
  onClose: () => void;
}

export default function TranslationForm(props: Props) {
  const { resource, record, locale } = props;
  const path = `/${resource.path}/${record._id}/translations/${locale}`;
  const stored = useQuery({ queryKey: [resource.path, record._id, 'translation', locale], queryFn: async () => (await getJson<TranslationAnswer>(path)).data, gcTime: 0 });
  if (!stored.data) return <p className="loading">{stored.isError ? 'Versi terjemahan tidak dapat dimuat.' : 'Memuat...'}</p>;
  // A restored version is a new stored translation: the form starts again from it.
  return <TranslationFields key={stored.data.updatedAt ?? 'none'} {...props} stored={stored.data} path={path} />;
}

function TranslationFields({ screen, resource, record, locale, onSaved, onClose, stored, path }: Props & { stored: TranslationAnswer; path: string }) {
  const language = LOCALES[locale].label;
  const fields = useMemo(() => localizedFields(resource).map(([name, field]) => [name, translatedField(resource, field)] as const), [resource]);
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(fields.map(([name, field]) => [name, kindOf(field).initial(field, field.kind === 'slug' ? (stored.slug ?? '') : (stored.values[name] ?? (field.kind === 'text' ? '' : undefined)), { _id: record._id, ...stored.values }, name)])),
  );
  const [published, setPublished] = useState(stored.isPublished);
  const [publishAt, setPublishAt] = useState(stored.publishAt ?? '');
  const [status, setStatus] = useState(stored.status);
  const [scheduledAt, setScheduledAt] = useState(stored.publishAt);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { prompt } = useUnsavedChanges(dirty && !saving);
  useSaveShortcut(formRef, !saving);
  const client = useQueryClient();
  const tidied = useMemo(() => Object.fromEntries(fields.map(([name, field]) => [name, kindOf(field).tidy?.(values[name]) ?? values[name]])), [fields, values]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const answer = await sendJson<TranslationAnswer>('PUT', path, { ...tidied, isPublished: published, publishAt });
      setStatus(answer.data.status);
      setScheduledAt(answer.data.publishAt);
      // A time that had passed published the version at once: the form says so.
      setPublished(answer.data.isPublished);
      setPublishAt(answer.data.publishAt ?? '');
      if (answer.data.slug !== null) setValues((current) => ({ ...current, ...Object.fromEntries(fields.filter(([, field]) => field.kind === 'slug').map(([name]) => [name, answer.data.slug])) }));
      setDirty(false);
      onSaved(answer.message);
      void reload(client, { queryKey: [resource.path, 'list'] });
      void client.invalidateQueries({ queryKey: historyOf(resource, record._id, locale).key });
    } catch (failure) {
      setError(saveErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  const form = { resource, screen, record, values };
  return (
    <>
      <form ref={formRef} className="panel translation-form" onSubmit={(event) => void save(event)} aria-label={`Versi ${language}`}>
        <h2>
          Versi {language} <span className={`badge ${badgeOf(status)}`}>{translationLabel(locale, status)}</span>
          {scheduledAt && status === 'scheduled' && <small className="muted"> {wib(scheduledAt)}</small>}
        </h2>
        <fieldset disabled={saving} className="translation-fields">
          <div className="translation-row translation-head" aria-hidden="true">
            <span>{LOCALES.id.label}</span>
            <span>{language}</span>
          </div>
          {fields.map(([name, field]) => {
            const kind = kindOf(field);
            const id = `translation-${name}`;
            const required = (published || publishAt !== '') && field.required === true && field.kind !== 'slug';
            return (
              <div key={name} className="translation-row">
                <div className="translation-source">
                  <span className="translation-source-label">{field.label}</span>
                  <p lang="id" data-testid={`source-${name}`}>
                    {sourceText(field, record[name]) || <span className="muted">(kosong)</span>}
                  </p>
                </div>
                <div className="translation-input" lang={locale}>
                  <kind.Input
                    id={id}
                    name={name}
                    field={field}
                    label={
                      <InputLabel field={field} id={id}>
                        {field.label} ({LOCALES[locale].short}){required && <span aria-hidden="true"> *</span>}
                      </InputLabel>
                    }
                    value={values[name]}
                    onChange={(value) => {
                      setDirty(true);
                      setValues((current) => ({ ...current, [name]: value }));
                    }}
                    onFile={() => undefined}
                    required={required}
                    dialect="id"
                    form={form}
                  />
                </div>
              </div>
            );
          })}
          <label className="translation-publish">
            <input
              type="checkbox"
              checked={published}
              onChange={(event) => {
                setDirty(true);
                setPublished(event.target.checked);
              }}
            />{' '}
            Publikasikan versi {language}
          </label>
          <ScheduleInput
            id="translation-publishAt"
            label={<label htmlFor="translation-publishAt">Jadwalkan terbit versi {language}</label>}
            value={publishAt}
            onChange={(time) => {
              setDirty(true);
              setPublishAt(time);
            }}
          />
        </fieldset>
        {error && (
          <div className="alert error" role="alert">
            <p>{error}</p>
          </div>
        )}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Menyimpan...' : `Simpan versi ${language}`}
          </button>
          {resource.preview && <PreviewActions resource={resource} recordId={record._id} locale={locale} values={tidied} files={NO_FILES} disabled={saving} />}
          <button type="button" onClick={onClose} disabled={saving}>
            Tutup
          </button>
        </div>
      </form>
      <HistoryPanel resource={resource} recordId={record._id} translation={locale} dirty={dirty} busy={saving} />
      {prompt}
    </>
  );
}
