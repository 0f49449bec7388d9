import { AsyncLocalStorage } from 'node:async_hooks';
import { DependencyUnavailable, UniqueViolation } from '../errors.ts';

export type Row = Record<string, unknown>;

/** Anything that runs a parameterised statement: the database or an open transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The database seam. Two drivers implement it: PGlite (embedded) and a pg Pool
 * (cluster). Same SQL for both: plain PostgreSQL.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction. Inside it, `db.query` also joins the
   * transaction (PGlite has a single session: a query outside the open
   * transaction would wait for it forever). Nested calls join the outer one.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` once the transaction the caller is in has committed (never, if it rolls back); at
   * once outside a transaction. For announcing a write: an event must not tell of a change that
   * readers cannot see yet, or that was undone. Callbacks run in the order given; if one throws,
   * the rest still run and the first error reaches the caller of `tx`, after the commit.
   */
  afterCommit(fn: () => void): void;
  /** Multi-statement SQL without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Statements of one kind on connections of their own (see `Lane`); the database itself where
   * there is one session (PGlite), and inside a transaction that transaction.
   */
  lane(name: Lane): Queryable;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Statements run so far; tests use it to prove list endpoints have no N+1. */
  readonly stats: { queries: number };
}

/**
 * Kinds of statement kept to connections of their own in cluster mode. `search`: a backend's first
 * message search costs 15–30 ms more than the next ones (it compiles the search function, loads
 * pg_trgm and the index's catalog entries), so searches spread over a pool of 20 kept meeting cold
 * backends; on a few connections of their own they meet warm ones, and cannot take the
 * connections sends and reads need (docs/decisions.md, "Search").
 */
export type Lane = 'search';

/** The transaction a call chain runs in, and whether it is still open. */
interface AmbientTransaction {
  queryable: Queryable;
  open: boolean;
  /** What `afterCommit` was given while it was open. */
  committed: Array<() => void>;
}

/**
 * When the prepared statements are planned anew, counted from the database's opening: soon after
 * the first traffic, then as the tables grow, then hourly. A prepared statement keeps the generic
 * plan made at its sixth run, from the tables' sizes at that moment: on a new database that is an
 * empty `messages`, and the send's batch insert then scans the whole table to trim each room, on
 * every send, as it grows (seen: 3,000 → 600 direct messages/s at 90,000 rows). Postgres plans
 * again after autovacuum analyzes a table, a minute or more later; PGlite has no autovacuum and
 * never would.
 *
 * Only when a table changed size: planning anew is not free. Every connection parses each statement
 * again and plans its first five runs for their values; the send's insert took 8 ms to parse and
 * 6–25 ms to plan on the 2-core bench machine under load, holding up a fan-out's first sends after
 * each scheduled time (docs/benchmarks.md, eighteenth session). So each scheduled time compares the
 * tables' sizes with those of the last planning, and plans anew when one has doubled or halved.
 */
export const REPLAN_AFTER_MS = [5_000, 20_000, 60_000, 300_000, 1_200_000];
const REPLAN_EVERY_MS = 3_600_000;
/** A table this many times larger or smaller than at the last planning has its plans made anew. */
export const REPLAN_SIZE_FACTOR = 2;
/**
 * Smaller tables count as this size: 128 pages, which any plan reads in well under a millisecond
 * (a send's trim scanning all of a 1 MB messages table: about 0.3 ms), so their growth is no reason.
 */
export const REPLAN_SMALL_BYTES = 1_048_576;
/** The size of each table of the application's schema (the file size: no ANALYZE needed). */
const TABLE_SIZES = `select c.relname as name, pg_relation_size(c.oid)::float8 as bytes
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where n.nspname = current_schema() and c.relkind = 'r'`;

/** Runs every callback, then throws the first error one of them threw. */
function runAll(fns: ReadonlyArray<() => void>): void {
  let failure: { err: unknown } | undefined;
  for (const fn of fns) {
    try {
      fn();
    } catch (err) {
      failure ??= { err };
    }
  }
  if (failure) throw failure.err;
}

/** Shared by both drivers: ambient-transaction routing, error mapping, counting, planning anew. */
export abstract class BaseDb implements Db {
  abstract readonly kind: 'pglite' | 'postgres';
  readonly stats = { queries: 0 };
  private readonly ambient = new AsyncLocalStorage<AmbientTransaction>();
  private openTransactions = 0;
  private replanTimer: NodeJS.Timeout | undefined;
  private replans = 0;
  private replansStopped = false;
  /** Each table's size when the prepared statements were last planned anew (none yet: undefined). */
  private plannedSizes: Map<string, number> | undefined;

  /** Forgets the prepared statements' plans: each one is prepared and planned anew at its next use. */
  abstract replanPrepared(): void;

