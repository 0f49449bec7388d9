import { EventEmitter } from 'node:events';
import type { Clock } from '../lib/clock.ts';
import type { LiveStatus, PresenceInfo, PresenceStore, SharedState } from './shared-state.ts';

interface Entry {
  value: string;
  expires: number;
}

/** Single-process shared state (embedded mode). */
export class MemoryState implements SharedState {
  readonly kind = 'memory' as const;
  private readonly kv = new Map<string, Entry>();
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly bus = new EventEmitter();
  private readonly rolls = new Map<string, Set<string>>();
  readonly presence: MemoryPresence;
  private readonly gcTimer: NodeJS.Timeout;

  constructor(private readonly clock: Clock) {
    this.presence = new MemoryPresence();
    this.bus.setMaxListeners(0);
    this.gcTimer = setInterval(() => this.collect(), 60_000);
    this.gcTimer.unref();
  }

  private live(key: string): Entry | undefined {
    const e = this.kv.get(key);
    if (!e) return undefined;
    if (e.expires <= this.clock.now()) {
      this.kv.delete(key);
      return undefined;
    }
    return e;
  }

  private collect(): void {
    const now = this.clock.now();
    for (const [k, e] of this.kv) if (e.expires <= now) this.kv.delete(k);
    for (const [k, b] of this.buckets) if (b.full <= now) this.buckets.delete(k);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.kv.set(key, { value, expires: this.clock.now() + ttlMs });
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async take(key: string): Promise<string | null> {
    const e = this.live(key);
    this.kv.delete(key);
    return e?.value ?? null;
  }

  async del(key: string): Promise<void> {
    this.kv.delete(key);
  }

  async hit(key: string, limit: number, windowMs: number) {
    const { granted, count, resetMs } = await this.reserve(key, 1, limit, windowMs);
    return { allowed: granted === 1, count, resetMs };
  }

  async reserve(key: string, want: number, limit: number, windowMs: number) {
    const now = this.clock.now();
    const window = Math.floor(now / windowMs);
    const resetMs = (window + 1) * windowMs - now;
    const k = `${key}:${window}`;
    const count = Number(this.live(k)?.value ?? 0);
    const granted = Math.max(0, Math.min(want, limit - count));
    if (granted > 0) this.kv.set(k, { value: String(count + granted), expires: now + resetMs });
    return { granted, count: count + granted, window, resetMs };
  }

  async takeToken(key: string, ratePerSec: number, burst: number) {
    const bucket = this.buckets.get(key) ?? new TokenBucket(burst, this.clock.now());
    this.buckets.set(key, bucket);
    return bucket.take(this.clock.now(), ratePerSec / 1000, burst);
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    const e = this.live(key);
    const next = Number(e?.value ?? 0) + 1;
    this.kv.set(key, { value: String(next), expires: e?.expires ?? this.clock.now() + ttlMs });
    return next;
  }

  private attempts(key: string): { n: number; parts: Record<string, number> } {
    const raw = this.live(key)?.value;
    return raw ? (JSON.parse(raw) as { n: number; parts: Record<string, number> }) : { n: 0, parts: {} };
  }

  async attempt(key: string, part: string, limit: number, ttlMs: number) {
    const now = this.clock.now();
    const a = this.attempts(key);
    if (a.n >= limit) return { allowed: false, count: a.n, retryMs: (this.kv.get(key)?.expires ?? now) - now };
    a.n += 1;
    a.parts[part] = (a.parts[part] ?? 0) + 1;
    this.kv.set(key, { value: JSON.stringify(a), expires: now + ttlMs });
    return { allowed: true, count: a.n, retryMs: ttlMs };
  }

  async forgive(key: string, parts: readonly string[], one = false): Promise<void> {
    const e = this.live(key);
    if (!e) return;
    const a = this.attempts(key);
    for (const p of one ? parts.slice(0, 1) : parts) {
      const take = Math.min(a.parts[p] ?? 0, one ? 1 : Number.MAX_SAFE_INTEGER);
      a.n -= take;
      if ((a.parts[p] ?? 0) - take > 0) a.parts[p] = (a.parts[p] ?? 0) - take;
      else delete a.parts[p];
    }
    if (a.n <= 0) this.kv.delete(key);
    else e.value = JSON.stringify(a);
  }

  async attemptsBlocked(key: string, limit: number): Promise<number> {
    const e = this.live(key);
    return e && this.attempts(key).n >= limit ? e.expires - this.clock.now() : 0;
  }

  async publish(channel: string, message: string): Promise<void> {
    this.bus.emit(channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    this.bus.on(channel, handler);
  }

  /** One process: a member stays until the state closes. */
  async joinRoll(key: string, member: string): Promise<void> {
    const members = this.rolls.get(key) ?? new Set<string>();
    members.add(member);
    this.rolls.set(key, members);
  }

  async roll(key: string): Promise<string[]> {
    return [...(this.rolls.get(key) ?? [])];
  }

  /** One process: the state is never out of reach. */
  onReconnect(): void {}

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.gcTimer);
    this.bus.removeAllListeners();
    this.rolls.clear();
  }
}

