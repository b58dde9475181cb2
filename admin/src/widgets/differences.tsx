/** Field-by-field comparison of two versions of a record as an editor reads them: rich text as text. */
import { fieldDifferences, type FieldDifference, type ResourceDefinition } from '@cms/worker/contract';
import './DataTable.css';

const plainText = (html: string) => (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The fields whose shown value differs, in the definition's order. */
export const differences = (resource: ResourceDefinition, before: Record<string, unknown>, after: Record<string, unknown>) => fieldDifferences(resource, before, after, plainText);

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
