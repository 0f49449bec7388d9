import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './driver.ts';
import { PgliteDb } from './pglite.ts';
import { PostgresDb } from './postgres.ts';

export type { Db, Queryable, Row } from './driver.ts';

/** Opens the database of the configured mode: Postgres when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseConnectTimeoutMs'>>): Promise<Db> {
  if (config.databaseUrl) return PostgresDb.connect(config.databaseUrl, undefined, config.databaseConnectTimeoutMs);
  return PgliteDb.open(path.join(config.dataDir, 'db'));
}

/** Connection counts of the pg Pool (for metrics); undefined for PGlite, which has one in-process session. */
export function poolUsage(db: Db): { total: number; idle: number; waiting: number } | undefined {
  if (!(db instanceof PostgresDb)) return undefined;
  return { total: db.pool.totalCount, idle: db.pool.idleCount, waiting: db.pool.waitingCount };
}
