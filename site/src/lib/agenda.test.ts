import { describe, expect, it } from 'vitest';
import { byTime, eventState } from './agenda.ts';

const now = new Date('2026-11-28T03:00:00.000Z');
const event = (title: string, startsAt: string | null, endsAt: string | null = null) => ({ title, startsAt, endsAt });

describe('the agenda at build time', () => {
  it('puts events not over yet first, soonest first, then past ones, latest first', () => {
    const events = [
      event('lama', '2026-01-05T02:00:00.000Z'),
      event('nanti', '2027-03-21T00:00:00.000Z'),
      event('segera', '2026-11-28T03:00:01.000Z'),
      event('kemarin', '2026-11-27T03:00:00.000Z'),
      event('pameran', '2026-11-20T02:00:00.000Z', '2026-11-30T10:00:00.000Z'),
    ];
    const { upcoming, past } = byTime(events, now);
    expect(upcoming.map((e) => e.title)).toEqual(['pameran', 'segera', 'nanti']);
    expect(past.map((e) => e.title)).toEqual(['kemarin', 'lama']);
  });

  it('counts an event without an end as over from its start time on', () => {
    expect(eventState(event('tepat', '2026-11-28T03:00:00.000Z'), now)).toBe('over');
    expect(eventState(event('sebentar lagi', '2026-11-28T03:00:00.001Z'), now)).toBe('upcoming');
    expect(eventState(event('tanpa waktu', null), now)).toBe('upcoming');
  });

  it('counts an event with an end as under way from its start until its end, and over from its end on', () => {
    expect(eventState(event('belum', '2026-11-28T03:00:00.001Z', '2026-11-28T05:00:00.000Z'), now)).toBe('upcoming');
    expect(eventState(event('mulai', '2026-11-28T03:00:00.000Z', '2026-11-28T05:00:00.000Z'), now)).toBe('ongoing');
    expect(eventState(event('usai', '2026-11-28T01:00:00.000Z', '2026-11-28T03:00:00.000Z'), now)).toBe('over');
  });
});
