/**
 * The agenda as a visitor reads it at build time: an event is past once its start time has come
 * (the API's `upcoming` order says the same). The worker asks for a build when an event starts
 * (worker/src/schedule/events.ts), so the built pages move it without a save.
 */
interface Timed {
  startsAt: string | null;
}

export const hasStarted = (event: Timed, now: Date) => event.startsAt !== null && Date.parse(event.startsAt) <= now.getTime();

const startOf = (event: Timed) => (event.startsAt === null ? 0 : Date.parse(event.startsAt));

/** Events still ahead, soonest first, then past ones, latest first. */
export function byTime<T extends Timed>(events: readonly T[], now: Date) {
  const upcoming = events.filter((event) => !hasStarted(event, now)).sort((a, b) => startOf(a) - startOf(b));
  const past = events.filter((event) => hasStarted(event, now)).sort((a, b) => startOf(b) - startOf(a));
  return { upcoming, past };
}
