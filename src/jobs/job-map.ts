import { z } from 'zod';

/**
 * Every background job: its name and the schema of its payload. Adding a job
 * is one entry here plus a handler registered with `jobs.handle(name, fn)`.
 * Payloads are parsed with these schemas when a worker picks a job up.
 */
export const JOB_PAYLOADS = {
  /** Remove files older than FILE_TTL_DAYS (avatars excepted) and mark their messages `file_expired`. */
  'files.expire': z.object({}),
  /** Remove chunked-upload sessions older than 24 hours with their parts. */
  'uploads.purge': z.object({}),
  /** Forget the cids of trimmed messages sent more than 24 hours ago (send idempotency window). */
  'messages.forgetCids': z.object({}),
  /** Embedded mode: VACUUM and CHECKPOINT the PGlite database, which has no autovacuum or checkpointer (a no-op on Postgres). */
  'database.upkeep': z.object({}),
  /** Write one notification and push it (idempotent per userId, kind, sourceId); see MailboxService. */
  'notifications.write': z.object({
    userId: z.number().int(),
    kind: z.string(),
    sourceId: z.string(),
    title: z.string(),
    body: z.string(),
  }),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobMap = { [N in JobName]: z.infer<(typeof JOB_PAYLOADS)[N]> };
export const JOB_NAMES = Object.keys(JOB_PAYLOADS) as JobName[];

/** Recurring jobs, declared once; every driver installs them idempotently (one run per slot cluster-wide). */
export const SCHEDULES: ReadonlyArray<{ name: JobName; cron: string }> = [
  { name: 'files.expire', cron: '7 * * * *' },
  { name: 'uploads.purge', cron: '37 * * * *' },
  { name: 'messages.forgetCids', cron: '17 * * * *' },
  { name: 'database.upkeep', cron: '47 * * * *' },
];
