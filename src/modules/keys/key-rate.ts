import type { Clock } from '../../lib/clock.ts';
import type { SharedState } from '../../state/shared-state.ts';

const WINDOW_MS = 60_000;
/** Share of a key's limit one node takes from the shared window at once. */
const LEASE_SHARE = 100;

interface Lease {
  window: number;
  limit: number;
  left: number;
  /** The shared window had nothing left: every further call of this window is refused here. */
  full: boolean;
  /** A reservation in flight: concurrent calls wait for it instead of sending their own. */
  pending?: Promise<void>;
}

/**
 * Each API key's fixed 60-second call window, shared by every node, taken in leases: a node
 * reserves up to 1% of the key's limit from the shared state at once and hands the calls out
 * locally, so a busy key costs one Redis call per lease instead of one per request.
 *
 * Never more than `limit` calls in a window across the cluster. A lease not used up when its
 * window ends is lost, so a key served by N nodes at once may be refused up to (N−1) × 1% of its
 * limit early; limits up to 100 lease one call at a time and are exact (docs/decisions.md).
 */
export class KeyRateWindows {
  private readonly leases = new Map<number, Lease>();

  constructor(
    private readonly state: SharedState,
    private readonly clock: Clock,
  ) {}

  /** Takes one call of the key's current window: false when the window is used up. */
  async take(keyId: number, limit: number): Promise<boolean> {
    for (;;) {
      const window = Math.floor(this.clock.now() / WINDOW_MS);
      let lease = this.leases.get(keyId);
      // A new window, or a limit changed by the owner: start from what the shared window says.
      if (!lease || lease.window !== window || lease.limit !== limit) {
        lease = { window, limit, left: 0, full: false };
        this.leases.set(keyId, lease);
      }
      if (lease.left > 0) {
        lease.left--;
        return true;
      }
      if (lease.full) return false;
      lease.pending ??= this.refill(keyId, lease);
      await lease.pending;
    }
  }

  private async refill(keyId: number, lease: Lease): Promise<void> {
    try {
      const want = Math.max(1, Math.floor(lease.limit / LEASE_SHARE));
      const got = await this.state.reserve(`rate:key:${keyId}`, want, lease.limit, WINDOW_MS);
      let target = lease;
      // The reservation landed in the next window: what it got belongs to that window's lease.
      if (got.window !== lease.window) {
        target = { window: got.window, limit: lease.limit, left: 0, full: false };
        this.leases.set(keyId, target);
      }
      target.left += got.granted;
      if (got.granted === 0) target.full = true;
    } finally {
      lease.pending = undefined;
    }
  }

  /** Forgets leases of windows that are over (called with the last-use flush). */
  sweep(): void {
    const window = Math.floor(this.clock.now() / WINDOW_MS);
    for (const [id, lease] of this.leases) if (lease.window < window && !lease.pending) this.leases.delete(id);
  }
}
