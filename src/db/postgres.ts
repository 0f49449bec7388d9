import pg from 'pg';
import { BaseDb, type Lane, type Queryable, type Row } from './driver.ts';
import { PoolShrinker, SHRINK_TIMING, type ShrinkTiming } from './pool-shrinker.ts';
import { preparedName } from './prepared.ts';

// int8 (bigint ids, ms timestamps) as JS numbers: every value we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Run once on each new connection: the backend allocates and frees one 2 MB block. Postgres on
 * glibc keeps malloc's default thresholds, so the half megabyte or more a statement such as a
 * search takes from the heap is handed back to the kernel when it ends and faulted in again by the
 * next (about 180 page faults per search here). Freeing a block malloc had to map raises that
 * backend's thresholds for good (mmap 2 MB, trim 4 MB, so at most 4 MB kept free per connection):
 * its statements then reuse their memory. A search then took about half the time in Postgres
 * (docs/benchmarks.md, twenty-ninth session). Without this a connection gets there only if one of
 * its statements happens to allocate that much.
 */
export const ALLOCATOR_WARM_UP = `select length(repeat('x', 2097152)) as warmed`;

/**
 * pg-pool's `onConnect`: awaited before a new connection is handed out, so the warm-up is not
 * queued behind nor in front of another statement on the same client (pg 8 warns about a query
 * sent while one runs, and pg 9 refuses it). A failure is left to the connection's first statement.
 */
const warmUpAllocator = async (client: pg.ClientBase): Promise<void> => {
  await client.query(ALLOCATOR_WARM_UP).catch(() => {});
};

/** Connection counts of a pg pool: all it holds, the idle ones, and the callers waiting for one. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

const countsOf = (pool: pg.Pool): PoolCounts => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });

/** Connections of a lane's pool (each node): searches are short and one user's come one at a time. */
const LANE_MAX = 4;
/** A lane's connection idle this long is closed (its next statement pays the cold start again). */
const LANE_IDLE_MS = 600_000;

/** PostgreSQL through a pg Pool (cluster mode). */
export class PostgresDb extends BaseDb {
  readonly kind = 'postgres' as const;
  private readonly shrinker: PoolShrinker;
  /** The pools of the lanes used so far (see Lane), opened at their first statement. */
  private readonly lanes = new Map<Lane, pg.Pool>();

  /**
   * @param openLane opens the pool of a lane; without it (a pool made elsewhere) lanes share `pool`.
   */
  constructor(
    readonly pool: pg.Pool,
    shrinkTiming: ShrinkTiming = SHRINK_TIMING,
    private readonly openLane?: (lane: Lane) => pg.Pool,
  ) {
    super();
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    this.shrinker = new PoolShrinker(pool, shrinkTiming);
    this.scheduleReplans();
  }

  /**
   * @param connectTimeoutMs how long a query waits for a connection (a new one, or a free one of
   *   the pool) before it fails: while the database is down or overloaded, requests answer 503
   *   after this rather than hang.
   */
  static connect(url: string, max = 20, connectTimeoutMs = 5_000, shrinkTiming?: ShrinkTiming): PostgresDb {
    const options: pg.PoolConfig = {
      connectionString: url,
      max,
      // Idle connections are closed one at a time by the PoolShrinker, not all at once by pg.
      idleTimeoutMillis: 0,
      // Statements of earlier generations (replanPrepared) stay prepared on a connection until it closes.
      maxLifetimeSeconds: 3_600,
      connectionTimeoutMillis: connectTimeoutMs,
      // A database host that vanishes without closing the connection is noticed by TCP keepalive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // application_name shows in pg_stat_activity which process holds a connection (and what a crashed one left behind).
      application_name: `chat:${process.pid}`,
      onConnect: warmUpAllocator,
    };
    const openLane = (lane: Lane) =>
      new pg.Pool({ ...options, max: LANE_MAX, idleTimeoutMillis: LANE_IDLE_MS, application_name: `chat:${process.pid}:${lane}` });
    return new PostgresDb(new pg.Pool(options), shrinkTiming, openLane);
  }

  /**
   * Bumped when Postgres refuses a prepared statement whose tables changed shape
   * under it (a migration run by another node), and on the replan schedule: the
   * next use prepares anew under new names.
   */
  private generation = 0;

  replanPrepared(): void {
    this.generation++;
  }

  protected async rawQuery(sql: string, params: readonly unknown[]): Promise<Row[]> {
    return this.send(this.pool, sql, params);
  }

  protected override async rawLaneQuery(lane: Lane, sql: string, params: readonly unknown[]): Promise<Row[]> {
    return this.send(this.lanePool(lane), sql, params);
  }

  /** Connection counts of the main pool (for metrics). */
  poolUsage(): PoolCounts {
    return countsOf(this.pool);
  }

  /** Connection counts of each lane's pool opened so far (for metrics). */
  laneUsage(): Array<PoolCounts & { lane: Lane }> {
    return [...this.lanes].map(([lane, pool]) => ({ lane, ...countsOf(pool) }));
  }

  private lanePool(lane: Lane): pg.Pool {
    let pool = this.lanes.get(lane);
    if (!pool) {
      // Closed: the main pool refuses the statement, where a new lane pool would outlive the database.
      if (!this.openLane || this.pool.ended) return this.pool;
      pool = this.openLane(lane);
      pool.on('error', () => {});
      this.lanes.set(lane, pool);
    }
    return pool;
  }

  /** Ordinary SQL as is; a prepared() text as a named statement (see prepared.ts). */
  private async send(on: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[], retried = false): Promise<Row[]> {
    const name = preparedName(sql);
    if (name === undefined) return (await on.query<Row>(sql, params as unknown[])).rows;
    try {
      return (await on.query<Row>({ name: `${name}_${this.generation}`, text: sql, values: params as unknown[] })).rows;
    } catch (err) {
      // 0A000 "cached plan must not change result type": prepare anew from now on. Outside a
      // transaction the statement can simply be sent again; inside one, the transaction is lost.
      if ((err as { code?: unknown }).code !== '0A000') throw err;
      this.generation++;
      // A transaction's client (not a pool) has lost its transaction with the statement.
      if (retried || !(on instanceof pg.Pool)) throw err;
      return this.send(on, sql, params, true);
    }
  }

  protected async rawTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await fn({
        query: async <R = Row>(sql: string, params: readonly unknown[] = []) => (await this.send(client, sql, params)) as R[],
      });
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  async exec(sql: string): Promise<void> {
    this.stats.queries++;
    await this.pool.query(sql);
  }

  /** Runs `fn` on one dedicated connection (session-level advisory locks need that). */
  async withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    this.stopReplans();
    this.shrinker.stop();
    await Promise.all([this.pool.end(), ...[...this.lanes.values()].map((p) => p.end())]);
  }
}
