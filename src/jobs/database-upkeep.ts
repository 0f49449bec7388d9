import type { Logger } from 'pino';
import type { Db } from '../db/index.ts';
import type { PgliteDb } from '../db/pglite.ts';
import type { Jobs } from './jobs.ts';

/**
 * The handler of `database.upkeep` (hourly, src/jobs/job-map.ts). Embedded mode only: PGlite has
 * no autovacuum and no checkpointer, so every message trimmed from a room, every ended session and
 * finished job would keep its space for good, and the WAL would grow until the server stops
 * (PgliteDb.upkeep). A Postgres server does both in the background; there the job does nothing.
 */
export function registerDatabaseJobs(jobs: Jobs, db: Db, log: Logger): void {
  jobs.handle('database.upkeep', async () => {
    if (db.kind !== 'pglite') return;
    const started = performance.now();
    await (db as PgliteDb).upkeep();
    log.info({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed and checkpointed');
  });
}
