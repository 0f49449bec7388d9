import { afterEach, describe, expect, it, vi } from 'vitest';
import { BaseDb, type Queryable, REPLAN_AFTER_MS, REPLAN_SMALL_BYTES, type Row } from '../../src/db/driver.ts';

/** Only the schedule is under test here: a driver whose tables have the sizes a test sets, and that counts its replans. */
class CountingDb extends BaseDb {
  readonly kind = 'postgres' as const;
  replanned = 0;
  sizes: Record<string, number> = { messages: 0, users: 8_192 };
  constructor() {
    super();
    this.scheduleReplans();
  }
  replanPrepared(): void {
    this.replanned++;
  }
  protected async rawQuery(): Promise<Row[]> {
    return Object.entries(this.sizes).map(([name, bytes]) => ({ name, bytes }));
  }
  protected rawTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async exec(): Promise<void> {}
  async close(): Promise<void> {
    this.stopReplans();
  }
}

describe('prepared statements planned anew', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('at the first of REPLAN_AFTER_MS, then at the others and hourly only when a table has doubled or halved since, until closed', async () => {
    vi.useFakeTimers();
    const db = new CountingDb();
    await vi.advanceTimersByTimeAsync(REPLAN_AFTER_MS[0]! - 1);
    expect(db.replanned).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(db.replanned).toBe(1);

    // Unchanged, or grown within the small tables' floor: no replan at the next times.
    db.sizes = { messages: REPLAN_SMALL_BYTES, users: 8_192 };
    await vi.advanceTimersByTimeAsync(REPLAN_AFTER_MS[1]! - REPLAN_AFTER_MS[0]!);
    expect(db.replanned).toBe(1);

    // messages grew to twice the floor: planned anew at the next time, and not again while it stays.
    db.sizes = { messages: 2 * REPLAN_SMALL_BYTES, users: 8_192 };
    await vi.advanceTimersByTimeAsync(REPLAN_AFTER_MS[2]! - REPLAN_AFTER_MS[1]!);
    expect(db.replanned).toBe(2);
    db.sizes = { messages: 3 * REPLAN_SMALL_BYTES, users: 8_192 };
    await vi.advanceTimersByTimeAsync(REPLAN_AFTER_MS.at(-1)! - REPLAN_AFTER_MS[2]!);
    expect(db.replanned).toBe(2);

    // Hourly: five times the floor is over twice the last planning's two; then a halving counts too.
    db.sizes = { messages: 5 * REPLAN_SMALL_BYTES, users: 8_192 };
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(db.replanned).toBe(3);
    db.sizes = { messages: 2.4 * REPLAN_SMALL_BYTES, users: 8_192 };
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(db.replanned).toBe(4);

    await db.close();
    db.sizes = { messages: 100_000_000, users: 8_192 };
    await vi.advanceTimersByTimeAsync(10 * 3_600_000);
    expect(db.replanned).toBe(4);
  });
});
