/** Reconnection timing and the order in which base URLs are tried. Pure: randomness is an argument. */

export interface BackoffOptions {
  /** First delay (ms), before randomisation. Default 500. */
  baseMs?: number;
  /** Ceiling (ms). Default 10,000. */
  maxMs?: number;
}

/**
 * The delay before attempt `attempt` (0 for the first retry after a drop):
 * doubling from `baseMs` up to `maxMs`, spread by ±50% (`random` in [0, 1))
 * so that the clients of a node that went down do not all return at once.
 */
export function backoffDelay(attempt: number, random: number, opts: BackoffOptions = {}): number {
  const base = opts.baseMs ?? 500;
  const max = opts.maxMs ?? 10_000;
  const raw = Math.min(max, base * 2 ** Math.min(attempt, 30));
  return Math.round(raw * (0.5 + random));
}

/**
 * Which base URL to try next: the one after the URL that just failed or
 * dropped, in list order, so a dead node is not tried again before the others.
 */
export function nextUrlIndex(count: number, current: number): number {
  return count === 0 ? 0 : (current + 1) % count;
}
