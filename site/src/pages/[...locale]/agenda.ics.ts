/** The whole agenda as a calendar to subscribe to (`/agenda.ics`): events not over yet and past ones, in the page's language. */
import type { APIRoute } from 'astro';
import { everyLocale, pageLocale } from '../../i18n/index.ts';
import { calendar, calendarResponse } from '../../lib/calendar.ts';
import { recordsOf } from '../../lib/content.ts';
import { calendarEvent } from '../../lib/agenda.ts';

export const getStaticPaths = everyLocale;

export const GET: APIRoute = async ({ params, site }) => {
  const { locale, t, href } = pageLocale(params);
  const events = (await recordsOf('agenda', locale)).filter((item) => item.startsAt);
  return calendarResponse(calendar(t.agenda.title, site!.host, events.map((item) => calendarEvent(item, new URL(href(`/agenda/${item.slug}`), site).href))));
};
