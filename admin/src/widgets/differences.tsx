/** Field-by-field comparison of two versions of a record as an editor reads them: rich text as text. */
import type { Field, ResourceDefinition } from '@cms/worker/contract';
import './DataTable.css';

export interface FieldDifference {
  field: string;
  label: string;
  before: string;
  after: string;
}

const plainText = (html: string) => (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();

export function shownValue(field: Field, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'richText') return plainText(String(value));
  if (field.kind === 'relation' && Array.isArray(value)) return value.map((item) => (typeof item === 'object' && item ? String((item as { _id: string })._id) : String(item))).join(', ');
  if (field.kind === 'reference' && typeof value === 'object') return String((value as { _id: string })._id);
  if (field.kind === 'tags' && Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields whose shown value differs, in the definition's order. */
export function differences(resource: ResourceDefinition, before: Record<string, unknown>, after: Record<string, unknown>): FieldDifference[] {
  const result: FieldDifference[] = [];
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'password' || (field.kind === 'timestamp' && !field.schedule)) continue;
    const from = shownValue(field, before[name]);
    const to = shownValue(field, after[name]);
    if (from !== to) result.push({ field: name, label: field.label, before: from, after: to });
  }
  return result;
}

export function DifferenceTable({ rows, beforeLabel, afterLabel }: { rows: FieldDifference[]; beforeLabel: string; afterLabel: string }) {
  if (rows.length === 0) return <p>Tidak ada perbedaan.</p>;
  return (
    <div className="table-wrap">
      <table className="difference-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">{beforeLabel}</th>
            <th scope="col">{afterLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field}>
              <th scope="row">{row.label}</th>
              <td>
                <del>{row.before || '—'}</del>
              </td>
              <td>
                <ins>{row.after || '—'}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A time as staff read it: Asia/Jakarta. */
export const jakartaTime = (iso: string) =>
  new Date(iso).toLocaleString('id-ID', { timeZone: 'Asia/Jakarta', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }) + ' WIB';
