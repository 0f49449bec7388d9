import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { type Db, openDatabase } from '../../db/index.ts';
import { PgliteDb } from '../../db/pglite.ts';
import { PostgresDb } from '../../db/postgres.ts';
import { openBlobStore } from '../../storage/index.ts';
import { exportArchive } from './backup.export.ts';
import { checkArchive, type ImportSummary, importArchive } from './backup.import.ts';
import type { Manifest } from './backup.manifest.ts';
import type { Report } from './backup.util.ts';
import { embeddedServerRunning, requestSnapshot } from './control-socket.ts';

/** Inside the archive directory while an export from a running embedded server reads its snapshot. */
const SNAPSHOT_DIR = '.snapshot-db';

/**
 * `npm run export`: the installation the configuration names (DATABASE_URL and S3_* in cluster
 * mode, DATA_DIR in embedded mode) into a new archive directory, while it runs.
 */
export async function runExport(config: Config, dir: string, report: Report): Promise<Manifest> {
  const target = path.resolve(dir);
  const dbDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl && !existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Error(`no database in ${dbDir} (is DATA_DIR right?)`);
  const created = await prepareEmptyDir(target);
  try {
    return await exportInto(config, target, report);
  } catch (err) {
    // Nothing half-written is left to be mistaken for an archive (it has no manifest anyway).
    if (created) await rm(target, { recursive: true, force: true });
    throw err;
  }
}

async function exportInto(config: Config, target: string, report: Report): Promise<Manifest> {
  const store = await openBlobStore(config);
  const exportFrom = async (db: Db) => {
    try {
      return await exportArchive({ db, store, dir: target, report });
    } finally {
      await db.close();
    }
  };
  try {
    if (config.databaseUrl) return await exportFrom(PostgresDb.connect(config.databaseUrl, 2));
    if (await embeddedServerRunning(config.dataDir)) {
      // PGlite lets one process open the directory: the server copies it for us (control-socket.ts).
      const snapshot = path.join(target, SNAPSHOT_DIR);
      try {
        const took = await requestSnapshot(config.dataDir, snapshot);
        report(`snapshot of the running server's database: ${took.ms} ms (statements held back ${took.pausedMs} ms)`);
        return await exportFrom(await PgliteDb.open(snapshot));
      } finally {
        await rm(snapshot, { recursive: true, force: true });
      }
    }
    report('no server runs on DATA_DIR: reading its database directly (do not start one until the export ends)');
    return await exportFrom(await PgliteDb.open(path.join(config.dataDir, 'db')));
  } finally {
    await store.close();
  }
}

/**
 * `npm run import`: an archive into the installation the configuration names, which must be
 * empty: a new Postgres database (or one only migrated), or a DATA_DIR without a database. The
 * servers of that installation must be stopped.
 */
export async function runImport(config: Config, dir: string, report: Report): Promise<ImportSummary> {
  const source = path.resolve(dir);
  const manifest = await checkArchive(source);
  report(`archive of ${new Date(manifest.created).toISOString()} verified (schema ${manifest.schema.migrations.at(-1) ?? 'empty'})`);
  if (!config.databaseUrl && (await embeddedServerRunning(config.dataDir))) {
    throw new Error('a server is running on DATA_DIR: stop it before importing');
  }
  const db = await openDatabase(config);
  try {
    if (db instanceof PostgresDb) await refuseWhileNodesConnected(db);
    const store = await openBlobStore(config);
    try {
      return await importArchive({ db, store, dir: source, manifest, report });
    } finally {
      await store.close();
    }
  } finally {
    await db.close();
  }
}

/** A node caches what it reads: one running on the target would not see the import. */
async function refuseWhileNodesConnected(db: PostgresDb): Promise<void> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name like 'chat:%' and application_name <> $1`,
    [`chat:${process.pid}`],
  );
  if (row && row.n > 0) throw new Error(`${row.n} connections of chat nodes or workers are open on the target database: stop them before importing`);
}

/** Creates `dir` or checks that it is empty; true when it was created. */
async function prepareEmptyDir(dir: string): Promise<boolean> {
  const created = (await mkdir(dir, { recursive: true })) !== undefined;
  const present = await readdir(dir);
  if (present.length > 0) throw new Error(`${dir} is not empty: export into a new directory`);
  return created;
}
