/** Formatting rules: Indonesian dates, read time, text cut-offs. */
import { DEFAULT_READ_TIME } from '@cms/worker/contract';

const dateFormat = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' });

export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : '');

/** A time staff entered in WIB (an event's), shown in WIB; a preview shows a draft's the same way. */
export { wibDateTime as formatDateTime } from '@cms/worker/contract';

export const readTime = (minutes: number | null | undefined) => `${minutes && minutes > 0 ? minutes : DEFAULT_READ_TIME} min read`;

export { stripHtml } from '@cms/worker/contract';
