import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { RedisConnector } from '../state/redis-connection.ts';
import { Jobs } from './jobs.ts';
import { PgBossDriver } from './pgboss.ts';

export type { JobMap, JobName } from './job-map.ts';
export type { EnqueueOptions, JobHandler } from './jobs.ts';
export { Jobs } from './jobs.ts';

/**
 * The job layer of the configured mode: BullMQ when Redis is configured (`redis`), else pg-boss on
 * the application database. BullMQ is imported only then: an embedded node never loads it.
 */
export async function createJobs(
  config: Pick<Config, 'redisPrefix'> & Partial<Pick<Config, 'jobLockMs'>>,
  redis: RedisConnector | undefined,
  db: Db,
  log: Logger,
): Promise<Jobs> {
  const driver = redis
    ? new (await import('./bullmq.ts')).BullmqDriver(redis, config.redisPrefix, log, { lockMs: config.jobLockMs })
    : new PgBossDriver(db, log);
  return new Jobs(driver, log);
}

/** pg-boss on a given database whatever the mode (tests of the driver itself). */
export function createPgBossJobs(db: Db, log: Logger): Jobs {
  return new Jobs(new PgBossDriver(db, log), log);
}
