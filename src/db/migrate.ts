import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './driver.ts';
import { backfillNameSkeletons, NAME_SKELETON_MIGRATION } from './name-skeletons.ts';
import type { PgliteDb } from './pglite.ts';
import { PostgresDb } from './postgres.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant: the advisory lock that serialises migrations across nodes. */
const MIGRATION_LOCK = 72_410_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: Number(f.slice(0, 4)),
      name: f.replace(/\.sql$/, ''),
      sql: readFileSync(path.join(dir, f), 'utf8'),
    }));
}

const LEDGER = `create table if not exists schema_migrations (
  version integer primary key,
  name text not null,
  applied bigint not null
)`;

/**
 * Applies pending migrations, each in its own transaction. Forward only.
 * On Postgres a session advisory lock makes concurrent node starts wait for
 * each other instead of racing; PGlite is single-process by construction.
 * `upTo` stops after that version (an import loads an archive at its own schema version first).
 * Data a migration cannot compute in SQL is filled in JS right after (user name skeletons).
 */
export async function migrate(db: Db, opts: { upTo?: number } = {}): Promise<string[]> {
  const migrations = listMigrations().filter((m) => opts.upTo === undefined || m.version <= opts.upTo);
  if (db instanceof PostgresDb) {
    return db.withClient(async (client) => {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await client.query(LEDGER);
        const done = new Set(
          (await client.query<{ version: number }>('select version from schema_migrations')).rows.map((r) => r.version),
        );
        const applied: string[] = [];
        for (const m of migrations) {
          if (done.has(m.version)) continue;
          await client.query('begin');
          try {
            await client.query(m.sql);
            await client.query('insert into schema_migrations (version, name, applied) values ($1, $2, $3)', [
              m.version,
              m.name,
              Date.now(),
            ]);
            await client.query('commit');
          } catch (err) {
            await client.query('rollback');
            throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
          }
          applied.push(m.name);
        }
        if (migrations.some((m) => NAME_SKELETON_MIGRATION.test(m.name))) {
          await backfillNameSkeletons({ query: async (sql, params) => (await client.query(sql, params as unknown[])).rows });
        }
        return applied;
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    });
  }
  const lite = db as PgliteDb;
  // A catalog lookup, not the DDL: on an existing directory `create table if not exists` cost an
  // embedded start 30–100 ms (a utility statement and its commit) to learn the table is there.
  const [ledger] = await lite.query<{ t: string | null }>(`select to_regclass('schema_migrations')::text as t`);
  if (!ledger?.t) await lite.exec(LEDGER);
  const done = new Set((await lite.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    await lite.pg.transaction(async (tx) => {
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name, applied) values ($1, $2, $3)', [
        m.version,
        m.name,
        Date.now(),
      ]);
    });
    applied.push(m.name);
  }
  if (migrations.some((m) => NAME_SKELETON_MIGRATION.test(m.name))) await backfillNameSkeletons(lite);
  return applied;
}
