import type { Identity } from '../../identity.ts';
import type { Clock } from '../../lib/clock.ts';
import { AckedChannel } from '../../state/acked-channel.ts';
import type { SharedState } from '../../state/shared-state.ts';

const CHANNEL = 'identity.invalidate';
const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  identity: Identity;
  /** For API keys: the stored sha256, compared on every use. */
  secretHash?: string;
  expires: number;
}

type Invalidation = { user: number } | { entry: string };

/**
 * Per-node cache of resolved credentials (session token hash or key prefix →
 * identity), so an authenticated request costs no database round trip.
 * Anything that changes a user's sessions, keys, name, role or status must call
 * `invalidateUser`; every node has applied it before the call resolves (an
 * acknowledged broadcast), so it is done before the caller's response is sent.
 */
export class IdentityCache {
  private readonly entries = new Map<string, Entry>();
  private readonly accounts = new Map<number, { value: unknown; expires: number }>();
  private readonly bus: AckedChannel;

  constructor(
    state: SharedState,
    private readonly clock: Clock,
  ) {
    this.bus = new AckedChannel(
      state,
      CHANNEL,
      (raw) => {
        const msg = JSON.parse(raw) as Invalidation;
        if ('user' in msg) this.dropUser(msg.user);
        else this.entries.delete(msg.entry);
      },
      () => {},
      // Invalidations sent while Redis was unreachable never arrived: start afresh.
      () => {
        this.entries.clear();
        this.accounts.clear();
      },
    );
  }

  async start(): Promise<void> {
    await this.bus.start();
  }

  get(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  set(key: string, identity: Identity, secretHash?: string): void {
    if (this.entries.size >= MAX_ENTRIES) {
      // Map keeps insertion order: drop the oldest tenth.
      let n = MAX_ENTRIES / 10;
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--n <= 0) break;
      }
    }
    this.entries.set(key, { identity, secretHash, expires: this.clock.now() + TTL_MS });
  }

  /**
   * A per-user snapshot (the account row and what is derived from it, e.g.
   * effective penalties) kept under the same invalidation as credentials, so
   * hot reads such as /api/me cost no database round trip.
   */
  getAccount<T>(userId: number): T | undefined {
    const e = this.accounts.get(userId);
    if (!e) return undefined;
    if (e.expires <= this.clock.now()) {
      this.accounts.delete(userId);
      return undefined;
    }
    return e.value as T;
  }

  setAccount(userId: number, value: unknown): void {
    if (this.accounts.size >= MAX_ENTRIES) this.accounts.clear();
    this.accounts.set(userId, { value, expires: this.clock.now() + TTL_MS });
  }

  /** Drops every cached credential and the account snapshot of a user on every node. */
  async invalidateUser(userId: number): Promise<void> {
    this.dropUser(userId);
    await this.bus.send(JSON.stringify({ user: userId } satisfies Invalidation));
  }

  /** Drops one cached credential on every node. */
  async invalidateEntry(key: string): Promise<void> {
    this.entries.delete(key);
    await this.bus.send(JSON.stringify({ entry: key } satisfies Invalidation));
  }

  private dropUser(userId: number): void {
    this.accounts.delete(userId);
    for (const [k, e] of this.entries) if (e.identity.userId === userId) this.entries.delete(k);
  }
}
