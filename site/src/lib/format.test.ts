import { describe, expect, it } from 'vitest';
import { formatEventTime } from './format.ts';

describe('formatEventTime', () => {
  it('shows a stored UTC time in WIB (UTC+7), the day moving when the UTC date is the day before', () => {
    expect(formatEventTime('2026-12-05T12:30:00.000Z', null, 'id')).toBe('Sabtu, 5 Desember 2026 pukul 19.30 WIB');
    expect(formatEventTime('2026-12-04T18:00:00.000Z', null, 'id')).toBe('Sabtu, 5 Desember 2026 pukul 01.00 WIB');
  });

  it('shows the time in English on English pages', () => {
    expect(formatEventTime('2026-12-05T12:30:00.000Z', undefined, 'en')).toBe('Saturday, 5 December 2026 at 19:30 WIB');
  });

  it('names the day once for an event that ends the same day, and both days for one that ends later', () => {
    expect(formatEventTime('2026-12-05T12:30:00.000Z', '2026-12-05T14:00:00.000Z', 'id')).toBe('Sabtu, 5 Desember 2026 19.30–21.00 WIB');
    expect(formatEventTime('2026-12-05T12:30:00.000Z', '2026-12-05T14:00:00.000Z', 'en')).toBe('Saturday, 5 December 2026, 19:30–21:00 WIB');
    expect(formatEventTime('2026-12-05T12:30:00.000Z', '2026-12-07T05:00:00.000Z', 'id')).toBe('Sabtu, 5 Desember 2026 pukul 19.30\u2009–\u2009Senin, 7 Desember 2026 pukul 12.00 WIB');
  });

  it('shows nothing for a missing time', () => {
    expect(formatEventTime(null, null, 'id')).toBe('');
  });
});
