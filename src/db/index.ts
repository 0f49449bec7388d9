import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './driver.ts';
import { PgliteDb } from './pglite.ts';
import type { PostgresDb } from './postgres.ts';

export type { Db, Queryable, Row } from './driver.ts';

/** Opens the database of the configured mode: Postgres when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseConnectTimeoutMs'>>): Promise<Db> {
  if (config.databaseUrl) return (await import('./postgres.ts')).PostgresDb.connect(config.databaseUrl, undefined, config.databaseConnectTimeoutMs);
  return PgliteDb.open(path.join(config.dataDir, 'db'));
}

/** Connection counts of the pg Pool (for metrics); undefined for PGlite, which has one in-process session. */
export function poolUsage(db: Db): { total: number; idle: number; waiting: number } | undefined {
  if (db.kind !== 'postgres') return undefined;
  const { pool } = db as PostgresDb;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Connection counts of each lane's own pool opened so far (see Db.lane); none for PGlite. */
export function laneUsage(db: Db): Array<{ lane: string; total: number; idle: number; waiting: number }> {
  return db.kind === 'postgres' ? (db as PostgresDb).laneUsage() : [];
}
