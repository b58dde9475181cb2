/** Formatting rules of the spec: Indonesian dates, read time, text cut-offs. */
import { DEFAULT_READ_TIME } from '@cms/worker/contract';

const dateFormat = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' });

export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : '');

const dateTimeFormat = new Intl.DateTimeFormat('id-ID', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Jakarta' });

/** A time staff entered in WIB (an event's), shown in WIB whatever the build machine's zone. */
export const formatDateTime = (iso: string | null | undefined) => (iso ? `${dateTimeFormat.format(new Date(iso))} WIB` : '');

export const readTime = (minutes: number | null | undefined) => `${minutes && minutes > 0 ? minutes : DEFAULT_READ_TIME} min read`;

export { stripHtml } from '@cms/worker/contract';
