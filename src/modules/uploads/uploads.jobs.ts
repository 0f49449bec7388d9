import type { Logger } from 'pino';
import type { Jobs } from '../../jobs/index.ts';
import type { FilesService } from './files.service.ts';
import type { UploadsService } from './uploads.service.ts';
import type { TusEndpoint } from './uploads.tus.ts';

/** The handlers of the file jobs (schedules are declared in src/jobs/job-map.ts). */
export function registerUploadJobs(
  jobs: Jobs,
  log: Logger,
  services: { files: FilesService; uploads: UploadsService; tus: TusEndpoint },
): void {
  const { files, uploads, tus } = services;
  jobs.handle('files.expire', async () => {
    await files.expireOld();
  });
  jobs.handle('uploads.purge', async () => {
    await uploads.purgeExpired();
    // tus keeps its own bookkeeping; a failure there must not make the job (and our purge) run again and again.
    await tus.purgeExpired().catch((err) => log.warn({ err }, 'tus upload expiry failed'));
  });
}
