import type { AppContext } from './context.ts';
import { registerDatabaseJobs } from './jobs/database-upkeep.ts';
import type { Services } from './services.ts';
import { registerMailboxJobs } from './modules/mailbox/mailbox.jobs.ts';
import { registerMessagingJobs } from './modules/messages/messages.jobs.ts';
import { registerUploadJobs } from './modules/uploads/uploads.jobs.ts';

/** A role started by createApp (ROLES: `api`, `realtime`, `worker`); the node stops it during graceful shutdown. */
export interface RunningRole {
  /** Stop taking new work and let work in progress finish (or release it for another node). */
  stop(): Promise<void>;
}

/**
 * The worker role's entry point: called by createApp when ROLES contains
 * `worker`, after every service is built. Registers the handlers of every
 * module's jobs, reports each queue's depth and each attempt's outcome in
 * `ctx.metrics`, and consumes the queues (src/jobs: BullMQ with Redis,
 * pg-boss otherwise). `stop` takes no new job and resolves when the jobs in
 * progress have finished; graceful shutdown waits for it up to
 * SHUTDOWN_GRACE_MS, then closing the job layer releases what is still running.
 */
export async function startWorkerRole(ctx: AppContext, services: Services): Promise<RunningRole> {
  const { jobs, metrics, log } = ctx;
  registerUploadJobs(jobs, log, services);
  registerMailboxJobs(jobs, services.mailbox);
  registerMessagingJobs(jobs, services.messages);
  registerDatabaseJobs(jobs, ctx.db, log);
  for (const name of jobs.names) metrics.watchQueue(name, () => jobs.counts(name));
  await jobs.work({
    completed: (queue) => metrics.jobsCompleted.inc({ queue }),
    failed: (queue) => metrics.jobsFailed.inc({ queue }),
  });
  log.debug({ driver: jobs.kind, queues: jobs.names }, 'worker role consuming jobs');
  return { stop: () => jobs.stopWorking() };
}
