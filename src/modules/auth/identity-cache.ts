import type { Identity } from '../../identity.ts';
import type { Clock } from '../../lib/clock.ts';
import { AckedChannel } from '../../state/acked-channel.ts';
import type { SharedState } from '../../state/shared-state.ts';

const CHANNEL = 'identity.invalidate';
/** The longest a cached answer is used: the backstop should an invalidation be lost. */
const TTL_MS = 30_000;
/**
 * A hit older than this reloads in the background while it is still answered from the cache: a
 * credential in use never waits for the database at its expiry. Without it every connection
 * opened in one burst missed in the same instant (seen: 16 senders' next messages each waiting
 * for a session lookup at once, the worst 1% of a fan-out round's deliveries).
 */
const REFRESH_AFTER_MS = 20_000;
/**
 * Each entry reloads at a random moment of this stretch after REFRESH_AFTER_MS: the connections of
 * one burst would otherwise all reload at once, their lookups opening as many new database
 * connections at the same instant 20 s later (seen: the start of a fan-out round).
 */
const REFRESH_SPREAD_MS = 8_000;
/**
 * A reload that a use past the refresh point starts waits a random moment of up to this long (always
 * within the entry's life): clients that paused together and resume together (a bench's 16 senders
 * idle through another server's round) would otherwise all reload at their first use, in one
 * instant, and the lookups delay the statements beside them (seen: 20 reloads within 150 ms at the
 * start of a paced fan-out round, whose first 250 ms then had 1,751 deliveries over 20 ms late).
 */
const REFRESH_JITTER_MS = 3_000;
/** A delayed reload still starts at least this long before its entry expires. */
const REFRESH_MARGIN_MS = 1_000;
const MAX_ENTRIES = 50_000;

export interface Credential {
  identity: Identity;
  /** For API keys: the stored sha256, compared on every use. */
  secretHash?: string;
}

type Invalidation = { user: number } | { entry: string };

/** Milliseconds a background reload waits, given the longest it may wait. */
type RefreshDelay = (maxMs: number) => number;

/**
 * Values by key, each answered for TTL_MS; read through `load`, one load per key at a time. A load
 * that was running when something was invalidated is answered but not kept: it may have read the
 * rows from before the change.
 */
class ReadThrough<K, V> {
  private readonly values = new Map<K, { value: V; loaded: number; refreshAt: number }>();
  private readonly loading = new Map<K, Promise<V | undefined>>();
  /** Background reloads waiting for their moment (see REFRESH_JITTER_MS). */
  private readonly scheduled = new Set<K>();
  private epoch = 0;

  constructor(
    private readonly clock: Clock,
    private readonly refreshDelay: RefreshDelay,
  ) {}

  async get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const now = this.clock.now();
    const held = this.values.get(key);
    if (held && now - held.loaded < TTL_MS) {
      if (now >= held.refreshAt) this.refreshSoon(key, load, held.loaded + TTL_MS - now);
      return held.value;
    }
    if (held) this.values.delete(key);
    return this.load(key, load);
  }

  /** Reloads `key` in the background, at a random moment of what is left of its life. */
  private refreshSoon(key: K, load: () => Promise<V | undefined>, lifeLeftMs: number): void {
    if (this.loading.has(key) || this.scheduled.has(key)) return;
    const start = () => {
      this.scheduled.delete(key);
      this.load(key, load).catch(() => {}); // it expires as before
    };
    const wait = this.refreshDelay(Math.min(REFRESH_JITTER_MS, Math.max(0, lifeLeftMs - REFRESH_MARGIN_MS)));
    if (wait <= 0) {
      start();
      return;
    }
    this.scheduled.add(key);
    setTimeout(start, wait).unref();
  }

  /** Drops the keys `which` selects (all when omitted); loads running now are not kept. */
  drop(which?: (key: K, value: V) => boolean): void {
    this.forgetLoads();
    if (!which) this.values.clear();
    else for (const [k, e] of this.values) if (which(k, e.value)) this.values.delete(k);
  }

  /** Drops one key; loads running now are not kept. */
  dropKey(key: K): void {
    this.forgetLoads();
    this.values.delete(key);
  }

  private forgetLoads(): void {
    this.epoch++;
    this.loading.clear();
  }

  private load(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const running = this.loading.get(key);
    if (running) return running;
    const epoch = this.epoch;
    const loaded = this.clock.now();
    const pending = load()
      .then((value) => {
        if (value !== undefined && epoch === this.epoch) this.keep(key, value, loaded);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
      });
    this.loading.set(key, pending);
    return pending;
  }

  private keep(key: K, value: V, loaded: number): void {
    if (this.values.size >= MAX_ENTRIES) {
      // Map keeps insertion order: drop the oldest tenth.
      let n = MAX_ENTRIES / 10;
      for (const k of this.values.keys()) {
        this.values.delete(k);
        if (--n <= 0) break;
      }
    }
    this.values.delete(key); // re-inserted last: the eviction above goes by age
    this.values.set(key, { value, loaded, refreshAt: loaded + REFRESH_AFTER_MS + Math.random() * REFRESH_SPREAD_MS });
  }
}

/**
 * Per-node cache of resolved credentials (session token hash or key prefix →
 * identity), so an authenticated request costs no database round trip.
 * Anything that changes a user's sessions, keys, name, role or status must call
 * `invalidateUser`; every node has applied it before the call resolves (an
 * acknowledged broadcast), so it is done before the caller's response is sent.
 */
export class IdentityCache {
  private readonly credentials: ReadThrough<string, Credential>;
  private readonly accounts: ReadThrough<number, unknown>;
  private readonly bus: AckedChannel;

  /** `refreshDelay`: how long a background reload waits, given the longest it may (tests choose). */
  constructor(state: SharedState, clock: Clock, refreshDelay: RefreshDelay = (maxMs) => Math.random() * maxMs) {
    this.credentials = new ReadThrough(clock, refreshDelay);
    this.accounts = new ReadThrough(clock, refreshDelay);
    this.bus = new AckedChannel(
      state,
      CHANNEL,
      (raw) => {
        const msg = JSON.parse(raw) as Invalidation;
        if ('user' in msg) this.dropUser(msg.user);
        else this.credentials.dropKey(msg.entry);
      },
      () => {},
      // Invalidations sent while Redis was unreachable never arrived: start afresh.
      () => {
        this.credentials.drop();
        this.accounts.drop();
      },
    );
  }

  async start(): Promise<void> {
    await this.bus.start();
  }

  /** The credential cached under `key`, or what `load` finds (undefined: none, not cached). */
  credential(key: string, load: () => Promise<Credential | undefined>): Promise<Credential | undefined> {
    return this.credentials.get(key, load);
  }

  /**
   * A per-user snapshot (the account row and what is derived from it, e.g.
   * effective penalties) kept under the same invalidation as credentials, so
   * hot reads such as /api/me cost no database round trip.
   */
  account<T>(userId: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
    return this.accounts.get(userId, load) as Promise<T | undefined>;
  }

  /** Drops every cached credential and the account snapshot of a user on every node. */
  async invalidateUser(userId: number): Promise<void> {
    this.dropUser(userId);
    await this.bus.send(JSON.stringify({ user: userId } satisfies Invalidation));
  }

  /** Drops one cached credential on every node. */
  async invalidateEntry(key: string): Promise<void> {
    this.credentials.dropKey(key);
    await this.bus.send(JSON.stringify({ entry: key } satisfies Invalidation));
  }

  private dropUser(userId: number): void {
    this.accounts.dropKey(userId);
    this.credentials.drop((_, c) => c.identity.userId === userId);
  }
}
