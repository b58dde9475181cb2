/**
 * A publish/unpublish time, chosen in Asia/Jakarta time (WIB, UTC+7 all year) and kept as a UTC
 * ISO string; empty means "no schedule".
 */
import type { ReactNode } from 'react';

const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/** "2031-06-02T01:00:00.000Z" -> "2031-06-02T08:00" for a datetime-local input. */
export const toJakartaInput = (iso: string) => (iso ? new Date(Date.parse(iso) + JAKARTA_OFFSET_MS).toISOString().slice(0, 16) : '');
/** "2031-06-02T08:00" (WIB) -> "2031-06-02T01:00:00.000Z". */
export const fromJakartaInput = (local: string) => (local ? new Date(`${local}:00+07:00`).toISOString() : '');

export default function ScheduleInput({ id, label, value, onChange }: { id: string; label: ReactNode; value: string; onChange: (iso: string) => void }) {
  return (
    <div className="field">
      {label}
      <input id={id} type="datetime-local" value={toJakartaInput(value)} onChange={(event) => onChange(fromJakartaInput(event.target.value))} aria-describedby={`${id}-zone`} />
      <small id={`${id}-zone`}>WIB (Asia/Jakarta). Kosongkan jika tidak dijadwalkan.</small>
    </div>
  );
}

const wib = (iso: string) => new Date(iso).toLocaleString('id-ID', { timeZone: 'Asia/Jakarta', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }) + ' WIB';

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
