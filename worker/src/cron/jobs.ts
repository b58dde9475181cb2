/** Every periodic job of the product, run each minute by the Cron Trigger. */
import type { CronJob } from './scheduled.ts';
import { unusedUploadsJob } from '../files/references.ts';

export const cronJobs: CronJob[] = [unusedUploadsJob];
