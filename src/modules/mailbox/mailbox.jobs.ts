import type { Jobs } from '../../jobs/index.ts';
import { type MailboxService, NOTIFICATION_WRITE_JOB } from './mailbox.service.ts';

/** The handler of the notification job (payload schema in src/jobs/job-map.ts). */
export function registerMailboxJobs(jobs: Jobs, mailbox: MailboxService): void {
  jobs.handle(NOTIFICATION_WRITE_JOB, (job) => mailbox.handleNotificationWrite(job));
}
