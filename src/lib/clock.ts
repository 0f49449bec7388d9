/**
 * Time source for every expiry decision (sessions, challenges, lockouts, rate
 * windows, penalties). Production reads the system clock; tests move it forward
 * with `advance` instead of waiting.
 */
export interface Clock {
  now(): number;
}

export class AdjustableClock implements Clock {
  private offset = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  /** Moves this clock forward (tests only; production never calls it). */
  advance(ms: number): void {
    this.offset += ms;
  }
}
