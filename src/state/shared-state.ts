/**
 * State that must hold across every node of a cluster: short-lived secrets
 * (2FA challenges, OAuth states), counters (login lockout, API-key windows),
 * presence, and a small pub/sub bus for cache invalidation. Embedded mode keeps
 * it in process; cluster mode keeps it in Redis. Expiry decisions use the
 * injected clock; Redis TTLs only collect garbage.
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** Stores `value` under `key` until `ttlMs` from now. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Atomically reads and deletes: a value can be taken once (single-use secrets). */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /**
   * Counts one hit in the fixed window `windowMs` that contains now, unless the
   * window already holds `limit` hits: then returns `{allowed:false}` and the
   * rejected hit is not counted.
   */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; count: number; resetMs: number }>;
  /**
   * Takes up to `want` of the `limit` hits of the fixed window `windowMs` that contains now (the
   * window's number, `floor(now / windowMs)`, is returned): `granted` may be fewer, 0 when the
   * window is full. Like `hit`, refused hits are not counted.
   */
  reserve(key: string, want: number, limit: number, windowMs: number): Promise<{ granted: number; count: number; window: number; resetMs: number }>;
  /**
   * Token bucket `key`, refilled at `ratePerSec` and holding at most `burst` tokens (full when new):
   * takes one token, or refuses and says in how many ms one will be there. Atomic across nodes.
   */
  takeToken(key: string, ratePerSec: number, burst: number): Promise<{ allowed: boolean; retryMs: number }>;
  /** Increments a counter that lives `ttlMs`; returns the new value. */
  incr(key: string, ttlMs: number): Promise<number>;
  /**
   * Reserves one attempt under `key` for one of its parts (`part`), atomically: refused (and not
   * counted) while `key` holds `limit` attempts; else counted in the key and in the part, and the
   * key lives `ttlMs` from now. A reserved attempt stays counted (a failure) unless forgiven.
   */
  attempt(key: string, part: string, limit: number, ttlMs: number): Promise<{ allowed: boolean; count: number; retryMs: number }>;
  /** Removes from `key` every attempt counted for these parts (a success), or, with `one`, one attempt of the first part. */
  forgive(key: string, parts: readonly string[], one?: boolean): Promise<void>;
  /** Milliseconds until `key` holds fewer than `limit` attempts; 0 when it does now. */
  attemptsBlocked(key: string, limit: number): Promise<number>;
  /**
   * Sends `message` to every subscription of `channel`, on every node. No receiver count: Redis
   * Cluster's covers only one Redis node's subscribers; a roll says who listens (AckedChannel).
   */
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  /**
   * Enters `member` in the roll `key` until this state closes (it then leaves it): recorded now
   * and again every third of `withinMs`, by the store's clock, not the injected one (a roll is
   * about processes being alive).
   */
  joinRoll(key: string, member: string, withinMs: number): Promise<void>;
  /** The members of roll `key` recorded within the last `withinMs` (by the store's clock). */
  roll(key: string, withinMs: number): Promise<string[]>;
  readonly presence: PresenceStore;
  /**
   * Called each time the connection to the shared store comes back after it was lost (never in
   * embedded mode). What was published meanwhile was not received, and what this node could not
   * write meanwhile (presence) is missing: listeners drop caches and write again.
   */
  onReconnect(listener: () => void): void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface LiveStatus {
  invisible: boolean;
  away: boolean;
}

export interface PresenceInfo {
  /** At least one connection anywhere in the cluster. */
  connected: boolean;
  platforms: string[];
  status: LiveStatus | null;
}

/** Connections per user across the cluster; connection ids are unique per node. */
export interface PresenceStore {
  /** Records a connection; true when it is the user's first (the user came online). */
  add(userId: number, connId: string, platform: string): Promise<boolean>;
  /** Removes a connection; true when it was the user's last (the user went offline). */
  remove(userId: number, connId: string): Promise<boolean>;
  /** Presence of many users in one round trip. */
  get(userIds: readonly number[]): Promise<Map<number, PresenceInfo>>;
  /** The distinct platforms one user is connected from (empty: offline), without the live status. */
  platforms(userId: number): Promise<string[]>;
  /** Live status override while connected; cleared when the last connection closes. */
  setStatus(userId: number, status: LiveStatus): Promise<void>;
  /**
   * Clears connections of nodes that stopped heartbeating (crashed), returning
   * the users that went offline as a result. Called periodically by every node.
   */
  sweep(): Promise<number[]>;
  /** Marks this node alive. */
  heartbeat(): Promise<void>;
  /**
   * Makes this node's recorded connections exactly `live` (after the store was unreachable, or
   * came back empty); returns the users that came online and went offline through it.
   */
  resync(live: readonly LiveConnection[]): Promise<{ online: number[]; offline: number[] }>;
}

/** One connection held by this node. */
export interface LiveConnection {
  userId: number;
  connId: string;
  platform: string;
}
