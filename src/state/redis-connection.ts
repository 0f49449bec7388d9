import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { DependencyUnavailable } from '../errors.ts';
import { parseRedisUrl, type RedisTopology } from './redis-url.ts';

/** A connection to Redis, whatever the topology: one server (possibly found through Sentinel) or a Redis Cluster. */
export type RedisClient = Redis | Cluster;

/**
 * What a connection is for, which decides how long a command waits while Redis is unreachable:
 * - `commands`: a request's own commands (state, rate limits, presence, enqueueing a job). A
 *   command sent while the connection is down waits for a reconnection for up to about three
 *   attempts (one to three seconds), then fails, and the request answers 503 `api.unavailable`.
 * - `subscriber`: subscriptions. Nothing is ever dropped; ioredis subscribes again after a
 *   reconnection, and an (un)subscribe issued meanwhile is sent once it is back.
 * - `publisher`: the Socket.IO adapter's publishes. They are held for about ten reconnection
 *   attempts (roughly ten seconds), so a short outage delays cross-node delivery without losing it;
 *   after that they are dropped and clients catch up through the history (an idx gap).
 * - `blocking`: BullMQ workers' blocking reads (BullMQ requires that they never give up).
 */
export type RedisRole = 'commands' | 'subscriber' | 'publisher' | 'blocking';

/** A lost connection is retried after 100, 200, … ms, then every second: back within a second of Redis. */
const RECONNECT_STEP_MS = 100;
const RECONNECT_MAX_MS = 1_000;
const reconnectDelay = (attempt: number) => Math.min(attempt * RECONNECT_STEP_MS, RECONNECT_MAX_MS);

/** A command with no answer for this long fails (a Redis that accepts connections but hangs). */
const COMMAND_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;

const MAX_RETRIES: Record<RedisRole, number | null> = { commands: 2, subscriber: null, publisher: 10, blocking: null };

export interface ConnectOptions {
  /** Names the client in logs and in Redis' CLIENT LIST. */
  name: string;
  /** Sends the commands of one event-loop turn in one write (the adapter's publishes, state). */
  autoPipelining?: boolean;
}

/**
 * The one place Redis clients are made: shared state, the Socket.IO adapter, BullMQ and tus all
 * connect through it, with reconnection and timeout settings that fit the client's role, whatever
 * the topology. Connection errors are logged once per outage (ioredis reports every failed attempt).
 */
export class RedisConnector {
  readonly topology: RedisTopology;

  constructor(
    url: string,
    private readonly log: Logger,
  ) {
    this.topology = parseRedisUrl(url);
  }

  get isCluster(): boolean {
    return this.topology.kind === 'cluster';
  }

  connect(role: RedisRole, opts: ConnectOptions): RedisClient {
    const client = this.create(role, opts);
    let down = false;
    client.on('error', (err: Error) => {
      if (down) return;
      down = true;
      this.log.warn({ err, redis: opts.name }, 'redis connection lost; reconnecting');
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      this.log.info({ redis: opts.name }, 'redis connection restored');
    });
    return client;
  }

  private create(role: RedisRole, opts: ConnectOptions): RedisClient {
    const perConnection: RedisOptions = {
      connectionName: opts.name,
      connectTimeout: CONNECT_TIMEOUT_MS,
      keepAlive: 10_000,
      maxRetriesPerRequest: MAX_RETRIES[role],
      ...(role === 'commands' ? { commandTimeout: COMMAND_TIMEOUT_MS } : {}),
    };
    const t = this.topology;
    if (t.kind === 'single') {
      return new Redis(t.url, { ...perConnection, retryStrategy: reconnectDelay, enableAutoPipelining: opts.autoPipelining ?? false });
    }
    const auth = { ...(t.username ? { username: t.username } : {}), ...(t.password ? { password: t.password } : {}) };
    if (t.kind === 'sentinel') {
      return new Redis({
        ...perConnection,
        ...auth,
        sentinels: t.sentinels,
        name: t.name,
        db: t.db,
        ...(t.sentinelPassword ? { sentinelPassword: t.sentinelPassword } : {}),
        ...(t.tls ? { tls: {}, sentinelTLS: {}, enableTLSForSentinelMode: true } : {}),
        retryStrategy: reconnectDelay,
        sentinelRetryStrategy: reconnectDelay,
        enableAutoPipelining: opts.autoPipelining ?? false,
      });
    }
    const options: ClusterOptions = {
      redisOptions: { ...perConnection, ...auth, ...(t.tls ? { tls: {} } : {}) },
      clusterRetryStrategy: reconnectDelay,
      enableAutoPipelining: opts.autoPipelining ?? false,
      // Sharded pub/sub (the Socket.IO adapter): one subscriber connection per shard, each
      // SSUBSCRIBE sent to the node that owns the channel's slot.
      ...(role === 'subscriber' ? { shardedSubscribers: true } : {}),
    };
    return new Cluster(t.nodes, options);
  }
}

/**
 * A Redis Cluster runs a multi-key command or script only when all its keys are in one hash slot:
 * keys that go together share a hash tag, the part between braces (`{chat:pres}:u:1`). Used for
 * every such group whatever the topology, so one key layout serves all three.
 */
export const hashTag = (name: string): string => `{${name}}`;

/** Error replies that mean "not now" (a server loading its data, a cluster or failover in progress), not a bad command. */
const TRANSIENT_REPLY = /^(LOADING|CLUSTERDOWN|TRYAGAIN|MASTERDOWN|READONLY|BUSY|NOREPLICAS)\b/;

/**
 * A failed Redis call as the rest of the server sees it: a connection that is down, timed out or
 * gave up (or a transient error reply) becomes DependencyUnavailable('redis'); an error reply to
 * the command itself stays what it is (a bug to log, not an outage).
 */
export function redisFailure(err: unknown): unknown {
  if (!(err instanceof Error) || err instanceof DependencyUnavailable) return err;
  if (err.name === 'ReplyError' && !TRANSIENT_REPLY.test(err.message)) return err;
  return new DependencyUnavailable('redis', err);
}

/** Awaits a Redis call, translating its failure with `redisFailure`. */
export async function viaRedis<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    throw redisFailure(err);
  }
}