/** The in-process token bucket (the Redis one is the TAKE_TOKEN script, same arithmetic). */
class TokenBucket {
  /** When the bucket is full again (it can then be forgotten: a new one starts full). */
  full = 0;

  constructor(
    private tokens: number,
    private ts: number,
  ) {}

  take(now: number, perMs: number, burst: number): { allowed: boolean; retryMs: number } {
    if (now > this.ts) {
      this.tokens = Math.min(burst, this.tokens + (now - this.ts) * perMs);
      this.ts = now;
    }
    if (this.tokens < 1) return { allowed: false, retryMs: Math.ceil((1 - this.tokens) / perMs) };
    this.tokens -= 1;
    this.full = this.ts + (burst - this.tokens) / perMs;
    return { allowed: true, retryMs: 0 };
  }
}

/** The platforms of a user's connections (connection id → platform), each once. */
const distinctPlatforms = (conns: Map<string, string> | undefined): string[] => (conns ? [...new Set(conns.values())] : []);

class MemoryPresence implements PresenceStore {
  private readonly conns = new Map<number, Map<string, string>>();
  private readonly status = new Map<number, LiveStatus>();

  async add(userId: number, connId: string, platform: string): Promise<boolean> {
    let m = this.conns.get(userId);
    if (!m) {
      m = new Map();
      this.conns.set(userId, m);
    }
    m.set(connId, platform);
    return m.size === 1;
  }

  async remove(userId: number, connId: string): Promise<boolean> {
    const m = this.conns.get(userId);
    if (!m?.delete(connId)) return false;
    if (m.size > 0) return false;
    this.conns.delete(userId);
    this.status.delete(userId);
    return true;
  }

  async get(userIds: readonly number[]): Promise<Map<number, PresenceInfo>> {
    const out = new Map<number, PresenceInfo>();
    for (const id of userIds) {
      const m = this.conns.get(id);
      out.set(id, {
        connected: !!m && m.size > 0,
        platforms: distinctPlatforms(m),
        status: this.status.get(id) ?? null,
      });
    }
    return out;
  }

  async platforms(userId: number): Promise<string[]> {
    return distinctPlatforms(this.conns.get(userId));
  }

  async setStatus(userId: number, status: LiveStatus): Promise<void> {
    if (this.conns.has(userId)) this.status.set(userId, status);
  }

  async sweep(): Promise<number[]> {
    return [];
  }

  async heartbeat(): Promise<void> {}

  /** Never needed (nothing is ever out of reach); recorded connections stay as they are. */
  async resync(): Promise<{ online: number[]; offline: number[] }> {
    return { online: [], offline: [] };
  }
}
