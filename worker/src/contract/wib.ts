/** Times as people here read them: in WIB (Asia/Jakarta, UTC+7 all year), whatever the machine's zone. */

const formats = new Map<string, Intl.DateTimeFormat>();
/** The long date and time in a language's words ("id-ID", "en-GB"), in WIB. */
const formatIn = (dateLocale: string) => {
  let format = formats.get(dateLocale);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Jakarta' });
    formats.set(dateLocale, format);
  }
  return format;
};

/** A stored UTC ISO time in WIB ("Sabtu, 5 Desember 2026 pukul 19.30 WIB"); empty for none. */
export const wibDateTime = (iso: string | null | undefined, dateLocale = 'id-ID') => (iso ? `${formatIn(dateLocale).format(new Date(iso))} WIB` : '');

/**
 * A span of time in WIB, the day named once when it ends the same day ("Sabtu, 5 Desember 2026
 * 19.30–21.00 WIB"); without an end, its start alone.
 */
export const wibSpan = (start: string | null | undefined, end: string | null | undefined, dateLocale = 'id-ID') =>
  start && end ? `${formatIn(dateLocale).formatRange(new Date(start), new Date(end))} WIB` : wibDateTime(start, dateLocale);

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** A stored UTC ISO time as the wall-clock time in WIB, without a zone ("2026-12-05T19:30:00"). */
export const wibLocal = (iso: string) => new Date(Date.parse(iso) + WIB_OFFSET_MS).toISOString().slice(0, 19);

/** A stored UTC ISO time as ISO 8601 with WIB's offset ("2026-12-05T19:30:00+07:00"), as search engines read an event's time. */
export const wibIso = (iso: string) => `${wibLocal(iso)}+07:00`;
