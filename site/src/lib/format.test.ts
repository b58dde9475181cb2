import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.ts';

describe('formatDateTime', () => {
  it('shows a stored UTC time in WIB (UTC+7), the day moving when the UTC date is the day before', () => {
    expect(formatDateTime('2026-12-05T12:30:00.000Z', 'id')).toBe('Sabtu, 5 Desember 2026 pukul 19.30 WIB');
    expect(formatDateTime('2026-12-04T18:00:00.000Z', 'id')).toBe('Sabtu, 5 Desember 2026 pukul 01.00 WIB');
  });

  it('shows the time in English on English pages', () => {
    expect(formatDateTime('2026-12-05T12:30:00.000Z', 'en')).toBe('Saturday, 5 December 2026 at 19:30 WIB');
  });

  it('shows nothing for a missing time', () => {
    expect(formatDateTime(null, 'id')).toBe('');
  });
});
