/** Every periodic job of the product, run each minute by the Cron Trigger. */
import { siteBuildsJob } from '../rebuild/rebuild.ts';
import type { CronJob } from './scheduled.ts';

export const cronJobs: CronJob[] = [siteBuildsJob];
