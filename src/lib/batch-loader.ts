/**
 * Coalesces lookups: every key asked for during one turn of the event loop is
 * fetched by a single call of `fetch` (one statement instead of one per key),
 * and equal keys share one answer. Loads asked while a fetch runs start the
 * next one; fetches do not wait for each other.
 */
export class BatchLoader<K, V> {
  private pending = new Map<string, { key: K; waiters: Array<{ resolve: (v: V) => void; reject: (err: unknown) => void }> }>();
  private scheduled = false;

  /**
   * @param fetch answers the keys in order (one value per key).
   * @param idOf what makes two keys the same.
   */
  constructor(
    private readonly fetch: (keys: readonly K[]) => Promise<V[]>,
    private readonly idOf: (key: K) => string,
  ) {}

  load(key: K): Promise<V> {
    return new Promise((resolve, reject) => {
      const id = this.idOf(key);
      const entry = this.pending.get(id);
      if (entry) entry.waiters.push({ resolve, reject });
      else this.pending.set(id, { key, waiters: [{ resolve, reject }] });
      if (this.scheduled) return;
      this.scheduled = true;
      // setImmediate: the lookups of every event read in this poll phase share the fetch.
      setImmediate(() => void this.run());
    });
  }

  private async run(): Promise<void> {
    this.scheduled = false;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      const values = await this.fetch(batch.map((e) => e.key));
      for (const [i, e] of batch.entries()) for (const w of e.waiters) w.resolve(values[i]!);
    } catch (err) {
      for (const e of batch) for (const w of e.waiters) w.reject(err);
    }
  }
}
