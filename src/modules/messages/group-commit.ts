/**
 * Group commit: items submitted while a write is in flight (or during the same
 * turn of the event loop) are written together by one call of `write`, so a
 * burst of sends costs one statement instead of one per message. Batches run
 * one after another, never concurrently, so results come back in submission
 * order across batches too.
 */
export class GroupCommit<T, R> {
  private queue: Array<{ item: T; resolve: (r: R) => void; reject: (err: unknown) => void }> = [];
  private running: Promise<void> | undefined;
  private scheduled = false;

  /**
   * @param write stores a batch and returns one result per item, in order. When
   *   it throws for a batch of several, each item is retried alone, so one bad
   *   item fails only its own submission.
   * @param maxBatch items per call of `write`.
   */
  constructor(
    private readonly write: (items: readonly T[]) => Promise<R[]>,
    private readonly maxBatch = 256,
  ) {}

  /** Resolves with the item's result once its batch has been written. */
  submit(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running || this.scheduled) return;
      this.scheduled = true;
      // setImmediate, not a microtask: the sends that arrived in the same poll phase join the batch.
      setImmediate(() => {
        this.scheduled = false;
        this.running = this.drain().finally(() => {
          this.running = undefined;
        });
      });
    });
  }

  /** Resolves once everything submitted so far has been written (graceful shutdown). */
  async drained(): Promise<void> {
    while (this.running || this.scheduled || this.queue.length > 0) {
      if (this.running) await this.running;
      else await new Promise((r) => setImmediate(r));
    }
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await this.write(batch.map((e) => e.item));
        for (const [i, e] of batch.entries()) e.resolve(results[i]!);
      } catch (err) {
        if (batch.length === 1) {
          batch[0]!.reject(err);
          continue;
        }
        for (const e of batch) {
          try {
            e.resolve((await this.write([e.item]))[0]!);
          } catch (single) {
            e.reject(single);
          }
        }
      }
    }
  }
}
