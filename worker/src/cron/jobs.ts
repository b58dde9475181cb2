/** Every periodic job of the product, run each minute by the Cron Trigger. */
import { newsletterJobs } from '../newsletter/jobs.ts';
import { permissionRowsJob } from './permission-rows.ts';
import type { CronJob } from './scheduled.ts';

export const cronJobs: CronJob[] = [permissionRowsJob, ...newsletterJobs];
