/** One event as a calendar file (`/agenda/<slug>.ics`), linked from its page: "add to my calendar". */
import type { APIRoute } from 'astro';
import type { Records } from '@cms/worker/contract';
import { ALL_LOCALES, localeParam, pageLocale } from '../../../i18n/index.ts';
import { calendar, calendarResponse } from '../../../lib/calendar.ts';
import { recordsOf } from '../../../lib/content.ts';
import { calendarEvent } from '../../../lib/agenda.ts';

export async function getStaticPaths() {
  const paths = [];
  for (const locale of ALL_LOCALES) {
    for (const item of await recordsOf('agenda', locale)) if (item.startsAt) paths.push({ params: { locale: localeParam(locale), slug: item.slug }, props: { item } });
  }
  return paths;
}

export const GET: APIRoute = ({ params, props, site }) => {
  const { href } = pageLocale(params);
  const item = (props as { item: Records['agenda'] }).item;
  return calendarResponse(calendar(item.title, site!.host, [calendarEvent(item, new URL(href(`/agenda/${item.slug}`), site).href)]));
};
