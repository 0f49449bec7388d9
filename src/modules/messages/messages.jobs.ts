import type { Jobs } from '../../jobs/index.ts';
import type { MessagesService } from './messages.service.ts';

/** The handlers of the messaging jobs (schedules are declared in src/jobs/job-map.ts). */
export function registerMessagingJobs(jobs: Jobs, messages: MessagesService): void {
  jobs.handle('messages.forgetCids', async () => {
    await messages.forgetOldCids();
  });
}
