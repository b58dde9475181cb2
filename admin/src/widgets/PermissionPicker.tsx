/**
 * The permissions of a role (or of one account), grouped by module under their areas: per module
 * "Semua", "Baca" (read, list) and "Tulis" (create, update, delete), and each permission on its
 * own under "Rincian". A preset replaces the choice at once. The line under the presets names
 * the admin pages the choice opens, or says it opens none.
 */
import {
  PERMISSION_AREAS,
  PERMISSION_MODULE_CATALOG,
  PERMISSION_PRESETS,
  READ_ACTIONS,
  WRITE_ACTIONS,
  permissionName,
  seesDashboard,
  type PermissionAction,
  type PermissionArea,
} from '@cms/worker/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getAll } from '../api/client.ts';
import { openablePages } from '../screens/pages.ts';
import './PermissionPicker.css';

export interface PermissionOption {
  _id: string;
  name: string;
  displayName: string;
  module: string;
  action: PermissionAction;
  isActive: boolean;
}

/** Every permission record; the relation's own list, shared with the rest of the form. */
export const usePermissionOptions = (enabled = true) => useQuery({ queryKey: ['permission'], queryFn: () => getAll<PermissionOption>('/permission'), enabled });

/** `module.action` of the chosen permissions that are active: an inactive one gives nothing. */
export const grantedNames = (options: readonly PermissionOption[], chosen: readonly string[]) =>
  options.filter((option) => option.isActive && chosen.includes(option._id)).map((option) => permissionName(option.module, option.action));

/** The admin pages these permissions open, the dashboard first. */
export function pagesOpened(permissions: readonly string[]) {
  return [...(seesDashboard(permissions) ? ['Dashboard'] : []), ...openablePages(permissions).map((page) => page.title)];
}

const SHOWN_PAGES = 4;

function openedSummary(pages: string[]) {
  if (pages.length === 0) return 'Belum membuka halaman apa pun di admin: pilih izin Baca pada modul yang perlu dibuka.';
  const named = pages.slice(0, SHOWN_PAGES).join(', ');
  return `Membuka ${pages.length} halaman: ${named}${pages.length > SHOWN_PAGES ? ` dan ${pages.length - SHOWN_PAGES} lainnya` : ''}.`;
}

/** A checkbox that holds a set of permissions: ticked when all are chosen, half when some are. */
function SetToggle({ label, ids, chosen, onChange }: { label: string; ids: string[]; chosen: readonly string[]; onChange: (value: string[]) => void }) {
  const box = useRef<HTMLInputElement>(null);
  const held = ids.filter((id) => chosen.includes(id)).length;
  const all = ids.length > 0 && held === ids.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = held > 0 && !all;
  }, [held, all]);
  return (
    <label className="permission-toggle">
      <input
        ref={box}
        type="checkbox"
        checked={all}
        disabled={ids.length === 0}
        onChange={() => onChange(all ? chosen.filter((id) => !ids.includes(id)) : [...new Set([...chosen, ...ids])])}
      />
      {label}
    </label>
  );
}

interface Props {
  label: string;
  options: readonly PermissionOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
}

export default function PermissionPicker({ label, options, value, onChange }: Props) {
  const idsWhere = (module: string, actions: readonly PermissionAction[]) => options.filter((option) => option.module === module && actions.includes(option.action)).map((option) => option._id);
  const presetIds = (names: readonly string[]) => options.filter((option) => option.isActive && names.includes(permissionName(option.module, option.action))).map((option) => option._id);
  const sameSet = (ids: readonly string[]) => ids.length === value.length && ids.every((id) => value.includes(id));
  const areas = (Object.keys(PERMISSION_AREAS) as PermissionArea[]).map((area) => ({ area, modules: PERMISSION_MODULE_CATALOG.filter((entry) => entry.area === area) }));
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);

  return (
    <fieldset className="field wide permission-picker">
      <legend>{label}</legend>
      <div className="permission-presets" role="group" aria-label="Preset izin">
        <span className="muted">Preset:</span>
        {PERMISSION_PRESETS.map((preset) => {
          const ids = presetIds(preset.permissions);
          return (
            <button key={preset.name} type="button" aria-pressed={ids.length > 0 && sameSet(ids)} title={preset.description} onClick={() => onChange(ids)}>
              {preset.name}
            </button>
          );
        })}
        <button type="button" onClick={() => onChange([])} disabled={value.length === 0}>
          Kosongkan
        </button>
      </div>
      <p className="permission-summary" aria-live="polite">
        {value.length} dari {options.length} izin dipilih. {openedSummary(pagesOpened(grantedNames(options, value)))}
      </p>
      {areas.map(({ area, modules }) => (
        <section key={area} className="permission-area" aria-label={PERMISSION_AREAS[area]}>
          <h3>{PERMISSION_AREAS[area]}</h3>
          <div className="permission-modules">
            {modules.map((entry) => {
              const own = options.filter((option) => option.module === entry.module);
              const held = own.filter((option) => value.includes(option._id)).length;
              return (
                <div key={entry.module} className="permission-module" role="group" aria-label={entry.label}>
                  <span className="permission-module-name">{entry.label}</span>
                  <SetToggle label="Semua" ids={own.map((option) => option._id)} chosen={value} onChange={onChange} />
                  <SetToggle label="Baca" ids={idsWhere(entry.module, READ_ACTIONS)} chosen={value} onChange={onChange} />
                  <SetToggle label="Tulis" ids={idsWhere(entry.module, WRITE_ACTIONS)} chosen={value} onChange={onChange} />
                  <details className="permission-details">
                    <summary>{`Rincian (${held}/${own.length})`}</summary>
                    <ul>
                      {own.map((option) => (
                        <li key={option._id}>
                          <label>
                            <input type="checkbox" checked={value.includes(option._id)} onChange={() => toggle(option._id)} />
                            {option.displayName} <small className="muted">({option.name}){option.isActive ? '' : ', tidak aktif'}</small>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </details>
                </div>
              );
            })}
          </div>
        </section>
      ))}
    </fieldset>
  );
}
