import { afterEach, describe, expect, it, vi } from 'vitest';
import { BaseDb, type Queryable, REPLAN_AFTER_MS, type Row } from '../../src/db/driver.ts';

/** Only the schedule is under test here: a driver that runs nothing and counts its replans. */
class CountingDb extends BaseDb {
  readonly kind = 'postgres' as const;
  replanned = 0;
  constructor() {
    super();
    this.scheduleReplans();
  }
  replanPrepared(): void {
    this.replanned++;
  }
  protected async rawQuery(): Promise<Row[]> {
    return [];
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

  it('after each of REPLAN_AFTER_MS from the opening, then hourly, until closed', async () => {
    vi.useFakeTimers();
    const db = new CountingDb();
    vi.advanceTimersByTime(REPLAN_AFTER_MS[0]! - 1);
    expect(db.replanned).toBe(0);
    vi.advanceTimersByTime(1);
    expect(db.replanned).toBe(1);
    vi.advanceTimersByTime(REPLAN_AFTER_MS.at(-1)! - REPLAN_AFTER_MS[0]!);
    expect(db.replanned).toBe(REPLAN_AFTER_MS.length);
    vi.advanceTimersByTime(3 * 3_600_000);
    expect(db.replanned).toBe(REPLAN_AFTER_MS.length + 3);
    await db.close();
    vi.advanceTimersByTime(10 * 3_600_000);
    expect(db.replanned).toBe(REPLAN_AFTER_MS.length + 3);
  });
});
