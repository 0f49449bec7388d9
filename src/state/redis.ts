import type { Clock } from '../lib/clock.ts';
import { hashTag, type RedisClient, type RedisConnector, viaRedis } from './redis-connection.ts';
import type { LiveConnection, LiveStatus, PresenceInfo, PresenceStore, SharedState } from './shared-state.ts';

/**
 * Takes up to ARGV[1] of the ARGV[2] hits of a fixed window (rejected hits are not counted), one
 * round trip, atomic. Returns {granted, count after}. ARGV[3]: the key's TTL.
 */
const RESERVE = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
local grant = math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - c)
if grant <= 0 then return {0, c} end
c = redis.call('INCRBY', KEYS[1], grant)
if c == grant then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {grant, c}`;

/**
 * Token bucket in one hash (tokens, time of the last refill), one round trip, atomic.
 * ARGV: tokens per ms, burst, now (the injected clock), ttl. A node whose clock is behind the
 * last refill time refills nothing. Returns {1, 0} or {0, ms until a token is there}.
 */
const TAKE_TOKEN = `
local perMs, burst, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local v = redis.call('HMGET', KEYS[1], 't', 'ts')
local tokens, ts = tonumber(v[1]) or burst, tonumber(v[2]) or now
if now > ts then
  tokens = math.min(burst, tokens + (now - ts) * perMs)
  ts = now
end
if tokens < 1 then return {0, math.ceil((1 - tokens) / perMs)} end
redis.call('HSET', KEYS[1], 't', tostring(tokens - 1), 'ts', tostring(ts))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {1, 0}`;

const INCR_TTL = `
local v = redis.call('INCR', KEYS[1])
if v == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return v`;

/**
 * Attempts (login lockout): one hash per key, `n` the attempts counted, `exp` when they lapse
 * (injected clock, ARGV[1]), `p:<part>` the attempts of each part. One key, so one slot on a
 * Redis Cluster. ATTEMPT: ARGV = now, limit, ttl, part.
 */
const ATTEMPT = `
local now = tonumber(ARGV[1])
local exp = tonumber(redis.call('HGET', KEYS[1], 'exp') or '0')
if exp <= now then redis.call('DEL', KEYS[1]) end
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
if n >= tonumber(ARGV[2]) then return {0, n, exp - now} end
n = redis.call('HINCRBY', KEYS[1], 'n', 1)
redis.call('HINCRBY', KEYS[1], 'p:' .. ARGV[4], 1)
redis.call('HSET', KEYS[1], 'exp', now + tonumber(ARGV[3]))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) + 60000)
return {1, n, tonumber(ARGV[3])}`;

/** ARGV = now, one (1: a single attempt of the first part), parts... */
const FORGIVE = `
local exp = tonumber(redis.call('HGET', KEYS[1], 'exp') or '0')
if exp <= tonumber(ARGV[1]) then redis.call('DEL', KEYS[1]) return 0 end
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local last = #ARGV
if ARGV[2] == '1' then last = 3 end
for i = 3, last do
  local f = 'p:' .. ARGV[i]
  local have = tonumber(redis.call('HGET', KEYS[1], f) or '0')
  local take = have
  if ARGV[2] == '1' and take > 1 then take = 1 end
  n = n - take
  if have - take > 0 then redis.call('HSET', KEYS[1], f, have - take) else redis.call('HDEL', KEYS[1], f) end
