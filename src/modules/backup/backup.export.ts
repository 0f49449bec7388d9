import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { Db, Queryable } from '../../db/index.ts';
import type { BlobStore } from '../../storage/index.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  blobFile,
  FILE_LIST,
  type FileEntry,
  MANIFEST_FILE,
  type Manifest,
  type TableEntry,
  tableFile,
} from './backup.manifest.ts';
import {
  appliedMigrations,
  exportedTables,
  ident,
  listTables,
  NOT_EXPORTED,
  readSequences,
  STORED_FILES_SQL,
  type Table,
  TEXT_FORM_SETTINGS,
} from './backup.catalog.ts';
import { appVersion, parallel, type Report, rate } from './backup.util.ts';

/** Rows fetched from the cursor at a time: bounded memory whatever the table's size. */
const FETCH_ROWS = 5000;
/** Stored files copied at once (S3 round trips dominate small files). */
const FILES_PARALLEL = 8;

export interface ExportOptions {
  /** The database to read, at rest or live: the rows are read in one repeatable-read transaction. */
  db: Db;
  store: BlobStore;
  /** An empty directory. */
  dir: string;
  report: Report;
}

/**
 * Writes the archive of everything in `db` and `store` into `dir`: every application table
 * (backup.catalog.ts) streamed through a cursor, the sequences, the stored files the `files`
 * table records, and the manifest last, so a directory with a manifest is a complete archive.
 */
export async function exportArchive(opts: ExportOptions): Promise<Manifest> {
  const { db, store, dir, report } = opts;
  await mkdir(path.join(dir, 'tables'), { recursive: true });
  await mkdir(path.join(dir, 'files'), { recursive: true });
  const started = Date.now();

  const snapshot = await db.tx(async (q) => {
    // One snapshot for every table: rows committed after it are in none of them.
    await q.query('set transaction isolation level repeatable read, read only');
    for (const s of TEXT_FORM_SETTINGS) await q.query(s);
    const created = Date.now();
    const migrations = await appliedMigrations(q);
    const tables: TableEntry[] = [];
    for (const t of exportedTables(await listTables(q))) {
      const entry = await dumpTable(q, t, dir);
      report(`  ${t.name}: ${entry.rows} rows`);
      tables.push(entry);
    }
    const sequences = await readSequences(q);
    const files = (await q.query<{ present: boolean }>("select to_regclass('public.files') is not null as present"))[0]?.present
      ? await q.query<{ name: string }>(STORED_FILES_SQL)
      : [];
    return { created, migrations, tables, sequences, files: files.map((f) => f.name) };
  });
  const rows = snapshot.tables.reduce((n, t) => n + t.rows, 0);
  report(`rows: ${rows} in ${snapshot.tables.length} tables, ${rate(rows, Date.now() - started)}`);

  const filesStarted = Date.now();
  const copied: Array<FileEntry | undefined> = new Array(snapshot.files.length);
  await parallel(snapshot.files, FILES_PARALLEL, async (name, i) => {
    copied[i] = await copyOut(store, name, path.join(dir, blobFile(name)));
  });
  const entries = copied.filter((f): f is FileEntry => f !== undefined);
  const missing = snapshot.files.filter((_, i) => copied[i] === undefined);
  const list = entries.map((f) => `${JSON.stringify(f)}\n`).join('');
  await writeFile(path.join(dir, FILE_LIST), list);
  const fileBytes = entries.reduce((n, f) => n + f.size, 0);
  report(`files: ${entries.length} (${(fileBytes / 1e6).toFixed(1)} MB), ${rate(entries.length, Date.now() - filesStarted)}`);
  if (missing.length) report(`warning: ${missing.length} files recorded in the database were deleted from the store during the export`);

  const last = snapshot.migrations.at(-1);
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    created: snapshot.created,
    source: { app: appVersion(), database: db.kind, store: store.kind },
    schema: { version: last?.version ?? 0, migrations: snapshot.migrations.map((m) => m.name) },
    tables: snapshot.tables,
    excluded: { ...NOT_EXPORTED },
    sequences: snapshot.sequences,
    files: {
      list: FILE_LIST,
      count: entries.length,
      bytes: fileBytes,
      sha256: createHash('sha256').update(list).digest('hex'),
      missing,
    },
  };
  // Written last and renamed into place: its presence means the archive is complete.
  await writeFile(path.join(dir, `${MANIFEST_FILE}.tmp`), `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(path.join(dir, `${MANIFEST_FILE}.tmp`), path.join(dir, MANIFEST_FILE));
  return manifest;
}

/**
 * Streams a table into its NDJSON file through a cursor of the snapshot transaction. Each line is
 * built by PostgreSQL: the JSON array of the columns' text forms, which cast back exactly.
 */
async function dumpTable(q: Queryable, t: Table, dir: string): Promise<TableEntry> {
  const file = tableFile(t.name);
  const out = createWriteStream(path.join(dir, file), { highWaterMark: 1024 * 1024 });
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  const values = t.columns.map((c) => `${ident(c.name)}::text`).join(', ');
  await q.query(`declare backup_rows no scroll cursor for select array_to_json(array[${values}])::text as line from ${ident(t.name)}`);
  try {
    for (;;) {
      const batch = await q.query<{ line: string }>(`fetch forward ${FETCH_ROWS} from backup_rows`);
      if (batch.length === 0) break;
      const chunk = Buffer.from(`${batch.map((r) => r.line).join('\n')}\n`);
      hash.update(chunk);
      rows += batch.length;
      bytes += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    // After a failed fetch the transaction is aborted and this fails too: the first error is the one to see.
    await q.query('close backup_rows').catch(() => {});
    out.end();
    await finished(out);
  }
  return { name: t.name, file, columns: t.columns.map((c) => ({ name: c.name, type: c.type })), rows, bytes, sha256: hash.digest('hex') };
}

/** Copies one stored file into the archive; undefined when the store no longer has it. */
async function copyOut(store: BlobStore, name: string, file: string): Promise<FileEntry | undefined> {
  const body = await store.get(name);
  if (!body) return undefined;
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  });
  await pipeline(body, measure, createWriteStream(file));
  return { name, size, sha256: hash.digest('hex') };
}
