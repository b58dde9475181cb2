import { describe, expect, it } from 'vitest';
import { byTime, hasStarted } from './agenda.ts';

const now = new Date('2026-11-28T03:00:00.000Z');
const event = (title: string, startsAt: string | null) => ({ title, startsAt });

describe('the agenda at build time', () => {
  it('puts events still ahead first, soonest first, then past ones, latest first', () => {
    const events = [event('lama', '2026-01-05T02:00:00.000Z'), event('nanti', '2027-03-21T00:00:00.000Z'), event('segera', '2026-11-28T03:00:01.000Z'), event('kemarin', '2026-11-27T03:00:00.000Z')];
    const { upcoming, past } = byTime(events, now);
    expect(upcoming.map((e) => e.title)).toEqual(['segera', 'nanti']);
    expect(past.map((e) => e.title)).toEqual(['kemarin', 'lama']);
  });

  it('counts an event as past from its start time on', () => {
    expect(hasStarted(event('tepat', '2026-11-28T03:00:00.000Z'), now)).toBe(true);
    expect(hasStarted(event('sebentar lagi', '2026-11-28T03:00:00.001Z'), now)).toBe(false);
    expect(hasStarted(event('tanpa waktu', null), now)).toBe(false);
  });
});
