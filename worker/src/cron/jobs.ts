/** Every periodic job of the product, run each minute by the Cron Trigger. */
import { forgetExpiredSignIns } from '../auth/cleanup.ts';
import { addMissingPermissionsJob } from '../auth/permission-catalog.ts';
import { forgetOldIdempotencyKeys } from '../http/idempotency.ts';
import { forgetDeletedHistoryJob } from '../revisions/store.ts';
import { publishScheduledJob } from '../schedule/publish.ts';
import type { CronJob } from './scheduled.ts';

export const cronJobs: CronJob[] = [addMissingPermissionsJob, forgetExpiredSignIns, forgetOldIdempotencyKeys, forgetDeletedHistoryJob, publishScheduledJob];
