import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { listMigrations, migrate } from '../../src/db/migrate.ts';
import { PgliteDb } from '../../src/db/pglite.ts';
import { PostgresDb } from '../../src/db/postgres.ts';
import { randomHex } from '../../src/lib/crypto.ts';
import { withDatabase } from '../helpers/global-setup-cluster.ts';
import { MODE } from '../helpers/server.ts';

/** An empty database of the mode under test (PGlite in memory, or a new Postgres database), and how to drop it. */
async function emptyDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (MODE === 'embedded') {
    const db = await PgliteDb.open(undefined);
    return { db, drop: () => db.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `chat_mig_${randomHex(6)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const db = PostgresDb.connect(withDatabase(base, name), 2);
  return {
    db,
    drop: async () => {
      await db.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await emptyDatabase());
});
afterAll(() => drop?.());

describe('the files_blobs migration', () => {
  it('gives each live file a blob of its own under its name; removed files keep none; the old hash column goes', async () => {
    const version = listMigrations().find((m) => m.name.endsWith('_files_blobs'))!.version;
    await migrate(db, { upTo: version - 1 });
    const [user] = await db.query<{ id: number }>(`insert into users (name, password_hash, created) values ('mig', 'x', 0) returning id`);
    const live = `${'a'.repeat(32)}.png`;
    const removed = `${'b'.repeat(32)}.txt`;
    await db.query(
      `insert into files (name, origin, size, sha256, kind, uploader_id, created, removed)
       values ($1, 'pic.png', 10, $3, 'image', $4, 1, null), ($2, 'old.txt', 5, null, 'document', $4, 1, 2)`,
      [live, removed, 'c'.repeat(64), user!.id],
    );
    await migrate(db);
    expect(await db.query('select key, sha256, size from file_blobs')).toEqual([{ key: live, sha256: 'c'.repeat(64), size: 10 }]);
    expect(await db.query('select name, blob from files order by name')).toEqual([
      { name: live, blob: live },
      { name: removed, blob: null },
    ]);
    const columns = await db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'files'`);
    expect(columns.map((c) => c.column_name)).not.toContain('sha256');
    // One live record per uploader and blob.
    await expect(
      db.query(`insert into files (name, origin, size, kind, uploader_id, created, blob) values ($1, 'x.png', 10, 'image', $2, 3, $3)`, [
        `${'d'.repeat(32)}.png`,
        user!.id,
        live,
      ]),
    ).rejects.toThrow();
  });
});
