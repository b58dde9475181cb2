/**
 * Events as iCalendar (RFC 5545) for a visitor's calendar app: one event's file, or the whole
 * agenda to subscribe to. Times are UTC, which every calendar shows in its own zone.
 */
import { createEvents, type EventAttributes } from 'ics';

export interface CalendarEvent {
  /** The record's id: with the site's host, the event's lasting UID, so a calendar updates it instead of adding a copy. */
  id: string;
  title: string;
  startsAt: string;
  endsAt?: string | null;
  place: string;
  /** Plain text. */
  description: string;
  url: string;
  updatedAt?: string | null;
}

export function calendar(name: string, host: string, events: readonly CalendarEvent[]) {
  const attributes = events.map(
    // ics's type asks for an end or a duration; RFC 5545 lets an event give its start alone, which
    // ics writes as given (a duration of none comes out as the invalid "PT").
    (event) =>
      ({
      uid: `agenda-${event.id}@${host}`,
      title: event.title,
      start: Date.parse(event.startsAt),
      startInputType: 'utc',
      startOutputType: 'utc',
      ...(event.endsAt ? { end: Date.parse(event.endsAt), endInputType: 'utc' as const, endOutputType: 'utc' as const } : {}),
      location: event.place,
      description: event.description,
      url: event.url,
      ...(event.updatedAt ? { lastModified: Date.parse(event.updatedAt) } : {}),
      }) as EventAttributes,
  );
  const { error, value } = createEvents(attributes, { productId: `${host}/agenda`, calName: name });
  if (error || !value) throw new Error(`calendar ${name}: ${String(error)}`);
  return value;
}

export const calendarResponse = (text: string) => new Response(text, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
