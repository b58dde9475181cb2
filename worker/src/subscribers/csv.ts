/** Subscribers as CSV (papaparse): export with spreadsheet-formula cells defused, import with dedupe. */
import Papa from 'papaparse';
import { chunk, MAX_BOUND_PARAMETERS, newId, now, type Database } from '../db/client.ts';
import { subscriber } from '../db/schema.ts';
import type { ApiRecord } from '../collections/store.ts';
import type { CsvImportSummary } from '../contract/api.ts';
import { formatLimit, MB, SUBSCRIBER_STATUSES } from '../contract/limits.ts';
import { stripControls } from '../contract/text.ts';
import type { Context } from 'hono';
import { readBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';

export const CSV_COLUMNS = ['email', 'status', 'source', 'subscribedAt', 'createdAt'] as const;

/**
 * A UTF-8 BOM first so spreadsheet programs read the file as UTF-8; cells that start with
 * = + - @ (or a tab or carriage return) get a leading ' so a spreadsheet never runs them as a formula.
 */
export const exportCsv = (records: ApiRecord[]) =>
  '\ufeff' +
  Papa.unparse(
    { fields: [...CSV_COLUMNS], data: records.map((record) => CSV_COLUMNS.map((column) => String(record[column] ?? ''))) },
    { escapeFormulae: true, newline: '\r\n' },
  );

/** Largest CSV an import reads, and most rows: ten thousand addresses with room to spare. */
export const MAX_IMPORT_BYTES = 2 * MB;
export const MAX_IMPORT_ROWS = 10_000;
/** Problem lines an import's answer lists one by one; the rest are only counted. */
export const LISTED_PROBLEMS = 100;

const SPLIT_ADVICE = 'Bagi menjadi beberapa file lalu impor satu per satu.';
const tooLargeImport = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `File CSV terlalu besar. Maksimal ${formatLimit(MAX_IMPORT_BYTES)}. ${SPLIT_ADVICE}`, { maxAllowed: formatLimit(MAX_IMPORT_BYTES), maxBytes: MAX_IMPORT_BYTES });

/** The text of an import (a `file` part, or a `csv` field); a file over the limit is refused before the rest of it is read. */
export async function importText(c: Context) {
  // The form around the file (boundaries, part headers) is allowed a little more.
  const { files, fields } = await readBody(c, MAX_IMPORT_BYTES + 64 * 1024).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 413 ? tooLargeImport() : error;
  });
  const upload = files.get('file');
  if (upload && upload.size > MAX_IMPORT_BYTES) throw tooLargeImport();
  const text = upload ? await new Response(upload.stream()).text() : typeof fields.csv === 'string' ? fields.csv : '';
  if (text.length > MAX_IMPORT_BYTES) throw tooLargeImport();
  return text;
}

export interface ImportLine {
  line: number;
  email: string;
  status?: string;
  source?: string;
}

/** Status words people write in their own sheets, in Indonesian or English, for the stored statuses. */
const STATUS_WORDS: Record<string, (typeof SUBSCRIBER_STATUSES)[number]> = {
  aktif: 'active',
  'tidak aktif': 'unsubscribed',
  berhenti: 'unsubscribed',
  'berhenti berlangganan': 'unsubscribed',
  menunggu: 'pending',
  'belum dikonfirmasi': 'pending',
};
/** The ' an export puts before a cell a spreadsheet would run as a formula. */
const unguarded = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, '');
/** Where an address came from, as a sheet names it: one line, without the formula guard an export added. */
const MAX_SOURCE = 100;
const sourceOf = (cell: string) => stripControls(unguarded(cell), false).trim().slice(0, MAX_SOURCE);

/**
 * Rows of a CSV with an `email` column (any case, any position; `status` and `source` columns
 * are used when present), or without a header row, an address in the first column.
 */
export function parseImport(text: string): ImportLine[] {
  // One row past the limit (and the header) is enough to refuse: the rest is never parsed.
  const { data } = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: 'greedy', preview: MAX_IMPORT_ROWS + 2 });
  if (data.length === 0) return [];
  const header = data[0]!.map((cell) => cell.trim().toLowerCase());
  const hasHeader = header.includes('email');
  if (data.length - (hasHeader ? 1 : 0) > MAX_IMPORT_ROWS) {
    throw new ApiError(400, 'VALIDATION_ERROR', `File CSV berisi lebih dari ${MAX_IMPORT_ROWS.toLocaleString('id-ID')} baris. ${SPLIT_ADVICE}`, { maxRows: MAX_IMPORT_ROWS });
  }
  const emailAt = hasHeader ? header.indexOf('email') : 0;
  const statusAt = hasHeader ? header.indexOf('status') : -1;
  const sourceAt = hasHeader ? header.indexOf('source') : -1;
  return data.slice(hasHeader ? 1 : 0).map((row, index) => {
    const status = row[statusAt]?.trim().toLowerCase().replace(/\s+/g, ' ');
    const source = sourceAt >= 0 ? sourceOf(row[sourceAt] ?? '') : '';
    return {
      line: index + (hasHeader ? 2 : 1),
      email: unguarded(row[emailAt] ?? ''),
      ...(status ? { status: STATUS_WORDS[status] ?? status } : {}),
      ...(source ? { source } : {}),
    };
  });
}

/** Imported addresses are active unless the file says otherwise: they were collected with consent elsewhere. */
export async function importRows(
  db: Database,
  lines: ImportLine[],
  check: (value: string) => { email: string } | { problem: string },
): Promise<CsvImportSummary> {
  const summary: CsvImportSummary = { added: 0, existing: 0, invalid: [], invalidCount: 0 };
  const invalid = (line: ImportLine, problem: string) => {
    if (summary.invalidCount++ < LISTED_PROBLEMS) summary.invalid.push({ line: line.line, value: line.email.slice(0, 120), problem });
  };
  const fresh = new Map<string, { status: string; source: string }>();
  for (const line of lines) {
    const result = check(line.email);
    if ('problem' in result) {
      invalid(line, result.problem);
      continue;
    }
    if (line.status && !(SUBSCRIBER_STATUSES as readonly string[]).includes(line.status)) {
      invalid(line, `Status harus salah satu dari: ${SUBSCRIBER_STATUSES.join(', ')} (atau aktif, berhenti, menunggu).`);
      continue;
    }
    if (fresh.has(result.email)) summary.existing++;
    else fresh.set(result.email, { status: line.status ?? 'active', source: line.source ?? 'import' });
  }
  const time = now();
  const rows = [...fresh].map(([email, { status, source }]) => ({ id: newId(), email, status, source, subscribedAt: time, createdAt: time, updatedAt: time }));
  // Up to ten values a row (defaults included); D1 binds at most 100 parameters per statement.
  const statements = chunk(rows, Math.floor(MAX_BOUND_PARAMETERS / 10)).map((part) =>
    db.insert(subscriber).values(part).onConflictDoNothing({ target: subscriber.email }).returning({ id: subscriber.id }),
  );
  if (statements.length) {
    const [first, ...rest] = statements;
    const results = await db.batch([first!, ...rest]);
    summary.added = results.reduce((sum, inserted) => sum + inserted.length, 0);
  }
  summary.existing += rows.length - summary.added;
  return summary;
}
