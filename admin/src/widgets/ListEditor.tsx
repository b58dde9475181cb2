/**
 * The one editor of every repeatable list (statistics, BioCore features, collaborations,
 * metrics, photos): each item a card with the inputs its list field describes, removed in
 * place, added at the end. An image chosen in a row is kept with the item until the form is
 * saved, then uploaded before the record is sent (see save.ts).
 */
import type { Field } from '@cms/worker/contract';
import type { Dialect } from '../api/messages.ts';
import UploadButton from './UploadButton.tsx';
import './ListEditor.css';

type ListField = Extract<Field, { kind: 'list' }>;

/** Files chosen in a row, by item key; a symbol, so JSON and validation never see them. */
export const PENDING_FILES = Symbol('files chosen in a list row, uploaded on save');
/** A row's identity while the form is open, so removing a row keeps the others' inputs in place. */
const ROW = Symbol('row identity');
export type ListItem = Record<string, unknown> & { [PENDING_FILES]?: Record<string, File>; [ROW]?: number };

let rows = 0;
/** An item with its row identity (items from the record get one when the form opens). */
export const asRow = (item: Record<string, unknown>): ListItem => ((item as ListItem)[ROW] === undefined ? { ...item, [ROW]: rows++ } : item);

export const emptyItem = (field: ListField, order: number): ListItem => asRow({ ...Object.fromEntries(Object.keys(field.items).map((key) => [key, ''])), order });

interface Props {
  name: string;
  label: string;
  field: ListField;
  value: ListItem[];
  onChange: (items: ListItem[]) => void;
  dialect: Dialect;
  /** Told while a row's photo is being prepared, so the form is not saved without it. */
  onPreparing?: (busy: boolean) => void;
}

export default function ListEditor({ name, label, field, value, onChange, dialect, onPreparing }: Props) {
  const itemLabel = field.itemLabel ?? label;
  const change = (index: number, patch: (item: ListItem) => ListItem) => onChange(value.map((item, i) => (i === index ? patch(item) : item)));
  const setText = (index: number, key: string, text: string) => change(index, (item) => ({ ...item, [key]: text }));
  const setFile = (index: number, key: string, file: File | null) =>
    change(index, (item) => {
      const { [key]: _replaced, ...others } = item[PENDING_FILES] ?? {};
      return { ...item, [PENDING_FILES]: file ? { ...others, [key]: file } : others };
    });
  // Positions are the order: the server renumbers by position too.
  const add = () => onChange([...value, emptyItem(field, value.length)]);
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index).map((item, i) => ({ ...item, order: i })));
  const removable = !field.minItems || value.length > field.minItems.count;

  return (
    <fieldset className="field wide list-editor">
      <legend>{label}</legend>
      {field.hint && <p className="muted">{field.hint}</p>}
      {value.length === 0 && <p className="muted">{dialect === 'en' ? `No ${itemLabel.toLowerCase()} yet.` : `Belum ada ${itemLabel.toLowerCase()}.`}</p>}
      <ol className="list-cards">
        {value.map((item, index) => (
          <li className="list-row list-card" key={item[ROW] ?? `at-${index}`}>
            <div className="list-card-head">
              <strong>
                {itemLabel} {index + 1}
              </strong>
              <button type="button" className="danger" onClick={() => remove(index)} disabled={!removable} aria-label={`Hapus ${label} ${index + 1}`}>
                Hapus
              </button>
            </div>
            <div className="list-card-fields">
              {Object.entries(field.items).map(([key, input]) => {
                const id = `field-${name}-${index}-${key}`;
                const inputLabel = <label htmlFor={id}>{input.label}</label>;
                if (input.kind === 'file') {
                  return (
                    <UploadButton
                      key={key}
                      id={id}
                      label={inputLabel}
                      field={{ ...input, label: `${input.label} ${itemLabel} ${index + 1}` }}
                      value={String(item[key] ?? '')}
                      onUpload={(file) => setFile(index, key, file)}
                      onChoose={(url) => setText(index, key, url)}
                      dialect={dialect}
                      onPreparing={onPreparing}
                    />
                  );
                }
                const text = String(item[key] ?? '');
                const hint = input.hint && <small id={`${id}-hint`} className="muted">{input.hint}</small>;
                return (
                  <div key={key} className={input.format === 'multiline' ? 'field wide' : 'field'}>
                    {inputLabel}
                    {input.format === 'multiline' ? (
                      <textarea id={id} rows={2} value={text} onChange={(event) => setText(index, key, event.target.value)} />
                    ) : (
                      <input id={id} value={text} maxLength={input.max} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(event) => setText(index, key, event.target.value)} />
                    )}
                    {hint}
                  </div>
                );
              })}
            </div>
          </li>
        ))}
      </ol>
      <button type="button" onClick={add}>
        {dialect === 'en' ? `+ Add ${itemLabel}` : `+ Tambah ${itemLabel}`}
      </button>
    </fieldset>
  );
}
