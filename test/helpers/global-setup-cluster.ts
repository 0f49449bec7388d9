import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../../src/db/migrate.ts';
import { PostgresDb } from '../../src/db/postgres.ts';
import { TEST_DATA_ROOT } from './paths.ts';

/**
 * Cluster mode: one migrated template database per migration set; each test
 * file clones it (CREATE DATABASE ... TEMPLATE, a few tens of ms) so files
 * never see each other's rows.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || !process.env.TEST_REDIS_URL) {
    throw new Error('cluster tests need TEST_DATABASE_URL and TEST_REDIS_URL (see .ci/run)');
  }
  // Scratch space (S3 test servers, shared upload directories), also when the embedded project does not run.
  mkdirSync(TEST_DATA_ROOT, { recursive: true });
  const migrationsDir = path.resolve('src/db/migrations');
  const hash = createHash('sha256');
  for (const f of readdirSync(migrationsDir).sort()) hash.update(f).update(readFileSync(path.join(migrationsDir, f)));
  const template = `chat_tpl_${hash.digest('hex').slice(0, 12)}`;
  process.env.TEST_PG_TEMPLATE = template;

  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount === 0) {
      const building = `${template}_b${process.pid}`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const db = PostgresDb.connect(withDatabase(url, building), 2);
      await migrate(db);
      await db.close();
      await admin.query(`alter database ${building} rename to ${template}`).catch(async (err) => {
        // Another run built it first.
        await admin.query(`drop database if exists ${building}`);
        if (!String(err.message).includes('already exists')) throw err;
      });
    }
  } finally {
    await admin.end();
  }
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      // Leftovers of crashed runs: databases of test files older than an hour.
      const stale = await c.query(
        "select datname from pg_database where datname like 'chat_t\\_%' and datname not like 'chat_tpl%'",
      );
      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      for (const r of stale.rows) {
        const born = Number(String(r.datname).split('_')[2]);
        if (born < hourAgo) await c.query(`drop database if exists ${r.datname} with (force)`).catch(() => {});
      }
    } finally {
      await c.end();
    }
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
