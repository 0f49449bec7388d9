/** A batch written: one result per item, in order, and what has to follow the write. */
export interface Written<R> {
  results: R[];
  /**
   * Runs after the write, before the batch's items resolve (announcing what was stored). It must
   * not throw: the write has happened. Follow-ups run in batch order.
   */
  followUp?: () => void;
}

type Entry<T, R> = { item: T; resolve: (r: R) => void; reject: (err: unknown) => void };

/** What became of each entry of a batch, and the follow-ups of its writes, in order. */
interface Outcome<T, R> {
  settled: Array<{ entry: Entry<T, R>; ok: true; result: R } | { entry: Entry<T, R>; ok: false; error: unknown }>;
  followUps: Array<() => void>;
}

/**
 * Group commit: items submitted while a write is in flight (or during the same
 * turn of the event loop) are written together by one call of `write`, so a
 * burst of sends costs one statement instead of one per message.
 *
 * Writes run one after another, never concurrently. With `overlap`, a batch's
 * follow-up runs once the next batch's write has been started, so a database
 * in another process stores batch N+1 while this node announces batch N;
 * without it (a database on this thread, where nothing would run alongside),
 * right after its own write. Either way follow-ups run in batch order and each
 * before its own items resolve, so results come back in submission order
 * across batches too.
 */
export class GroupCommit<T, R> {
  private queue: Array<Entry<T, R>> = [];
  private running: Promise<void> | undefined;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly overlap: boolean;

  /**
   * @param write stores a batch. When it throws for a batch of several, each
   *   item is written alone, so one bad item fails only its own submission.
   * @param options.maxBatch items per call of `write` (256).
   * @param options.overlap follow a batch up while the next one is written (true).
   */
  constructor(
    private readonly write: (items: readonly T[]) => Promise<Written<R>>,
    options: { maxBatch?: number; overlap?: boolean } = {},
  ) {
    this.maxBatch = options.maxBatch ?? 256;
    this.overlap = options.overlap ?? true;
  }

  /** Resolves with the item's result once its batch has been written and followed up. */
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
    let finishing: Promise<void> = Promise.resolve();
    for (;;) {
      if (this.queue.length === 0) {
        // The last batch's follow-up may take a turn; what is submitted meanwhile is still ours.
        await finishing;
        if (this.queue.length === 0) return;
      }
      const outcome = await this.writeBatch(this.queue.splice(0, this.maxBatch));
      // setImmediate: the loop starts the next batch's write first (its statement is sent in this
      // turn's microtasks); chained, so batches finish in order whatever their timing.
      finishing = finishing.then(() => new Promise<void>((done) => setImmediate(() => finishThen(outcome, done))));
      if (!this.overlap) await finishing;
    }
  }

  private async writeBatch(batch: Array<Entry<T, R>>): Promise<Outcome<T, R>> {
    try {
      const written = await this.write(batch.map((e) => e.item));
      return {
        settled: batch.map((entry, i) => ({ entry, ok: true, result: written.results[i]! })),
        followUps: written.followUp ? [written.followUp] : [],
      };
    } catch (err) {
      if (batch.length === 1) return { settled: [{ entry: batch[0]!, ok: false, error: err }], followUps: [] };
      const outcome: Outcome<T, R> = { settled: [], followUps: [] };
      for (const entry of batch) {
        try {
          const written = await this.write([entry.item]);
          outcome.settled.push({ entry, ok: true, result: written.results[0]! });
          if (written.followUp) outcome.followUps.push(written.followUp);
        } catch (single) {
          outcome.settled.push({ entry, ok: false, error: single });
        }
      }
      return outcome;
    }
  }
}

/** Runs a batch's follow-ups, then settles its items and calls `done`, whatever a follow-up throws. */
function finishThen<T, R>(outcome: Outcome<T, R>, done: () => void): void {
  try {
    for (const followUp of outcome.followUps) followUp();
  } finally {
    // Written is written: the items resolve even if a follow-up broke its promise not to throw.
    for (const s of outcome.settled) {
      if (s.ok) s.entry.resolve(s.result);
      else s.entry.reject(s.error);
    }
    done();
  }
}
