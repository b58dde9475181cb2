/** Every periodic job of the product, run each minute by the Cron Trigger. */
import { dailyBackupJob } from '../backup/daily.ts';
import type { CronJob } from './scheduled.ts';

export const cronJobs: CronJob[] = [dailyBackupJob];
