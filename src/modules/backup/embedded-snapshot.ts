import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PgliteDb } from '../../db/pglite.ts';
import { parallel } from './backup.util.ts';

/** Files copied at once (the data directory holds about a thousand small files). */
const COPY_PARALLEL = 8;
/**
 * Contents a base backup leaves out (PostgreSQL's "Making a base backup using the low level API"):
 * WAL is copied separately, the rest is recreated at start. The directories themselves are kept.
 */
const SKIP_CONTENTS = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_replslot', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init']);
/** A WAL segment file: timeline, log and segment, 8 hex digits each (names sort in WAL order). */
const WAL_SEGMENT_RE = /^[0-9A-F]{24}$/;

export interface SnapshotTiming {
  /** The whole snapshot. */
  ms: number;
  /** How long the database answered no statement (the copy of the last WAL segments). */
  pausedMs: number;
}

/**
 * Copies the data directory of a running PGlite into `target` as PostgreSQL's online base backup
 * does, so that the copy opens, after replaying its WAL, at one consistent point in time:
 *
 * 1. `pg_backup_start` (a checkpoint; full-page writes from now on);
 * 2. the data files are copied while the server goes on working: a page written during its copy
 *    may be torn, and the WAL replay overwrites it with the full page logged since step 1;
 * 3. `pg_backup_stop` returns the backup label (where replay starts);
 * 4. with every statement held back (PGlite's mutexes), the WAL segments from the start of the
 *    backup to the current one are copied: that is the only pause the server sees;
 * 5. the label is written into the copy; opening it replays the WAL to the state of step 4.
 */
export async function snapshotPglite(db: PgliteDb, source: string, target: string): Promise<SnapshotTiming> {
  const started = Date.now();
  await db.query("select pg_backup_start('chat-export', true)");
  try {
    await copyTree(source, target, (rel) => !SKIP_FILES.has(path.basename(rel)) && !SKIP_CONTENTS.has(path.dirname(rel).split(path.sep)[0]!));
  } catch (err) {
    await db.query('select pg_backup_stop(false)').catch(() => {});
    throw err;
  }
  const [row] = await db.query<{ labelfile: string; current: string }>(
    'select labelfile, pg_walfile_name(pg_current_wal_insert_lsn()) as current from pg_backup_stop(false)',
  );
  const start = /\(file ([0-9A-F]{24})\)/.exec(row?.labelfile ?? '')?.[1];
  if (!row || !start) throw new Error('pg_backup_stop returned no usable backup label');
  const label = { labelfile: row.labelfile, start, stop: row.current };

  const wal = path.join(source, 'pg_wal');
  const pauseStarted = Date.now();
  await db.pg._runExclusiveTransaction(() =>
    db.pg._runExclusiveQuery(async () => {
      // The segment being written may have moved on since `current` was read: every segment from
      // the start on (a preallocated one past the end holds no valid record, replay stops there).
      const names = (await readdir(wal)).filter((n) => WAL_SEGMENT_RE.test(n) && n >= label.start && n.slice(0, 8) === label.start.slice(0, 8));
      if (!names.includes(label.start)) throw new Error('the WAL of the backup start is gone; run the export again');
      const upTo = nextSegments(label.stop, names);
      await mkdir(path.join(target, 'pg_wal', 'archive_status'), { recursive: true });
      await parallel(upTo, COPY_PARALLEL, (n) => copyFile(path.join(wal, n), path.join(target, 'pg_wal', n)));
    }),
  );
  const pausedMs = Date.now() - pauseStarted;
  await writeFile(path.join(target, 'backup_label'), label.labelfile);
  return { ms: Date.now() - started, pausedMs };
}

/**
 * The segments up to the one being written when the lock was taken: `stop` and those after it
 * that hold WAL, i.e. all up to `stop` plus one more (a statement between `pg_backup_stop` and
 * the lock can cross into the next segment; more than 16 MB of WAL in that moment cannot happen).
 */
function nextSegments(stop: string, names: readonly string[]): string[] {
  const sorted = [...names].sort();
  const at = sorted.findIndex((n) => n > stop);
  return at === -1 ? sorted : sorted.slice(0, at + 1);
}

/** Copies a directory tree, the files `keep` accepts (relative paths), directories always. */
async function copyTree(source: string, target: string, keep: (rel: string) => boolean): Promise<void> {
  const entries = await readdir(source, { recursive: true, withFileTypes: true });
  await mkdir(target, { recursive: true });
  const files: string[] = [];
  for (const e of entries) {
    const rel = path.relative(source, path.join(e.parentPath, e.name));
    if (e.isDirectory()) await mkdir(path.join(target, rel), { recursive: true });
    else if (e.isFile() && keep(rel)) files.push(rel);
  }
  await parallel(files, COPY_PARALLEL, async (rel) => {
    await copyFile(path.join(source, rel), path.join(target, rel)).catch((err: NodeJS.ErrnoException) => {
      // A temporary file removed since the listing: it is not part of the backup.
      if (err.code !== 'ENOENT') throw err;
    });
  });
}
