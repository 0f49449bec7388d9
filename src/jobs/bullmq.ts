import { hostname } from 'node:os';
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { hashTag, type RedisClient, type RedisConnector, redisFailure } from '../state/redis-connection.ts';
import type { JobName } from './job-map.ts';
import type { EnqueueOptions, JobCounts, QueueDriver } from './jobs.ts';

/** How long `stop()` lets a worker that is already closing finish before cutting its connections. */
const FORCE_AFTER_MS = 100;
/** How long `stop()` waits for a worker's connections to report that they ended. */
const DISCONNECT_WAIT_MS = 1_000;

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Cluster driver: BullMQ in Redis, one queue per job name (keys under
 * `{<prefix>bull}:<name>:*`, one hash tag as BullMQ needs on a Redis Cluster);
 * any number of processes may run workers.
 */
export class BullmqDriver implements QueueDriver {
  readonly kind = 'bullmq' as const;
  private readonly queues = new Map<JobName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly prefix: string;
  private readonly lockMs: number;
  /** Producers and counts: fails within seconds while Redis is unreachable (an enqueue must not hang a request). */
  private readonly commands: RedisClient;
  /** Workers: BullMQ requires unlimited retries (each worker duplicates it for its blocking reads). */
  private workerConnection: RedisClient | undefined;
  private schedules: ReadonlyArray<{ name: JobName; cron: string }> = [];

  constructor(
    private readonly connector: RedisConnector,
    prefix: string,
    private readonly log: Logger,
    opts: { lockMs?: number } = {},
  ) {
    this.lockMs = opts.lockMs ?? 30_000;
    this.prefix = hashTag(`${prefix}bull`);
    this.commands = connector.connect('commands', { name: 'jobs' });
    // Redis may come back empty (no persistence, or a failover to a replica that lagged): put the
    // recurring jobs back. Upserting a scheduler that exists changes nothing.
    let wasReady = false;
    this.commands.on('ready', () => {
      if (wasReady && this.schedules.length > 0) {
        this.schedule(this.schedules).catch((err) => this.log.warn({ err }, 'could not reinstall job schedules'));
      }
      wasReady = true;
    });
  }

  private queue(name: JobName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.commands, prefix: this.prefix });
      queue.on('error', (err) => this.log.warn({ err, queue: name }, 'job queue connection error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async send(name: JobName, payload: unknown, opts: EnqueueOptions): Promise<void> {
    try {
      await this.queue(name).add(name, payload, {
        ...(opts.delayMs ? { delay: opts.delayMs } : {}),
        ...(opts.singletonKey ? { deduplication: { id: opts.singletonKey } } : {}),
        attempts: 3,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: 1_000,
        removeOnFail: 5_000,
      });
    } catch (err) {
      throw redisFailure(err);
    }
  }

  async work(names: readonly JobName[], run: (name: JobName, payload: unknown) => Promise<void>): Promise<void> {
    for (const name of names) {
      this.workerConnection ??= this.connector.connect('blocking', { name: 'jobs-worker' });
      const worker = new Worker(name, async (job) => run(name, job.data), {
        connection: this.workerConnection,
        prefix: this.prefix,
        concurrency: 1,
        // A worker that dies holding a job stops renewing its lock (every lockMs / 2); the stalled
        // check of any live worker (every lockMs) then puts the job back in the queue. A second
        // stall of the same job fails it for good (maxStalledCount 1).
        lockDuration: this.lockMs,
        stalledInterval: this.lockMs,
        // Recorded on each job (`processedBy`): which process ran or holds it.
        name: `${hostname()}:${process.pid}`,
      });
      worker.on('error', (err) => this.log.warn({ err, queue: name }, 'job worker error'));
      this.workers.push(worker);
    }
  }

  async stopWorking(): Promise<void> {
    // close() without force waits for the jobs in progress.
    await Promise.all(this.workers.map((w) => w.close()));
  }

  async schedule(schedules: ReadonlyArray<{ name: JobName; cron: string }>): Promise<void> {
    this.schedules = schedules;
    for (const s of schedules) {
      await this.queue(s.name).upsertJobScheduler(s.name, { pattern: s.cron }, { name: s.name, data: {} });
    }
  }

  async counts(name: JobName): Promise<JobCounts> {
    const c = await this.queue(name).getJobCounts('wait', 'prioritized', 'active', 'delayed', 'failed');
    return { waiting: (c.wait ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.workers.map(async (w) => {
        if (!w.closing) return w.close(true);
        // Still waiting for a job after the shutdown grace: cut the connections. The job's lock is no
        // longer renewed, so BullMQ's stalled-job check hands it to another worker.
        const closed = await Promise.race([
          w.closing.then(() => true),
          delay(FORCE_AFTER_MS).then(() => false),
        ]);
        // BullMQ's disconnect waits for ioredis' 'end', which a client between reconnect attempts (Redis
        // gone) never emits: its timer is cleared and it has no socket left, so stop waiting for it.
        if (!closed) await Promise.race([w.disconnect(), delay(DISCONNECT_WAIT_MS)]);
      }),
    );
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    // Handed to BullMQ as instances, so BullMQ leaves closing them to us.
    for (const c of [this.commands, this.workerConnection]) c?.disconnect();
  }
}
