/** A subscriber CSV import has limits: a file too large or too long is refused, and problems are listed 100 at most. */
import { describe, expect, it } from 'vitest';
import type { CsvImportSummary } from '../src/contract/api.ts';
import { asAdmin, type Client } from './client.ts';
import { sendLarge } from './large-body.ts';

const csvImport = (admin: Client, csv: string) => {
  const data = new FormData();
  data.append('file', new File([csv], 'subscribers.csv', { type: 'text/csv' }));
  return admin.post<CsvImportSummary>('/api/subscribe/import', data);
};

const junk = (rows: number) => `email\n${Array.from({ length: rows }, (_, i) => `bukan-email-${i}`).join('\n')}\n`;

describe('CSV import limits', () => {
  it('refuses a file over 2 MB with 413, declared or sent, before reading it', async () => {
    const admin = await asAdmin();
    const large = await csvImport(admin, `email\n${'x'.repeat(2.5 * 1024 * 1024)}\n`);
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File CSV terlalu besar. Maksimal 2MB. Bagi menjadi beberapa file lalu impor satu per satu.' });
    const declared = await sendLarge(`${admin.base}/api/subscribe/import`, { origin: admin.base, cookie: admin.cookie, 'content-type': 'multipart/form-data; boundary=batas' }, 30 * 1024 * 1024, true);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('File CSV terlalu besar') });
  });

  it('refuses more than 10,000 rows with a clear message, and imports nothing', async () => {
    const admin = await asAdmin();
    const long = await csvImport(admin, junk(10_001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('File CSV berisi lebih dari 10.000 baris. Bagi menjadi beberapa file lalu impor satu per satu.');
    expect((await csvImport(admin, junk(10_000))).status).toBe(200);
  });

  it('lists the first 100 problem lines and counts the rest, in a small answer', async () => {
    const admin = await asAdmin();
    const answer = await csvImport(admin, junk(5_000));
    expect(answer.status).toBe(200);
    if (!answer.body.success) throw new Error(answer.body.message);
    expect(answer.body.data.invalidCount).toBe(5_000);
    expect(answer.body.data.invalid).toHaveLength(100);
    expect(answer.body.data.invalid[0]).toMatchObject({ line: 2, value: 'bukan-email-0' });
    expect(answer.body.data.invalid.at(-1)).toMatchObject({ line: 101, value: 'bukan-email-99' });
    expect(answer.body.message).toBe('Import selesai: 0 ditambahkan, 0 sudah ada, 5000 baris tidak valid.');
    expect(JSON.stringify(answer.body).length).toBeLessThan(30_000);
  });
});
