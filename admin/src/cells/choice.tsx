/** A choice shown with its field's labels (Kiri/Kanan), else as stored. */
import type { CellProps } from './types.ts';

export function ChoiceCell({ column, row, resource }: CellProps) {
  const value = row[column.field];
  const field = resource.fields[column.field];
  const labels: Partial<Record<string, string>> = field?.kind === 'enum' ? (field.labels ?? {}) : {};
  return <span className="badge">{labels[String(value)] ?? String(value ?? '')}</span>;
}
