import pg from 'pg';
import { BaseDb, type Queryable, type Row } from './driver.ts';

// int8 (bigint ids, ms timestamps) as JS numbers: every value we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** PostgreSQL through a pg Pool (cluster mode). */
export class PostgresDb extends BaseDb {
  readonly kind = 'postgres' as const;

  constructor(readonly pool: pg.Pool) {
    super();
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
  }

  static connect(url: string, max = 20): PostgresDb {
    // application_name shows in pg_stat_activity which process holds a connection (and what a crashed one left behind).
    return new PostgresDb(
      new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, application_name: `chat:${process.pid}` }),
    );
  }

  protected async rawQuery(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const res = await this.pool.query<Row>(sql, params as unknown[]);
    return res.rows;
  }

  protected async rawTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await fn({
        query: async <R = Row>(sql: string, params: readonly unknown[] = []) =>
          (await client.query(sql, params as unknown[])).rows as R[],
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
    await this.pool.end();
  }
}
