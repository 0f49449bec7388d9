import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BaseDb, type Queryable, type Row } from './driver.ts';

/** Embedded PostgreSQL (WASM) persisted in a directory. One process per directory. */
export class PgliteDb extends BaseDb {
  readonly kind = 'pglite' as const;

  private constructor(readonly pg: PGlite) {
    super();
  }

  static async open(dir: string | undefined): Promise<PgliteDb> {
    if (dir) mkdirSync(dir, { recursive: true });
    const pg = await PGlite.create(dir ?? 'memory://', { extensions: { pg_trgm } });
    return new PgliteDb(pg);
  }

  protected async rawQuery(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const res = await this.pg.query<Row>(sql, params as unknown[]);
    return res.rows;
  }

  protected rawTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (tx) =>
      fn({
        query: async <R = Row>(sql: string, params: readonly unknown[] = []) =>
          (await tx.query<R>(sql, params as unknown[])).rows,
      }),
    );
  }

  async exec(sql: string): Promise<void> {
    this.stats.queries++;
    await this.pg.exec(sql);
  }

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}
