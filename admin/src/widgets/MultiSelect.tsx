/**
 * A dropdown of checkable options with search, "Pilih semua" and "Hapus semua"; closed, it names
 * the first two choices and counts the rest ("+N lainnya").
 */
import { useEffect, useId, useRef, useState } from 'react';
import './MultiSelect.css';

export interface Option {
  value: string;
  label: string;
}

/** What the closed dropdown shows for the chosen values. */
export function selectionSummary(options: readonly Option[], chosen: readonly string[], placeholder: string) {
  const labels = options.filter((option) => chosen.includes(option.value)).map((option) => option.label);
  if (labels.length === 0) return placeholder;
  const shown = labels.slice(0, 2).join(', ');
  return labels.length > 2 ? `${shown} +${labels.length - 2} lainnya` : shown;
}

interface Props {
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
}

export default function MultiSelect({ label, options, value, onChange, placeholder = `Pilih ${label}` }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const labelId = useId();

  // Closes when focus or a click goes elsewhere, as a native select does.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => root.current && !root.current.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  const query = search.trim().toLowerCase();
  const shown = options.filter((option) => option.label.toLowerCase().includes(query));
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);

  return (
    <div className="field wide multi-select" ref={root} onKeyDown={(event) => event.key === 'Escape' && open && (event.stopPropagation(), setOpen(false))}>
      <span id={labelId} className="label">
        {label}
      </span>
      <button type="button" className="multi-select-toggle" aria-expanded={open} aria-controls={listId} aria-labelledby={`${labelId} ${labelId}-value`} onClick={() => setOpen(!open)}>
        <span id={`${labelId}-value`}>{selectionSummary(options, value, placeholder)}</span>
        <span aria-hidden="true"> ▾</span>
      </button>
      {open && (
        <div className="multi-select-panel">
          <input type="search" aria-label={`Cari ${label}`} placeholder="Cari..." value={search} onChange={(event) => setSearch(event.target.value)} autoFocus />
          <div className="multi-select-actions">
            <button type="button" onClick={() => onChange([...new Set([...value, ...shown.map((option) => option.value)])])}>
              Pilih semua
            </button>
            <button type="button" onClick={() => onChange([])}>
              Hapus semua
            </button>
          </div>
          <ul id={listId} aria-labelledby={labelId}>
            {shown.length === 0 && <li className="muted">Tidak ada pilihan</li>}
            {shown.map((option) => (
              <li key={option.value}>
                <label>
                  <input type="checkbox" checked={value.includes(option.value)} onChange={() => toggle(option.value)} />
                  {option.label}
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
