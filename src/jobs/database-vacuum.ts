import type { Logger } from 'pino';
import type { Db } from '../db/index.ts';
import type { PgliteDb } from '../db/pglite.ts';
import type { Jobs } from './jobs.ts';

/**
 * The handler of `database.vacuum` (hourly, src/jobs/job-map.ts). Embedded mode only: PGlite has
 * no autovacuum, so every message trimmed from a room, every ended session and every finished job
 * would keep its space for good. A Postgres server vacuums itself; there the job does nothing.
 */
export function registerDatabaseJobs(jobs: Jobs, db: Db, log: Logger): void {
  jobs.handle('database.vacuum', async () => {
    if (db.kind !== 'pglite') return;
    const started = performance.now();
    await (db as PgliteDb).vacuum();
    log.info({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed');
  });
}
