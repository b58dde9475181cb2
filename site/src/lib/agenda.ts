/**
 * The agenda as a visitor reads it at build time: an event is under way from its start until its
 * end, and over from its end on (from its start when it has no end); the API's `upcoming` order
 * says the same. The worker asks for a build when an event starts or ends
 * (worker/src/schedule/events.ts), so the built pages move it without a save.
 */
import { stripHtml } from '@cms/worker/contract';
import type { CalendarEvent } from './calendar.ts';

interface Timed {
  startsAt: string | null;
  endsAt?: string | null;
}

export type EventState = 'upcoming' | 'ongoing' | 'over';

const startOf = (event: Timed) => (event.startsAt === null ? 0 : Date.parse(event.startsAt));

export function eventState(event: Timed, now: Date): EventState {
  if (event.startsAt === null || startOf(event) > now.getTime()) return 'upcoming';
  return event.endsAt && Date.parse(event.endsAt) > now.getTime() ? 'ongoing' : 'over';
}

/** Events not over yet (under way or still ahead), soonest first, then past ones, latest first. */
export function byTime<T extends Timed>(events: readonly T[], now: Date) {
  const over = (event: T) => eventState(event, now) === 'over';
  const upcoming = events.filter((event) => !over(event)).sort((a, b) => startOf(a) - startOf(b));
  const past = events.filter(over).sort((a, b) => startOf(b) - startOf(a));
  return { upcoming, past };
}

/** An event as a calendar app reads it (lib/calendar.ts), its description as plain text. */
export const calendarEvent = (item: Timed & { _id: string; title: string; place: string; description: string; updatedAt: string }, url: string): CalendarEvent => ({
  id: item._id,
  title: item.title,
  startsAt: item.startsAt!,
  endsAt: item.endsAt,
  place: item.place,
  description: stripHtml(item.description, 2_000),
  url,
  updatedAt: item.updatedAt,
});
