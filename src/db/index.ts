import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './driver.ts';
import { PgliteDb } from './pglite.ts';
import type { PoolCounts, PostgresDb } from './postgres.ts';

export type { Db, Queryable, Row } from './driver.ts';

/** Opens the database of the configured mode: Postgres when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseConnectTimeoutMs'>>): Promise<Db> {
  if (config.databaseUrl) return (await import('./postgres.ts')).PostgresDb.connect(config.databaseUrl, undefined, config.databaseConnectTimeoutMs);
  return PgliteDb.open(path.join(config.dataDir, 'db'));
}

/** Connection counts of the pg Pool (for metrics); undefined for PGlite, which has one in-process session. */
export function poolUsage(db: Db): PoolCounts | undefined {
  return db.kind === 'postgres' ? (db as PostgresDb).poolUsage() : undefined;
}

/** Connection counts of each lane's own pool opened so far (see Db.lane); none for PGlite. */
export function laneUsage(db: Db): Array<PoolCounts & { lane: string }> {
  return db.kind === 'postgres' ? (db as PostgresDb).laneUsage() : [];
}
