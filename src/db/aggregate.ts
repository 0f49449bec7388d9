import type { Queryable } from './driver.ts';

/**
 * Runs `inner` and returns its rows aggregated into one JSON array, in
 * `orderBy` order (an expression over the inner query's columns, as `t.col`).
 * For long lists: decoding one JSON value is several times cheaper than
 * decoding a thousand rows column by column (PGlite's slowest part). Values
 * come back as JSON types: bigint as number, booleans, strings.
 */
export async function aggregatedRows<T>(q: Queryable, inner: string, orderBy: string, params: readonly unknown[]): Promise<T[]> {
  const rows = await q.query<{ rows: T[] }>(
    `select coalesce(json_agg(t order by ${orderBy}), '[]'::json) as rows from (${inner}) t`,
    params,
  );
  return rows[0]?.rows ?? [];
}
