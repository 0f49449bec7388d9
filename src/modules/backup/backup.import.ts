import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Transform } from 'node:stream';
import type { Db, Queryable } from '../../db/index.ts';
import { listMigrations, migrate } from '../../db/migrate.ts';
import type { BlobStore } from '../../storage/index.ts';
import {
  appliedMigrations,
  type Column,
  exportedTables,
  ident,
  listForeignKeys,
  listSecondaryIndexes,
  listTables,
  type Table,
  TEXT_FORM_SETTINGS,
} from './backup.catalog.ts';
import { blobFile, type FileEntry, fileEntry, hashFile, type Manifest, readManifest, type TableEntry } from './backup.manifest.ts';
import { parallel, type Report, rate } from './backup.util.ts';

/** Rows per INSERT: one array parameter per column, unnested by the server. */
const BATCH_ROWS = 2000;
/** A batch is also sent once its values hold this many characters (long texts, big JSON). */
const BATCH_CHARS = 8 * 1024 * 1024;
/** Stored files written at once. */
const FILES_PARALLEL = 8;

export interface ImportOptions {
  /** The target database: new or empty (never written by a server), migrated or not. */
  db: Db;
  store: BlobStore;
  /** The archive directory. */
  dir: string;
  /** Its manifest, as `checkArchive` returned it. */
  manifest: Manifest;
  report: Report;
}

export interface ImportSummary {
  rows: number;
  files: number;
  /** Migrations applied after the load (the archive came from an older version). */
  upgraded: string[];
}

/**
 * Loads an archive into an empty installation:
 *
 * 1. (`checkArchive`, before the target is opened) every checksum of the manifest is verified,
 *    but those of the stored files, which are checked as they are copied;
 * 2. the target is migrated to the archive's schema version (no further), and refused unless every
 *    application table is empty;
 * 3. in one transaction: the rows of every table (user triggers off: the rows already are what the
 *    triggers made), then the indexes and foreign keys, sequences set to the source's values, stored
 *    files written to the store;
 *    any failure rolls the database back (files already written stay, unreferenced, and a retry
 *    overwrites them);
 * 4. the migrations that this version has beyond the archive's run last, as on an upgrade.
 */
export async function importArchive(opts: ImportOptions): Promise<ImportSummary> {
  const { db, store, dir, manifest, report } = opts;
  await migrateToArchive(db, manifest);
  const targets = new Map(exportedTables(await listTables(db)).map((t) => [t.name, t]));
  checkTables(manifest, targets);
  await refuseUnlessEmpty(db, [...targets.keys()]);

  const files = await readFileList(dir, manifest.files.list);
  const started = Date.now();
  let rows = 0;
  await db.tx(async (q) => {
    for (const s of TEXT_FORM_SETTINGS) await q.query(s);
    // As pg_restore does: rows first, then indexes and foreign keys, each built (or checked) in one
    // pass over the table instead of once per row; the load order no longer matters.
    const names = manifest.tables.map((t) => t.name);
    const keys = (await listForeignKeys(q)).filter((k) => names.includes(k.table));
    for (const k of keys) await q.query(`alter table ${ident(k.table)} drop constraint ${ident(k.name)}`);
    const indexes = await listSecondaryIndexes(q, names);
    for (const i of indexes) await q.query(`drop index public.${ident(i.name)}`);
    for (const name of names) await q.query(`alter table ${ident(name)} disable trigger user`);
    for (const entry of manifest.tables) {
      await loadTable(q, dir, entry, targets.get(entry.name)!);
      rows += entry.rows;
      report(`  ${entry.name}: ${entry.rows} rows`);
    }
    const rebuild = Date.now();
    for (const i of indexes) await q.query(i.definition);
    for (const k of keys) await q.query(`alter table ${ident(k.table)} add constraint ${ident(k.name)} ${k.definition}`);
    report(`  ${indexes.length} indexes built, ${keys.length} foreign keys checked: ${((Date.now() - rebuild) / 1000).toFixed(1)} s`);
    for (const name of names) await q.query(`alter table ${ident(name)} enable trigger user`);
    for (const s of manifest.sequences) {
      await q.query('select setval($1::regclass, $2::bigint, $3)', [`public.${ident(s.name)}`, s.value, s.called]);
    }
    report(`rows: ${rows}, ${rate(rows, Date.now() - started)}`);

    const filesStarted = Date.now();
    await parallel(files, FILES_PARALLEL, (f) => copyIn(store, dir, f));
    report(`files: ${files.length}, ${rate(files.length, Date.now() - filesStarted)}`);
  });
  if (manifest.files.missing.length) {
    report(`warning: ${manifest.files.missing.length} files were deleted from the source's store during its export; their records remain`);
  }
  const upgraded = await migrate(db);
  if (upgraded.length) report(`migrated past the archive's schema: ${upgraded.join(', ')}`);
  return { rows, files: files.length, upgraded };
}

/** Reads an archive's manifest and checks every table file and the file list against it. */
export async function checkArchive(dir: string): Promise<Manifest> {
  const manifest = await readManifest(dir);
  const bad: string[] = [];
  for (const t of manifest.tables) {
    const got = await hashFile(path.join(dir, t.file)).catch(() => undefined);
    if (!got || got.sha256 !== t.sha256 || got.bytes !== t.bytes) bad.push(t.file);
  }
  const list = await hashFile(path.join(dir, manifest.files.list)).catch(() => undefined);
  if (!list || list.sha256 !== manifest.files.sha256) bad.push(manifest.files.list);
  if (bad.length) throw new Error(`checksum mismatch (damaged or altered archive): ${bad.join(', ')}`);
  return manifest;
}