end
if n <= 0 then redis.call('DEL', KEYS[1]) else redis.call('HSET', KEYS[1], 'n', n) end
return n`;

/**
 * Presence layout: per user a hash of connections (`<node>|<conn>` → platform),
 * per node a set of its connections (for the crash sweep), and two shared
 * hashes read by lists: `agg` (user id → comma-joined distinct platforms, only
 * while connected) and `st` (user id → live status JSON). A list of any size
 * is then two HMGETs.
 */
const REFRESH_AGG = `
local function refresh(userHash, aggHash, statusHash, uid)
  local vals = redis.call('HVALS', userHash)
  if #vals == 0 then
    redis.call('HDEL', aggHash, uid)
    redis.call('HDEL', statusHash, uid)
    return 0
  end
  local seen, list = {}, {}
  for _, v in ipairs(vals) do
    if not seen[v] then seen[v] = true; list[#list + 1] = v end
  end
  redis.call('HSET', aggHash, uid, table.concat(list, ','))
  return #vals
end
`;

/** KEYS: user hash, node set, agg hash, status hash. ARGV: field, platform, node-set member, user id. Returns the connection count. */
const PRESENCE_ADD = `${REFRESH_AGG}
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
return refresh(KEYS[1], KEYS[3], KEYS[4], ARGV[4])`;

/** KEYS: user hash, node set, agg hash, status hash. ARGV: field, node-set member, user id. Returns 1 when the last connection went. */
const PRESENCE_REMOVE = `${REFRESH_AGG}
local removed = redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('SREM', KEYS[2], ARGV[2])
if removed == 0 then return 0 end
if refresh(KEYS[1], KEYS[3], KEYS[4], ARGV[3]) == 0 then return 1 end
return 0`;

/**
 * Rolls: a sorted set of members scored by Redis' clock (TIME: every node reads one clock). ROLL_JOIN
 * records ARGV[1] now and drops members silent for twice ARGV[2] ms; ROLL_READ answers the members
 * recorded within the last ARGV[1] ms.
 */
const ROLL_NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;
const ROLL_JOIN = `${ROLL_NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 2 * tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], 2 * tonumber(ARGV[2]))
return 1`;
const ROLL_READ = `${ROLL_NOW}
return redis.call('ZRANGEBYSCORE', KEYS[1], now - tonumber(ARGV[1]), '+inf')`;
/** Each script with the number of keys it takes (the first arguments of every call). */
const SCRIPTS = {
  RESERVE: [RESERVE, 1],
  TAKE_TOKEN: [TAKE_TOKEN, 1],
  INCR_TTL: [INCR_TTL, 1],
  ATTEMPT: [ATTEMPT, 1],
  FORGIVE: [FORGIVE, 1],
  PRESENCE_ADD: [PRESENCE_ADD, 4],
  PRESENCE_REMOVE: [PRESENCE_REMOVE, 4],
  ROLL_JOIN: [ROLL_JOIN, 1],
  ROLL_READ: [ROLL_READ, 1],
} as const;
type ScriptName = keyof typeof SCRIPTS;

/**
 * Makes the scripts commands of a client, run by their SHA1 (EVALSHA; ioredis sends a body only to
 * a connection that does not have it yet) instead of sending and hashing the whole text with every
 * call: rate windows and presence run per request and per connection. Done before the client's
 * first command: ioredis breaks an auto-pipeline that is being filled when a command is defined
 * meanwhile (its issue #1931). The key count is declared, not passed: an auto-pipelining Redis
 * Cluster client routes a custom command by its first argument, which must then be the key.
 */
function defineScripts(redis: RedisClient): void {
  for (const [name, [lua, numberOfKeys]] of Object.entries(SCRIPTS)) redis.defineCommand(`chat${name}`, { lua, numberOfKeys });
}

/** Runs a script: its keys first, then its arguments. */
function runScript(redis: RedisClient, name: ScriptName, ...keysAndArgs: Array<string | number>): Promise<unknown> {
  const command = (redis as unknown as Record<string, (...a: Array<string | number>) => Promise<unknown>>)[`chat${name}`]!;
  return command.apply(redis, keysAndArgs);
}

/** Expiry is kept in the value so that the injected clock decides it; the Redis TTL only collects garbage. */
function pack(value: string, expires: number): string {
  return `${expires}|${value}`;
}

function unpack(raw: string | null, now: number): string | null {
  if (raw === null) return null;
  const bar = raw.indexOf('|');
  return Number(raw.slice(0, bar)) > now ? raw.slice(bar + 1) : null;
}

/**
 * Shared state in Redis (cluster mode). Every key and channel carries the configured prefix; keys
 * that one script touches together share a hash tag (Redis Cluster). A failed call throws
 * DependencyUnavailable('redis') when the connection is the cause.
 */
export class RedisState implements SharedState {
  readonly kind = 'redis' as const;
  readonly presence: RedisPresence;
  private sub: RedisClient | undefined;
  private readonly handlers = new Map<string, Array<(m: string) => void>>();
  private readonly reconnectListeners: Array<() => void> = [];
  /** The rolls this node has joined, each re-entered by its timer. */
  private readonly rolls: Array<{ key: string; member: string; timer: NodeJS.Timeout }> = [];
  /** Set when a connection that had been ready was lost; cleared (and listeners told) once all are ready again. */
  private lost = false;

  constructor(
    readonly redis: RedisClient,
    private readonly newSubscriber: () => RedisClient,
    private readonly prefix: string,
    private readonly clock: Clock,
    nodeId: string,
    /** A node that has not heartbeaten for this long is taken as crashed (PRESENCE_TIMEOUT_MS). */
    nodeTimeoutMs: number,
  ) {
    defineScripts(redis);
    this.presence = new RedisPresence(redis, `${hashTag(`${prefix}pres`)}:`, nodeId, nodeTimeoutMs);
    this.watch(redis);
  }

  static connect(connector: RedisConnector, prefix: string, clock: Clock, nodeId: string, nodeTimeoutMs: number): RedisState {
    const redis = connector.connect('commands', { name: 'state', autoPipelining: true });
    return new RedisState(redis, () => connector.connect('subscriber', { name: 'state-sub' }), prefix, clock, nodeId, nodeTimeoutMs);
  }

  /** Tells the listeners when every connection is ready again after one was lost (see SharedState.onReconnect). */
  private watch(client: RedisClient): void {
    let wasReady = false;
    client.on('ready', () => {
      wasReady = true;
      if (!this.lost || this.redis.status !== 'ready' || (this.sub && this.sub.status !== 'ready')) return;
      this.lost = false;
      this.presence.reconnectedAt = Date.now();
      for (const l of this.reconnectListeners) l();
    });
    client.on('close', () => {
      if (wasReady) this.lost = true;
    });
  }

  onReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await viaRedis(this.redis.set(this.k(key), pack(value, this.clock.now() + ttlMs), 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async get(key: string): Promise<string | null> {
    return unpack(await viaRedis(this.redis.get(this.k(key))), this.clock.now());
  }

  async take(key: string): Promise<string | null> {
    return unpack(await viaRedis(this.redis.getdel(this.k(key))), this.clock.now());
  }

  async del(key: string): Promise<void> {
    await viaRedis(this.redis.del(this.k(key)));
  }

  async hit(key: string, limit: number, windowMs: number) {
    const { granted, count, resetMs } = await this.reserve(key, 1, limit, windowMs);
    return { allowed: granted === 1, count, resetMs };
  }

  async reserve(key: string, want: number, limit: number, windowMs: number) {
    const now = this.clock.now();
    const window = Math.floor(now / windowMs);
    const resetMs = (window + 1) * windowMs - now;
    const [granted, count] = (await viaRedis(runScript(this.redis, 'RESERVE', this.k(`${key}:${window}`), want, limit, resetMs + 1000))) as [
      number,
      number,
    ];
    return { granted, count, window, resetMs };
  }

  async takeToken(key: string, ratePerSec: number, burst: number) {
    const perMs = ratePerSec / 1000;
    // Once full again the bucket may vanish: a missing bucket is a full one.
    const ttl = Math.ceil(burst / perMs) + 1000;
    const [allowed, retryMs] = (await viaRedis(
      runScript(this.redis, 'TAKE_TOKEN', this.k(key), String(perMs), burst, this.clock.now(), ttl),
    )) as [number, number];
    return { allowed: allowed === 1, retryMs };
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    return (await viaRedis(runScript(this.redis, 'INCR_TTL', this.k(key), Math.ceil(ttlMs)))) as number;
  }

  async attempt(key: string, part: string, limit: number, ttlMs: number) {
    const ttl = Math.ceil(ttlMs);
    const [allowed, count, retryMs] = (await viaRedis(
      runScript(this.redis, 'ATTEMPT', this.k(key), this.clock.now(), limit, ttl, part),
    )) as [number, number, number];
    return { allowed: allowed === 1, count, retryMs };
  }

  async forgive(key: string, parts: readonly string[], one = false): Promise<void> {
    if (parts.length === 0) return;
    await viaRedis(runScript(this.redis, 'FORGIVE', this.k(key), this.clock.now(), one ? '1' : '0', ...parts));
  }

  async attemptsBlocked(key: string, limit: number): Promise<number> {
    const [n, exp] = await viaRedis(this.redis.hmget(this.k(key), 'n', 'exp'));
    const left = Number(exp ?? 0) - this.clock.now();
    return left > 0 && Number(n ?? 0) >= limit ? left : 0;
  }

  async publish(channel: string, message: string): Promise<void> {
    await viaRedis(this.redis.publish(this.k(channel), message));
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    if (!this.sub) {
      const sub = this.newSubscriber();
      this.sub = sub;
      this.watch(sub);
      sub.on('message', (ch: string, msg: string) => {
        for (const h of this.handlers.get(ch) ?? []) h(msg);
      });
    }
    const full = this.k(channel);
    const list = this.handlers.get(full);
    if (list) list.push(handler);
    else {
      this.handlers.set(full, [handler]);
      await viaRedis(this.sub.subscribe(full));
    }
  }

  async ping(): Promise<boolean> {
    // Not connected: say so at once rather than wait for a reconnection attempt.
    if (this.redis.status !== 'ready' || (this.sub && this.sub.status !== 'ready')) return false;
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async joinRoll(key: string, member: string, withinMs: number): Promise<void> {
    const enter = () => viaRedis(runScript(this.redis, 'ROLL_JOIN', this.k(key), member, withinMs));
    await enter();
    const timer = setInterval(() => enter().catch(() => {}), Math.max(1, Math.floor(withinMs / 3)));
    timer.unref();
    this.rolls.push({ key, member, timer });
  }

  async roll(key: string, withinMs: number): Promise<string[]> {
    return (await viaRedis(runScript(this.redis, 'ROLL_READ', this.k(key), withinMs))) as string[];
  }

  async close(): Promise<void> {
    // Leaving the rolls at once spares the other nodes waiting for this one until it is forgotten.
    const rolls = this.rolls.splice(0);
    for (const r of rolls) clearInterval(r.timer);
    await Promise.race([
      Promise.allSettled(rolls.map((r) => this.redis.zrem(this.k(r.key), r.member))),
      new Promise((resolve) => setTimeout(resolve, 500).unref()),
    ]);
    this.sub?.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

class RedisPresence implements PresenceStore {
  /** When the connection to Redis last came back after an outage (0: never lost). */
  reconnectedAt = 0;

  constructor(
    private readonly redis: RedisClient,
    private readonly p: string,
    private readonly nodeId: string,
    private readonly nodeTimeoutMs: number,
  ) {}

  private userKey = (id: number) => `${this.p}u:${id}`;
  private nodeKey = (node: string) => `${this.p}n:${node}`;
  private nodesKey = () => `${this.p}nodes`;
  private aggKey = () => `${this.p}agg`;
  private statusKey = () => `${this.p}st`;

  async add(userId: number, connId: string, platform: string): Promise<boolean> {
    const n = (await viaRedis(
      runScript(
        this.redis,
        'PRESENCE_ADD',
        this.userKey(userId),
        this.nodeKey(this.nodeId),
        this.aggKey(),
        this.statusKey(),
        `${this.nodeId}|${connId}`,
        platform,
        `${userId}|${connId}`,
        userId,
      ),
    )) as number;
    return n === 1;
  }

  async remove(userId: number, connId: string): Promise<boolean> {
    return this.removeFor(this.nodeId, userId, connId);
  }

  private async removeFor(node: string, userId: number, connId: string): Promise<boolean> {
    const r = (await viaRedis(
      runScript(
        this.redis,
        'PRESENCE_REMOVE',
        this.userKey(userId),
        this.nodeKey(node),
        this.aggKey(),
        this.statusKey(),
        `${node}|${connId}`,
        `${userId}|${connId}`,
        userId,
      ),
    )) as number;
    return r === 1;
  }

  async get(userIds: readonly number[]): Promise<Map<number, PresenceInfo>> {
    const out = new Map<number, PresenceInfo>();
    if (userIds.length === 0) return out;
    const [agg, status] = await viaRedis(
      Promise.all([this.redis.hmget(this.aggKey(), ...userIds.map(String)), this.redis.hmget(this.statusKey(), ...userIds.map(String))]),
    );
    userIds.forEach((id, i) => {
      const platforms = agg[i] ? agg[i].split(',') : [];
      const raw = status[i];
      out.set(id, {
        connected: platforms.length > 0,
        platforms,
        status: platforms.length > 0 && raw ? (JSON.parse(raw) as LiveStatus) : null,
      });
    });
    return out;
  }

  async platforms(userId: number): Promise<string[]> {
    const agg = await viaRedis(this.redis.hget(this.aggKey(), String(userId)));
    return agg ? agg.split(',') : [];
  }

  async setStatus(userId: number, status: LiveStatus): Promise<void> {
    await viaRedis(this.redis.hset(this.statusKey(), String(userId), JSON.stringify(status)));
  }

  async heartbeat(): Promise<void> {
    await viaRedis(this.redis.zadd(this.nodesKey(), Date.now(), this.nodeId));
  }

  async sweep(): Promise<number[]> {
    // Just back from an outage, every other node looks silent because nobody could heartbeat:
    // give them a full timeout to do so before taking any of them for crashed.
    if (Date.now() - this.reconnectedAt < this.nodeTimeoutMs) return [];
    const dead = await viaRedis(this.redis.zrangebyscore(this.nodesKey(), '-inf', Date.now() - this.nodeTimeoutMs));
    const offline: number[] = [];
    for (const node of dead) {
      if (node === this.nodeId) continue;
      // One sweeper per dead node across the cluster.
      const claimed = await viaRedis(this.redis.set(`${this.p}sweep:${node}`, this.nodeId, 'PX', 10_000, 'NX'));
      if (claimed !== 'OK') continue;
      const members = await viaRedis(this.redis.smembers(this.nodeKey(node)));
      for (const m of members) {
        const bar = m.indexOf('|');
        const userId = Number(m.slice(0, bar));
        if (await this.removeFor(node, userId, m.slice(bar + 1))) offline.push(userId);
      }
      await viaRedis(this.redis.del(this.nodeKey(node)));
      await viaRedis(this.redis.zrem(this.nodesKey(), node));
    }
    return offline;
  }

  async resync(live: readonly LiveConnection[]): Promise<{ online: number[]; offline: number[] }> {
    await this.heartbeat();
    const wanted = new Set(live.map((c) => `${c.userId}|${c.connId}`));
    const online: number[] = [];
    const offline: number[] = [];
    // Connections that closed while Redis could not be told (Redis kept its data).
    for (const m of await viaRedis(this.redis.smembers(this.nodeKey(this.nodeId)))) {
      if (wanted.has(m)) continue;
      const bar = m.indexOf('|');
      const userId = Number(m.slice(0, bar));
      if (await this.removeFor(this.nodeId, userId, m.slice(bar + 1))) offline.push(userId);
    }
    // Connections opened meanwhile, and all of them when Redis came back empty (adding is idempotent).
    const users = [...new Set(live.map((c) => c.userId))];
    const before = await this.get(users);
    await Promise.all(live.map((c) => this.add(c.userId, c.connId, c.platform)));
    for (const id of users) if (!before.get(id)?.connected) online.push(id);
    return { online, offline };
  }
}
