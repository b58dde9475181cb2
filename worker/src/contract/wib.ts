/** Times as people here read them: in WIB (Asia/Jakarta, UTC+7 all year), whatever the machine's zone. */

const dateTimeFormat = new Intl.DateTimeFormat('id-ID', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Jakarta' });

/** A stored UTC ISO time in WIB ("Sabtu, 5 Desember 2026 pukul 19.30 WIB"); empty for none. */
export const wibDateTime = (iso: string | null | undefined) => (iso ? `${dateTimeFormat.format(new Date(iso))} WIB` : '');
