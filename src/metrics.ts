import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus instruments of one node, served at `GET /metrics`.
 *
 * Each node owns its registry (not prom-client's global one): the test harness
 * runs two nodes in one process, and each must report only its own traffic.
 * Modules reach the instruments through `ctx.metrics`; collectors that read a
 * value at scrape time (sockets, pool, queue depth) are plugged in with the
 * `watch*` methods so this module knows neither Socket.IO, pg nor the queue library.
 */

/** Message kinds, a closed set so labels stay few. */
export type MessageKind = 'group' | 'dm';

/** Job counts of one queue at scrape time; absent states are not reported. */
export type QueueDepth = Partial<Record<'waiting' | 'active' | 'delayed' | 'failed', number>>;

/** Connection counts of a database pool at scrape time. */
export interface PoolUsage {
  total: number;
  idle: number;
  waiting: number;
}

/** A pool's counts as one sample per state, beside the given labels. */
function setPoolStates<L extends string>(gauge: Gauge<L | 'state'>, labels: Partial<Record<L, string>>, usage: PoolUsage): void {
  for (const state of ['total', 'idle', 'waiting'] as const) gauge.set({ ...labels, state } as Partial<Record<L | 'state', string>>, usage[state]);
}

/** Label of requests that matched no route: raw URLs never become labels (a scan would explode cardinality). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The process's own metrics (CPU, memory, collections, event-loop lag), one set per process, made
 * with the first node that wants them. prom-client's collectors start a GC observer and an
 * event-loop monitor that nothing stops: made per node, they kept every closed node's registry,
 * and through its collectors the whole node, alive in a process that runs nodes in turn (tests).
 */
let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DELIVERY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export class Metrics {
  readonly registry = new Registry();

  /** Seconds from request to response, by method, route pattern (`/api/groups/:gid`) and status. */
  readonly httpDuration = new Histogram({
    name: 'chat_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  /** Messages accepted and stored (one per message, whatever the audience). Incremented by the messaging service. */
  readonly messagesSent = new Counter({
    name: 'chat_messages_sent_total',
    help: 'Messages accepted and stored',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  /** Messages handed to a recipient's connection by this node (one per recipient socket); see recordDelivery. */
  readonly messagesDelivered = new Counter({
    name: 'chat_messages_delivered_total',
    help: 'Message deliveries to recipient connections on this node',
    labelNames: ['kind'] as const,
    registers: [this.registry],
    collect: () => this.flushDeliveries(),
  });

  /**
   * Seconds between a message's server timestamp and this node writing it to its
   * connections: one observation per message and node (a room's connections are
   * written in one pass, so they share the figure); see recordDelivery.
   */
  readonly deliveryLatency = new Histogram({
    name: 'chat_message_delivery_seconds',
    help: 'Latency from message acceptance to its delivery by this node',
    labelNames: ['kind'] as const,
    buckets: DELIVERY_BUCKETS,
    registers: [this.registry],
  });

  private readonly undelivered: Record<MessageKind, number> = { group: 0, dm: 0 };
  private lastDelivered: object | undefined;

  /**
   * One `msg` written to one connection, called from Socket.IO's outgoing hook
   * for each recipient socket, so on the hot path: a fan-out to 200 members
   * calls it 200 times with the same payload object. It adds to a plain
   * number (given to prom-client at scrape time) and observes the latency once
   * per payload, instead of two labelled prom-client updates per socket.
   */
  recordDelivery(kind: MessageKind, payload: object, acceptedAtMs: number, clock: { now(): number }): void {
    this.undelivered[kind]++;
    if (payload === this.lastDelivered) return;
    this.lastDelivered = payload;
    this.deliveryLatency.observe({ kind }, Math.max(0, clock.now() - acceptedAtMs) / 1000);
  }

  private flushDeliveries(): void {
    for (const kind of ['group', 'dm'] as const) {
      if (this.undelivered[kind] === 0) continue;
      this.messagesDelivered.inc({ kind }, this.undelivered[kind]);
      this.undelivered[kind] = 0;
    }
  }

  /** Jobs whose handler threw (each failed attempt counts). Incremented by the job layer. */
  readonly jobsFailed = new Counter({
    name: 'chat_jobs_failed_total',
    help: 'Failed job attempts by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  /** Jobs whose handler finished. Incremented by the job layer. */
  readonly jobsCompleted = new Counter({
    name: 'chat_jobs_completed_total',
    help: 'Completed jobs by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  /** Completed chunked uploads by how their sha256 was obtained (`ChunkHashers`): the fallbacks cost a pass over the file. */
  readonly uploadHashes = new Counter({
    name: 'chat_upload_hashes_total',
    help: 'Completed chunked uploads by how their sha256 was obtained: streamed, joined (hashed while joining) or read_back',
    labelNames: ['how'] as const,
    registers: [this.registry],
  });

  /** Pages of the search indexes' pending lists merged by this node (`SearchIndexUpkeep`). */
  readonly searchIndexPagesMerged = new Counter({
    name: 'chat_search_index_pending_pages_merged_total',
    help: "Pages of the search indexes' GIN pending lists this node merged in the background",
    registers: [this.registry],
  });

  private readonly queues = new Map<string, () => Promise<QueueDepth>>();
  private openSockets: (() => number) | undefined;
  private pool: (() => PoolUsage | undefined) | undefined;
  private lanes: (() => Array<PoolUsage & { lane: string }>) | undefined;
  /** The process's metrics, shared by the nodes of one process (processMetrics). */
  private readonly process: Registry | undefined;

  constructor(opts: { defaultMetrics?: boolean; onCollectError?: (err: unknown) => void } = {}) {
    const onError = opts.onCollectError ?? (() => {});
    // `collect` runs with the gauge as `this`; these read the sources plugged in later.
    const openSockets = () => this.openSockets?.();
    const poolUsage = () => this.pool?.();
    const laneUsage = () => this.lanes?.() ?? [];
    const queues = () => [...this.queues];

    new Gauge({
      name: 'chat_sockets_open',
      help: 'Socket.IO connections open on this node',
      registers: [this.registry],
      collect() {
        const n = openSockets();
        if (n !== undefined) this.set(n);
      },
    });

    new Gauge({
      name: 'chat_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting for a connection)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const usage = poolUsage();
        if (usage) setPoolStates(this, {}, usage);
      },
    });

    new Gauge({
      name: 'chat_db_lane_connections',
      help: "Connections of a lane's own database pool (searches) by state (total, idle, waiting for a connection)",
      labelNames: ['lane', 'state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { lane, ...usage } of laneUsage()) setPoolStates(this, { lane }, usage);
      },
    });

    new Gauge({
      name: 'chat_job_queue_depth',
      help: 'Jobs per queue and state at scrape time',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        await Promise.all(
          queues().map(async ([queue, depth]) => {
            try {
              for (const [state, n] of Object.entries(await depth())) this.set({ queue, state }, n);
            } catch (err) {
              // One unreachable queue must not fail the whole scrape.
              onError(err);
            }
          }),
        );
      },
    });

    // Process metrics, including nodejs_eventloop_lag_seconds (and its percentiles).
    this.process = opts.defaultMetrics !== false ? processMetrics() : undefined;
  }

  /** Reports the number of open sockets at scrape time (the realtime gateway plugs in here). */
  watchOpenSockets(count: () => number): void {
    this.openSockets = count;
  }

  /** Reports database pool usage at scrape time; `usage` returns undefined when there is no pool (PGlite). */
  watchDbPool(usage: () => PoolUsage | undefined): void {
    this.pool = usage;
  }

  /** The lanes' own pools (cluster mode), reported once a lane has opened its pool. */
  watchDbLanes(usage: () => Array<PoolUsage & { lane: string }>): void {
    this.lanes = usage;
  }

  /**
   * For the job layer: reports a queue's depth at scrape time. Call once per
   * queue; a later call for the same name replaces the earlier one.
   */
  watchQueue(queue: string, depth: () => Promise<QueueDepth>): void {
    this.queues.set(queue, depth);
  }

  /** The Prometheus text exposition of every instrument. */
  async render(): Promise<{ contentType: string; body: string }> {
    const own = await this.registry.metrics();
    return { contentType: this.registry.contentType, body: this.process ? (await this.process.metrics()) + own : own };
  }
}
