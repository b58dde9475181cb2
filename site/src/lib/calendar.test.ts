import { describe, expect, it } from 'vitest';
import { calendar } from './calendar.ts';

const event = {
  id: 'a1',
  title: 'Bersih Sungai; Cikapundung, Bandung',
  startsAt: '2027-03-21T00:00:00.000Z',
  endsAt: '2027-03-21T04:00:00.000Z',
  place: 'Taman Teras Cikapundung, Bandung',
  description: 'Kami mengajak warga dan relawan membersihkan sungai bersama, memilah sampah yang terangkat, dan belajar mengompos di tempat.',
  url: 'https://resik.example/agenda/bersih-sungai',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** The file's lines, long ones unfolded as a calendar app reads them. */
const lines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('an event in a calendar file', () => {
  it('has its lasting id, its times in UTC, its place, words escaped and lines folded with CRLF', () => {
    const text = calendar('Agenda', 'resik.example', [event]);
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(lines(text)).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'X-WR-CALNAME:Agenda',
        'UID:agenda-a1@resik.example',
        'DTSTART:20270321T000000Z',
        'DTEND:20270321T040000Z',
        'SUMMARY:Bersih Sungai\\; Cikapundung\\, Bandung',
        'LOCATION:Taman Teras Cikapundung\\, Bandung',
        'URL:https://resik.example/agenda/bersih-sungai',
        'LAST-MODIFIED:20261101T000000Z',
        'END:VCALENDAR',
      ]),
    );
  });

  it('gives an event without an end its start alone', () => {
    const text = lines(calendar('Agenda', 'resik.example', [{ ...event, endsAt: null }]));
    expect(text).toContain('DTSTART:20270321T000000Z');
    expect(text.some((line) => /^(DTEND|DURATION)/.test(line))).toBe(false);
  });

  it('holds every event of the agenda, each once', () => {
    const text = calendar('Agenda', 'resik.example', [event, { ...event, id: 'b2', title: 'Lokakarya' }]);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });
});
