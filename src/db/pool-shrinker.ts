import type pg from 'pg';

export interface ShrinkTiming {
  /** How often the pool is looked at, and at most one connection closed (ms). */
  tickMs: number;
  /** A connection is spare once the pool had one idle at every moment of this many ticks. */
  spareTicks: number;
  /** Connections kept however quiet the node is. */
  floor: number;
}

/** One connection closed every 5 s at most, once the pool had not needed it for a minute; two always kept. */
export const SHRINK_TIMING: ShrinkTiming = { tickMs: 5_000, spareTicks: 12, floor: 2 };

/**
 * Gives a pool's spare connections back to Postgres one at a time. pg's own idle timeout closes
 * each connection a fixed time after its last use, so the connections a burst opened (a reconnect
 * storm's session lookups fill the pool) all close in the same instant, one timeout later; a
 * backend's exit costs Postgres about 25 ms of CPU on the 2-core bench machine, and twenty at once
 * held the node there for a quarter of a second (docs/benchmarks.md, eighteenth session).
 *
 * Here the pool remembers the fewest connections it had idle in each of its last ticks: when it
 * never went below one for `spareTicks`, it closes one (and counts one fewer spare in its memory),
 * then looks again at the next tick.
 */
export class PoolShrinker {
  /** The fewest idle connections seen in each of the last ticks, oldest first. */
  private readonly lowest: number[] = [];
  /** The fewest idle connections seen during the current tick. */
  private low: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pool: pg.Pool,
    private readonly timing: ShrinkTiming = SHRINK_TIMING,
  ) {
    this.low = pool.idleCount;
    // Idle connections only become fewer when one is handed out (or closed): seen at each hand-out.
    pool.on('acquire', () => {
      this.low = Math.min(this.low, pool.idleCount);
    });
    this.timer = setInterval(() => this.tick(), timing.tickMs);
    this.timer.unref();
  }

  private tick(): void {
    this.lowest.push(Math.min(this.low, this.pool.idleCount));
    if (this.lowest.length > this.timing.spareTicks) this.lowest.shift();
    this.low = this.pool.idleCount;
    if (this.lowest.length < this.timing.spareTicks || Math.min(...this.lowest) < 1) return;
    const { pool } = this;
    if (pool.totalCount <= this.timing.floor || pool.idleCount < 1 || pool.waitingCount > 0) return;
    for (let i = 0; i < this.lowest.length; i++) this.lowest[i]!--;
    // The pool hands out an idle connection, which is then closed instead of given back.
    pool
      .connect()
      .then((client) => client.release(true))
      .catch(() => {});
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
