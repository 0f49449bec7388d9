import type { Queryable } from '../../db/index.ts';

/**
 * What an archive holds, read from the PostgreSQL catalog rather than listed by hand, so a table
 * that a later migration adds is exported and imported with no change here. Only the `public`
 * schema is application data: pg-boss keeps its jobs in `pgboss` (embedded mode) and BullMQ in
 * Redis (cluster mode); neither is carried over.
 */

/** Tables of the public schema that are not exported, and why (docs/operations.md repeats these). */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  schema_migrations: 'migration bookkeeping: the manifest records the schema version and the import runs the migrations itself',
  upload_sessions: 'chunked uploads in progress: their parts live in the store\'s multipart area, which is not portable; clients start them again',
  upload_parts: 'chunks of the uploads in progress (see upload_sessions)',
  room_versions:
    "change counters that validate each node's history cache: the target starts its own (the migration seeds them) and its caches start empty",
};

export interface Column {
  name: string;
  /** `format_type` of the column: a type name the text form can be cast back to. */
  type: string;
  /** `generated always as identity`: inserting a value needs OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

export interface Table {
  name: string;
  /** Columns with a value of their own, in column order; generated (computed) columns are left out. */
  columns: Column[];
}

export interface ForeignKey {
  name: string;
  /** The referencing table. */
  table: string;
  /** The referenced table. */
  references: string;
  /** `pg_get_constraintdef`: what re-creates it. */
  definition: string;
}

/** Double-quoted SQL identifier. */
export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The application tables (public schema, partitions folded into their parent), with their columns. */
export async function listTables(q: Queryable): Promise<Table[]> {
  const rows = await q.query<{ table: string; column: string; type: string; identity: string; generated: string }>(
    `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as type,
            a.attidentity::text as identity, a.attgenerated::text as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, Table>();
  for (const r of rows) {
    const t = tables.get(r.table) ?? { name: r.table, columns: [] };
    tables.set(r.table, t);
    if (r.generated !== '') continue;
    t.columns.push({ name: r.column, type: r.type, identityAlways: r.identity === 'a' });
  }
  return [...tables.values()];
}

/** Tables to carry: every application table except NOT_EXPORTED (and any without a column of its own). */
export const exportedTables = (tables: readonly Table[]): Table[] =>
  tables.filter((t) => !Object.hasOwn(NOT_EXPORTED, t.name) && t.columns.length > 0);

/** Foreign keys between tables of the public schema (those of partitions are their parent's). */
export async function listForeignKeys(q: Queryable): Promise<ForeignKey[]> {
  return q.query<ForeignKey>(
    `select con.conname as name, src.relname as "table", dst.relname as "references", pg_get_constraintdef(con.oid) as definition
       from pg_constraint con
       join pg_class src on src.oid = con.conrelid
       join pg_class dst on dst.oid = con.confrelid
       join pg_namespace n on n.oid = src.relnamespace
      where con.contype = 'f' and con.conparentid = 0 and n.nspname = 'public' and not src.relispartition
      order by src.relname, con.conname`,
  );
}

export interface Index {
  name: string;
  table: string;
  /** `pg_get_indexdef`: the CREATE INDEX statement. */
  definition: string;
}

/**
 * Indexes of `tables` that no constraint owns or relies on (a primary key's, a unique constraint's,
 * the one a foreign key references are left alone): an import drops them for the load and builds
 * them afterwards, once per index instead of once per row. Partitioned tables keep theirs.
 */
export async function listSecondaryIndexes(q: Queryable, tables: readonly string[]): Promise<Index[]> {
  return q.query<Index>(
    `select ic.relname as name, t.relname as "table", pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class ic on ic.oid = i.indexrelid
       join pg_class t on t.oid = i.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and t.relkind = 'r' and not t.relispartition and t.relname = any($1::text[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by t.relname, ic.relname`,
    [tables],
  );
}

/** Sequences of the public schema (identity and serial columns, and any other) with their current state. */
export async function readSequences(q: Queryable): Promise<Array<{ name: string; value: string; called: boolean }>> {
  const names = await q.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const out: Array<{ name: string; value: string; called: boolean }> = [];
  for (const { name } of names) {
    const [row] = await q.query<{ value: string; called: boolean }>(`select last_value::text as value, is_called as called from ${ident(name)}`);
    if (row) out.push({ name, value: row.value, called: row.called });
  }
  return out;
}

/** The migrations applied to a database, in order (empty when it has never been migrated). */
export async function appliedMigrations(q: Queryable): Promise<Array<{ version: number; name: string }>> {
  const [ledger] = await q.query<{ present: boolean }>("select to_regclass('public.schema_migrations') is not null as present");
  if (!ledger?.present) return [];
  return q.query<{ version: number; name: string }>('select version, name from schema_migrations order by version');
}

/**
 * The stored files an archive carries: those the uploads module records as present (its
 * `file_blobs` table is the registry of what the store holds, by storage key; `files` rows are
 * uploaders' records pointing at them). Objects with no such row are uploads that never completed.
 */
export const STORED_FILES_SQL = 'select key as name from file_blobs order by key';

/**
 * Settings that shape the text form of values, the same on both sides of an archive whatever the
 * server's defaults (dates, intervals, time zones). `set local`: for the current transaction.
 */
export const TEXT_FORM_SETTINGS = ["set local datestyle = 'ISO, YMD'", "set local intervalstyle = 'postgres'", "set local timezone = 'UTC'"];
