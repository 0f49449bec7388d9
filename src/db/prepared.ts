/**
 * Hot statements, prepared once per connection (Postgres) or once per session (PGlite).
 *
 * Planning a statement with CTEs costs Postgres more than running it (the
 * history page: 0.27 ms planning, 0.4 ms execution), so the statements on the
 * message path are sent as named statements: parsed and planned on the first
 * use on each pooled connection, then only bound and executed. Opt-in, for
 * static SQL text only: a name per distinct text, so generated SQL would grow
 * every connection's statement cache without bound. PGlite gains more than
 * Postgres: it parses and plans on the main thread, so a named statement
 * shortens the event loop's busy time on every send (access check 0.5 →
 * 0.19 ms, insert batch 1.3 → 0.65 ms with its generic plan, below).
 *
 * Preparing pays only if the prepared (generic) plan is used: Postgres plans
 * the first five runs for their values, then keeps the generic plan unless its
 * estimate is dearer. A statement over `unnest($1::int[])` is estimated at the
 * array's true length when planned for its values but at 10 rows generically,
 * so it would be planned anew on every run. Such statements read their arrays
 * through a fenced sub-select (`from (select $1::int[] as a offset 0) p, unnest(p.a)`):
 * the length is then unknown to both plans, and the generic one is kept
 * (checked in test/integration/database.test.ts). A generic plan reflects the
 * tables' sizes when it was made, so the drivers prepare everything anew on a
 * schedule (REPLAN_AFTER_MS in driver.ts).
 */
const names = new Map<string, string>();

/** Marks `sql` (a module-level constant) as prepared; returns it unchanged. */
export function prepared(sql: string): string {
  if (!names.has(sql)) names.set(sql, `chat_${names.size + 1}`);
  return sql;
}

/** The statement name of a prepared text, or undefined for ordinary SQL. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}
