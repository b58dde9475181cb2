/**
 * A list's CSV tools beside its search: export what the list shows (search and filters, every
 * page) and import a file, with the lines that could not be read listed below.
 */
import type { ListWidget, ResourceDefinition } from '@cms/worker/contract';
import type { CsvImportSummary } from '@cms/worker/contract/api';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { sendForm } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';
import { useSessionUser } from '../auth/Guard.tsx';
import './CsvTools.css';

interface Props {
  resource: ResourceDefinition;
  widgets: ListWidget[];
  /** The search and filters of the list, as a query string. */
  narrowing: URLSearchParams;
  onAlert: (alert: { kind: 'success' | 'error'; text: string }) => void;
  onImported: () => void;
}

export default function CsvTools({ resource, widgets, narrowing, onAlert, onImported }: Props) {
  const user = useSessionUser();
  const fileInput = useRef<HTMLInputElement>(null);
  const [summary, setSummary] = useState<CsvImportSummary | null>(null);
  const importCsv = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return sendForm<CsvImportSummary>('POST', `/${resource.path}/import`, form);
    },
    onSuccess: (answer) => (onAlert({ kind: 'success', text: answer.message }), setSummary(answer.data), onImported()),
    onError: (error) => (onAlert({ kind: 'error', text: error instanceof RequestFailure && error.body?.message ? `Import gagal: ${error.body.message}` : 'Import gagal' }), setSummary(null)),
  });
  const may = (action: 'export' | 'import') => user.permissions.includes(`${resource.path}.${action}`);
  return (
    <>
      <div className="toolbar">
      {widgets.includes('csv-export') && may('export') && (
        <a className="button" href={`/api/${resource.path}/export${narrowing.size ? `?${narrowing}` : ''}`} download>
          Export CSV
        </a>
      )}
      {widgets.includes('csv-import') && may('import') && (
        <>
          <button type="button" disabled={importCsv.isPending} onClick={() => fileInput.current?.click()}>
            {importCsv.isPending ? 'Mengimpor...' : 'Import CSV'}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={`File CSV ${resource.title}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) importCsv.mutate(file);
            }}
          />
        </>
      )}
      </div>
      {summary && summary.invalidCount > 0 && (
        <details className="import-problems" open={summary.invalidCount <= 10}>
          <summary>
            {summary.invalidCount} baris tidak valid
            {summary.invalidCount > summary.invalid.length && ` (${summary.invalid.length} pertama ditampilkan)`}
          </summary>
          <ul>
            {summary.invalid.map((line) => (
              <li key={line.line}>
                Baris {line.line}: <code>{line.value || '(kosong)'}</code> — {line.problem}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