/** Brings the target to the archive's schema version, refusing a target this archive cannot go into. */
async function migrateToArchive(db: Db, manifest: Manifest): Promise<void> {
  const wanted = manifest.schema.migrations;
  const known = listMigrations().map((m) => m.name);
  const unknown = wanted.filter((name, i) => known[i] !== name);
  if (unknown.length) {
    throw new Error(`the archive's schema has migrations this version does not (${unknown.join(', ')}): import with the version that exported it, or a newer one`);
  }
  const applied = (await appliedMigrations(db)).map((m) => m.name);
  if (applied.some((name, i) => wanted[i] !== name)) {
    throw new Error(
      `the target database is at schema ${applied.at(-1)}, past or beside the archive's ${wanted.at(-1)}: import into a new database (or an empty DATA_DIR); the import runs the migrations itself`,
    );
  }
  await migrate(db, { upTo: manifest.schema.version });
}

/** The archive's tables exist in the target with the same columns and types. */
function checkTables(manifest: Manifest, targets: ReadonlyMap<string, Table>): void {
  const problems: string[] = [];
  for (const t of manifest.tables) {
    const target = targets.get(t.name);
    if (!target) {
      problems.push(`table ${t.name} does not exist`);
      continue;
    }
    for (const c of t.columns) {
      const tc = target.columns.find((x) => x.name === c.name);
      if (!tc) problems.push(`${t.name}.${c.name} does not exist`);
      else if (tc.type !== c.type) problems.push(`${t.name}.${c.name} is ${tc.type}, the archive has ${c.type}`);
    }
  }
  if (problems.length) throw new Error(`the target's schema does not match the archive: ${problems.join('; ')}`);
}

/** Refuses a target that holds any row: an import never merges into existing data. */
async function refuseUnlessEmpty(q: Queryable, tables: readonly string[]): Promise<void> {
  const filled: string[] = [];
  for (const t of tables) {
    const [row] = await q.query<{ any: boolean }>(`select exists (select 1 from ${ident(t)}) as any`);
    if (row?.any) filled.push(t);
  }
  if (filled.length) {
    throw new Error(`the target installation is not empty (rows in ${filled.join(', ')}): import only into a new database or an empty DATA_DIR`);
  }
}

async function readFileList(dir: string, list: string): Promise<FileEntry[]> {
  const text = await readFile(path.join(dir, list), 'utf8');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => fileEntry.parse(JSON.parse(l)));
}

/**
 * Streams a table's lines into batched INSERTs: one text[] parameter per column, unnested and cast
 * to the column's type by the server (the text forms come back exactly). OVERRIDING SYSTEM VALUE
 * keeps the ids of `generated always as identity` columns.
 */
async function loadTable(q: Queryable, dir: string, entry: TableEntry, target: Table): Promise<void> {
  const columns = entry.columns.map((c) => target.columns.find((x) => x.name === c.name)!);
  const sql = insertSql(entry.name, columns);
  const batch: Array<Array<string | null>> = columns.map(() => []);
  let inBatch = 0;
  let chars = 0;
  let seen = 0;
  const flush = async () => {
    if (inBatch === 0) return;
    await q.query(sql, batch);
    for (const col of batch) col.length = 0;
    inBatch = 0;
    chars = 0;
  };
  const lines = createInterface({ input: createReadStream(path.join(dir, entry.file), { highWaterMark: 1024 * 1024 }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    const values = JSON.parse(line) as unknown;
    if (!Array.isArray(values) || values.length !== columns.length) throw new Error(`${entry.file} line ${seen + 1}: expected ${columns.length} values`);
    for (let i = 0; i < values.length; i++) batch[i]!.push(values[i] as string | null);
    seen++;
    inBatch++;
    chars += line.length;
    if (inBatch >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
  if (seen !== entry.rows) throw new Error(`${entry.file}: ${seen} rows, the manifest says ${entry.rows}`);
}

function insertSql(table: string, columns: readonly Column[]): string {
  const names = columns.map((c) => ident(c.name)).join(', ');
  const overriding = columns.some((c) => c.identityAlways) ? ' overriding system value' : '';
  const casts = columns.map((c, i) => `u.c${i}::${c.type}`).join(', ');
  const arrays = columns.map((_, i) => `$${i + 1}::text[]`).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  return `insert into ${ident(table)} (${names})${overriding} select ${casts} from unnest(${arrays}) as u(${aliases})`;
}

/** Writes one stored file from the archive into the store, checking its size and checksum on the way. */
async function copyIn(store: BlobStore, dir: string, f: FileEntry): Promise<void> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  });
  const source = createReadStream(path.join(dir, blobFile(f.name)));
  source.once('error', (err) => measure.destroy(err));
  await store.put(f.name, source.pipe(measure), f.size);
  if (size !== f.size || hash.digest('hex') !== f.sha256) {
    await store.delete(f.name);
    throw new Error(`checksum mismatch (damaged or altered archive): ${blobFile(f.name)}`);
  }
}