  /** Starts the schedule of REPLAN_AFTER_MS (drivers call it once open). */
  protected scheduleReplans(): void {
    if (this.replansStopped) return;
    const at = REPLAN_AFTER_MS[this.replans];
    const previous = REPLAN_AFTER_MS[this.replans - 1] ?? 0;
    this.replanTimer = setTimeout(
      () => {
        this.replans++;
        void this.replanIfResized()
          .catch(() => false) // the database is unreachable: the next scheduled time looks again
          .finally(() => this.scheduleReplans());
      },
      at === undefined ? REPLAN_EVERY_MS : at - previous,
    );
    this.replanTimer.unref();
  }

  protected stopReplans(): void {
    this.replansStopped = true;
    clearTimeout(this.replanTimer);
  }

  /**
   * Plans anew the first time, then when a table has doubled or halved since the last planning;
   * whether it did.
   */
  async replanIfResized(): Promise<boolean> {
    // Not counted in stats.queries (tests count a request's statements) and outside any transaction.
    const rows = await this.rawQuery(TABLE_SIZES, []);
    const sizes = new Map(rows.map((r) => [String(r.name), Math.max(Number(r.bytes), REPLAN_SMALL_BYTES)]));
    const before = this.plannedSizes;
    const resized =
      !before ||
      [...sizes].some(([name, bytes]) => {
        const was = before.get(name) ?? REPLAN_SMALL_BYTES;
        return bytes >= was * REPLAN_SIZE_FACTOR || bytes * REPLAN_SIZE_FACTOR <= was;
      });
    if (!resized || this.replansStopped) return false;
    this.plannedSizes = sizes;
    this.replanPrepared();
    return true;
  }

  protected abstract rawQuery(sql: string, params: readonly unknown[]): Promise<Row[]>;
  protected abstract rawTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  abstract exec(sql: string): Promise<void>;
  abstract close(): Promise<void>;

  query<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const current = this.openAmbient();
    if (current) return current.query<T>(sql, params);
    return this.run(sql, params, (s, p) => this.rawQuery(s, p)) as Promise<T[]>;
  }

  lane(name: Lane): Queryable {
    return {
      query: <T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
        const current = this.openAmbient();
        if (current) return current.query<T>(sql, params);
        return this.run(sql, params, (s, p) => this.rawLaneQuery(name, s, p)) as Promise<T[]>;
      },
    };
  }

  /** A statement of a lane; drivers without lanes run it like any other. */
  protected rawLaneQuery(_lane: Lane, sql: string, params: readonly unknown[]): Promise<Row[]> {
    return this.rawQuery(sql, params);
  }

  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    const current = this.openAmbient();
    if (current) return fn(current);
    this.openTransactions++;
    let ambient: AmbientTransaction | undefined;
    // Taking a connection, BEGIN and COMMIT can fail on a lost database too.
    return this.rawTx((inner) => {
      const wrapped: Queryable = {
        query: <R = Row>(sql: string, params: readonly unknown[] = []) =>
          this.run(sql, params, (s, p) => inner.query(s, p)) as Promise<R[]>,
      };
      ambient = { queryable: wrapped, open: true, committed: [] };
      return this.ambient.run(ambient, () => fn(wrapped));
    })
      .catch((err: unknown) => {
        throw mapDbError(err);
      })
      .finally(() => {
        if (ambient) ambient.open = false;
        // On Node 20 a storage in use keeps async hooks on for every promise of the process (a few
        // per cent of a request's CPU); with no transaction open there is nothing to keep.
        if (--this.openTransactions === 0) this.ambient.disable();
      })
      .then((value) => {
        runAll(ambient?.committed ?? []);
        return value;
      });
  }

  afterCommit(fn: () => void): void {
    const current = this.ambient.getStore();
    if (current?.open) current.committed.push(fn);
    else fn();
  }

  /**
   * The transaction the caller runs in, while it is open. A timer or promise started inside a
   * transaction carries it along after the commit: its statements (and its own `tx`) must then
   * run on their own, not on a connection already handed back.
   */
  private openAmbient(): Queryable | undefined {
    const current = this.ambient.getStore();
    return current?.open ? current.queryable : undefined;
  }

  async ping(): Promise<boolean> {
    try {
      await this.rawQuery('select 1', []);
      return true;
    } catch {
      return false;
    }
  }

  private async run(
    sql: string,
    params: readonly unknown[],
    exec: (sql: string, params: readonly unknown[]) => Promise<Row[]>,
  ): Promise<Row[]> {
    this.stats.queries++;
    try {
      return await exec(sql, params);
    } catch (err) {
      throw mapDbError(err);
    }
  }
}

/**
 * SQLSTATEs of a database that is going away, starting, or out of connections (class 08 is
 * every connection exception), and the socket errors of one that cannot be reached.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** What node-postgres says when a connection dies, or none frees up in time, without a code. */
const UNAVAILABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/;

function mapDbError(err: unknown): unknown {
  if (!err || typeof err !== 'object' || err instanceof DependencyUnavailable) return err;
  const code = (err as { code?: unknown }).code;
  if (code === '23505') return new UniqueViolation((err as { constraint?: string }).constraint);
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code))) {
    return new DependencyUnavailable('database', err);
  }
  if (err instanceof Error && code === undefined && UNAVAILABLE_MESSAGE.test(err.message)) return new DependencyUnavailable('database', err);
  return err;
}
