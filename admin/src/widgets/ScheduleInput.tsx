/**
 * A publish/unpublish time, chosen in Asia/Jakarta time (WIB, UTC+7 all year) and kept as a UTC
 * ISO string; empty means "no schedule". What the public sees of a scheduled record is shown
 * by the contract's rule (`publicState`), in the list and in the form.
 */
import { publicState, wibLocal, type ResourceDefinition } from '@cms/worker/contract';
import type { ReactNode } from 'react';
import styles from './ScheduleInput.module.css';

/** "2031-06-02T01:00:00.000Z" -> "2031-06-02T08:00" for a datetime-local input. */
export const toJakartaInput = (iso: string) => (iso ? wibLocal(iso).slice(0, 16) : '');
/** "2031-06-02T08:00" (WIB) -> "2031-06-02T01:00:00.000Z". */
export const fromJakartaInput = (local: string) => (local ? new Date(`${local}:00+07:00`).toISOString() : '');

/**
 * A publishing time may stay empty (not scheduled), so may an event's end (none said); an event's
 * start is required and says only its zone.
 */
export default function ScheduleInput({ id, label, value, onChange, required = false, emptyMeans = 'tidak dijadwalkan' }: { id: string; label: ReactNode; value: string; onChange: (iso: string) => void; required?: boolean; emptyMeans?: string }) {
  return (
    <div className="field">
      {label}
      <input id={id} type="datetime-local" required={required} value={toJakartaInput(value)} onChange={(event) => onChange(fromJakartaInput(event.target.value))} aria-describedby={`${id}-zone`} />
      <small id={`${id}-zone`}>{required ? 'WIB (Asia/Jakarta).' : `WIB (Asia/Jakarta). Kosongkan jika ${emptyMeans}.`}</small>
    </div>
  );
}

export const wib = (iso: string) => new Date(iso).toLocaleString('id-ID', { timeZone: 'Asia/Jakarta', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }) + ' WIB';

/** A list cell: when a record goes up or comes down, if scheduled. */
export function ScheduleCell({ row }: { row: Record<string, unknown> }) {
  const publishAt = typeof row.publishAt === 'string' ? row.publishAt : '';
  const unpublishAt = typeof row.unpublishAt === 'string' ? row.unpublishAt : '';
  if (!publishAt && !unpublishAt) return <span className="muted">-</span>;
  return (
    <span className="schedule-cell">
      {publishAt && <span className="badge">Terbit {wib(publishAt)}</span>}
      {unpublishAt && <span className="badge">Turun {wib(unpublishAt)}</span>}
    </span>
  );
}

/**
 * A record's status in its list: its flag's label while nothing scheduled overrides it, else
 * "Terjadwal" with the time it goes up, or "Berhenti tayang" with the time it came down.
 */
export function PublicStatus({ resource, row, yes, no }: { resource: ResourceDefinition; row: Record<string, unknown>; yes: string; no: string }) {
  // oxlint-disable-next-line react/purity -- the status is as of this render on purpose: a list re-rendered later (a refetch) shows a scheduled record's current state
  const status = publicState(resource, row, new Date());
  if (status.state === 'scheduled' || status.state === 'ended') {
    const scheduled = status.state === 'scheduled';
    return (
      <span className={`${styles.statusCell} status-cell`}>
        <span className={`badge ${scheduled ? 'scheduled' : 'off'}`}>{scheduled ? 'Terjadwal' : 'Berhenti tayang'}</span>
        <small className="muted">
          {scheduled ? '' : 'sejak '}
          {wib(status.at)}
        </small>
      </span>
    );
  }
  return <span className={`badge ${status.state === 'public' ? 'on' : 'off'}`}>{status.state === 'public' ? yes : no}</span>;
}

/** Under the visibility flag in the form: why a ticked record is not (or no longer) on the site. */
export function scheduleNote(resource: ResourceDefinition, values: Record<string, unknown>): ReactNode {
  const status = publicState(resource, values, new Date());
  if (status.state === 'scheduled') return `Terjadwal: tampil di situs mulai ${wib(status.at)}. Sampai saat itu tidak tampil, walaupun dicentang.`;
  if (status.state === 'ended') return `Berhenti tayang sejak ${wib(status.at)}: tidak tampil di situs, walaupun dicentang.`;
  return undefined;
}
