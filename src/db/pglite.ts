import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BaseDb, type Queryable, type Row } from './driver.ts';
import { preparedName } from './prepared.ts';

const { serialize } = protocol;

/**
 * Postgres settings of the embedded database. shared_buffers is 160 MB by PGlite's default, and
 * its pages live in the WASM memory: once touched they stay resident for the life of
 * the process (WASM memory never shrinks). 16 MB holds the hot pages of a small server; a page
 * outside it is one read of DATA_DIR through the OS page cache (docs/decisions.md, "Embedded
 * start-up and memory"). wal_buffers follows (1/32 of it). No checkpoint is ever triggered by the
 * WAL's volume without a postmaster: the hourly upkeep's CHECKPOINT recycles the WAL down to
 * max_wal_size (1 GB by default, kept as recycled segments; 64 MB here).
 */
const SETTINGS = { shared_buffers: '16MB', max_wal_size: '64MB', min_wal_size: '32MB' };

/**
 * A migrated, empty database that `npm run build` leaves beside the compiled server
 * (dist/db-template, see infra/build.ts). A new data directory starts as a copy of it: a file copy
 * instead of PGlite's initdb (a second WASM instance) and every migration, the bulk of a first
 * start. Absent (the sources run through tsx), a new directory is initialised as before.
 */
export const TEMPLATE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db-template');

/**
 * How much a WASM function must run (V8 counts calls and loop iterations) before V8 compiles it
 * again with its optimising compiler: a hundred times V8's default. Postgres' start runs thousands
 * of functions a few times each; with the default, optimising those on background threads cost
 * about 0.75 s of CPU per start, taken on a 2-core machine from the start itself (0.4 s of its time
 * to the first answer). Under load the hot functions still reach the threshold within seconds:
 * steady-state statements ran as fast as with the default (docs/benchmarks.md, fourteenth session).
 * Set before a PGlite instance compiles its module.
 */
const WASM_TIERING_BUDGET = 180_000_000;

/** A named statement of the PGlite session: its name and the type oids of its parameters. */
interface NamedStatement {
  name: string;
  paramTypes: number[];
}

/** Embedded PostgreSQL (WASM) persisted in a directory. One process per directory. */
export class PgliteDb extends BaseDb {
  readonly kind = 'pglite' as const;
  /** prepared() texts already parsed in the session, by SQL text. */
  private readonly statements = new Map<string, NamedStatement>();

  private constructor(readonly pg: PGlite) {
    super();
    this.scheduleReplans();
  }

  replanPrepared(): void {
    // runNamed closes a statement before parsing it again under its name.
    this.statements.clear();
  }

  static async open(dir: string | undefined, template = TEMPLATE_DIR): Promise<PgliteDb> {
    if (dir) {
      createFromTemplate(dir, template);
      mkdirSync(dir, { recursive: true });
    }
    setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
    const pg = await PGlite.create(dir ?? 'memory://', {
      extensions: { pg_trgm, btree_gin },
      startParams: [...PGlite.defaultStartParams, ...Object.entries(SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
    });
    return new PgliteDb(pg);
  }

  protected async rawQuery(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const name = preparedName(sql);
    if (name === undefined) return (await this.pg.query<Row>(sql, params as unknown[])).rows;
    // The transaction mutex as well as the query mutex: PGlite has one session, and a statement
    // slipped in between the statements of an open transaction would run inside it.
    return this.pg._runExclusiveTransaction(() => this.pg._runExclusiveQuery(() => this.runNamed(name, sql, params, true)));
  }

  protected rawTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (tx) =>
      fn({
        query: async <R = Row>(sql: string, params: readonly unknown[] = []) => {
          const name = preparedName(sql);
          if (name === undefined) return (await tx.query<R>(sql, params as unknown[])).rows;
          // transaction() holds the transaction mutex already; the query mutex is what tx.query takes too.
          return (await this.pg._runExclusiveQuery(() => this.runNamed(name, sql, params, false))) as R[];
        },
      }),
    );
  }

  /**
   * A prepared() text as a named statement of the session (see prepared.ts): parsed and
   * described once, then each use is one Bind/Describe/Execute/Sync exchange. PGlite's
   * query() parses, analyses and plans the text on every call, which for the statements
   * of the message path costs more than running them (the access check: 0.5 ms → 0.19 ms).
   * Callers hold PGlite's mutexes.
   */
  private async runNamed(name: string, sql: string, params: readonly unknown[], retry: boolean): Promise<Row[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      // Close first: a statement of that name refused earlier (0A000) may still exist.
      const described = await this.pg.execProtocolStream(
        frames(serialize.close({ type: 'S', name }), serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
        { syncToFs: false },
      );
      statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
      this.statements.set(sql, statement);
    }
    const types = statement.paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    let messages: Awaited<ReturnType<PGlite['execProtocolStream']>>;
    try {
      messages = await this.pg.execProtocolStream(
        frames(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
        { syncToFs: false },
      );
    } catch (err) {
      // 0A000 "cached plan must not change result type": a migration changed a table under the
      // statement. Prepare anew; outside a transaction send it again, inside one the transaction is lost.
      if ((err as { code?: unknown }).code !== '0A000') throw err;
      this.statements.delete(sql);
      if (!retry) throw err;
      return this.runNamed(name, sql, params, false);
    }
    if (!this.pg.isInTransaction()) await this.pg.syncToFs();
    return (parse.parseResults(messages, this.pg.parsers)[0]?.rows ?? []) as Row[];
  }

  async exec(sql: string): Promise<void> {
    this.stats.queries++;
    await this.pg.exec(sql);
  }

  /**
   * The upkeep Postgres' background processes would do, which PGlite (one backend, no postmaster)
   * never does by itself: VACUUM, so that what deletes and updates left behind becomes free space
   * that inserts reuse (without it the tables grow with every row ever written), then CHECKPOINT,
   * so that the WAL written since is recycled down to max_wal_size (without one it grows with every
   * write until the server stops, and a crash replays all of it at the next start). See
   * docs/decisions.md, "The embedded database is kept up hourly". PGlite's `exec` waits for an open
   * transaction to end (VACUUM cannot run inside one).
   */
  async upkeep(): Promise<void> {
    this.stats.queries += 2;
    await this.pg.exec('vacuum');
    await this.pg.exec('checkpoint');
  }

  async close(): Promise<void> {
    this.stopReplans();
    if (!this.pg.closed) await this.pg.close();
  }
}

/**
 * A data directory that does not exist yet (or is empty) becomes a copy of `template`, when there
 * is one. Copied beside it, then renamed: a start interrupted mid-copy leaves no half database.
 */
function createFromTemplate(dir: string, template: string): void {
  if (!existsSync(path.join(template, 'PG_VERSION'))) return;
  if (existsSync(dir)) {
    if (readdirSync(dir).length > 0) return;
    rmSync(dir, { recursive: true });
  }
  mkdirSync(path.dirname(dir), { recursive: true });
  const copy = `${dir}.new-${process.pid}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(template, copy, { recursive: true });
  renameSync(copy, dir);
}

/** Protocol messages sent to the backend in one call (it answers them in order). */
function frames(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
