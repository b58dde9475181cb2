/** Every periodic job of the product, run each minute by the Cron Trigger. */
import { dailyBackupJob } from '../backup/daily.ts';
import { forgetExpiredSignIns } from '../auth/cleanup.ts';
import { forgetAccountLinks } from '../auth/reset.ts';
import { addMissingPermissionsJob } from '../auth/permission-catalog.ts';
import { forgetOldIdempotencyKeys } from '../http/idempotency.ts';
import { newsletterJobs } from '../newsletter/jobs.ts';
import { siteBuildsJob } from '../rebuild/rebuild.ts';
import { forgetDeletedHistoryJob } from '../revisions/store.ts';
import { eventTimesJob } from '../schedule/events.ts';
import { publishScheduledJob } from '../schedule/publish.ts';
import { publishScheduledTranslationsJob } from '../translations/schedule.ts';
import { pruneNotFoundLog } from '../redirects/site.ts';
import type { CronJob } from '../cron/scheduled.ts';
import { unusedUploadsJob, emptyTrashJob } from '../files/references.ts';
import { forgetExpiredPreviews } from '../preview/store.ts';
import { inquiryJobs } from '../inquiries/jobs.ts';

export const cronJobs: CronJob[] = [
  addMissingPermissionsJob,
  dailyBackupJob,
  eventTimesJob,
  forgetDeletedHistoryJob,
  forgetExpiredSignIns,
  forgetAccountLinks,
  forgetOldIdempotencyKeys,
  forgetExpiredPreviews,
  publishScheduledJob,
  publishScheduledTranslationsJob,
  pruneNotFoundLog,
  siteBuildsJob,
  unusedUploadsJob,
  emptyTrashJob,
  ...newsletterJobs,
  ...inquiryJobs,
];
