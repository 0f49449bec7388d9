/** A foreign key as the load order needs it: `table` references `references`. */
export interface Dependency {
  name: string;
  table: string;
  references: string;
}

/**
 * The order to load tables in so that every referenced row exists before the rows that reference
 * it (foreign keys are checked row by row). Foreign keys that make a cycle (a table referencing
 * itself, or tables referencing each other) cannot be satisfied by any order: they are returned as
 * `deferred`, to be dropped for the load and re-created (which checks every row) before commit.
 * Keys to tables outside `tables` do not constrain the order.
 */
export function loadOrder<D extends Dependency>(tables: readonly string[], keys: readonly D[]): { order: string[]; deferred: D[] } {
  const known = new Set(tables);
  const inner = keys.filter((k) => known.has(k.table) && known.has(k.references));
  const deferred = inner.filter((k) => k.table === k.references);
  const edges = inner.filter((k) => k.table !== k.references);

  const waiting = new Map<string, number>(tables.map((t) => [t, 0]));
  for (const k of edges) waiting.set(k.table, waiting.get(k.table)! + 1);
  const order: string[] = [];
  // Ties broken by name, so the order is the same on every run.
  let ready = tables.filter((t) => waiting.get(t) === 0).sort();
  while (ready.length > 0) {
    order.push(...ready);
    const next: string[] = [];
    for (const done of ready) {
      for (const k of edges) {
        if (k.references !== done) continue;
        const left = waiting.get(k.table)! - 1;
        waiting.set(k.table, left);
        if (left === 0) next.push(k.table);
      }
    }
    ready = next.sort();
  }
  // What is left sits on a cycle or behind one: load it by name, its keys among itself deferred.
  const stuck = new Set(tables.filter((t) => !order.includes(t)));
  order.push(...[...stuck].sort());
  deferred.push(...edges.filter((k) => stuck.has(k.table) && stuck.has(k.references)));
  return { order, deferred };
}
