/**
 * The periodic jobs. One Cron Trigger fires every minute in production; locally the dev
 * runner asks wrangler's `/cdn-cgi/local/scheduled` every minute, so the same jobs run on a laptop.
 * Each job decides from `now` whether it has work; one failing job does not stop the others.
 */
import { createDb, type Database } from '../db/client.ts';
import type { Bindings } from '../env.ts';

export interface CronContext {
  env: Bindings;
  db: Database;
  /** The trigger's time: tests pass their own (`/cdn-cgi/local/scheduled?time=<ms>`). */
  now: Date;
  waitUntil: (promise: Promise<unknown>) => void;
}

export interface CronJob {
  name: string;
  run(context: CronContext): Promise<void>;
}

export async function runJobs(jobs: readonly CronJob[], controller: ScheduledController, env: Bindings, ctx: ExecutionContext) {
  const context: CronContext = { env, db: createDb(env.DB), now: new Date(controller.scheduledTime), waitUntil: (p) => ctx.waitUntil(p) };
  const results = await Promise.allSettled(jobs.map((job) => job.run(context)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') console.error(`cron job ${jobs[i]!.name} failed:`, result.reason);
  });
}
