/**
 * Lists that grow by a page per "more" press (the mailbox, open groups, a group's log). The whole
 * list shown is loaded again when an event refreshes it, so it is fetched in calls of at most the
 * server's page limit, side by side.
 */

/** Rows shown at first, and added by each "more" press. */
export const GROW_BY = 50;
/** The server's most rows per call (`limit`). */
const MOST_PER_CALL = 200;

/**
 * The first `count` rows of a list the server pages with `offset` and `limit`. A row that moved
 * from one call's page to the next while they ran (a new row arrived) is kept once.
 */
export async function loadFirst<R>(count: number, call: (offset: number, limit: number) => Promise<R[]>, keyOf: (row: R) => string | number): Promise<R[]> {
  const offsets = Array.from({ length: Math.ceil(count / MOST_PER_CALL) }, (_, i) => i * MOST_PER_CALL);
  const pages = await Promise.all(offsets.map((offset) => call(offset, Math.min(MOST_PER_CALL, count - offset))));
  const byKey = new Map<string | number, R>();
  for (const row of pages.flat()) if (!byKey.has(keyOf(row))) byKey.set(keyOf(row), row);
  return [...byKey.values()];
}

/** Whether a list loaded with {@link loadFirst} may have more rows: it came back full. */
export const mayHaveMore = (rows: readonly unknown[] | undefined, count: number): boolean => (rows?.length ?? 0) >= count;
