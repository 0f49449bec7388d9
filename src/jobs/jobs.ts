import type { Logger } from 'pino';
import { JOB_NAMES, JOB_PAYLOADS, type JobMap, type JobName, SCHEDULES } from './job-map.ts';

export type { JobMap, JobName } from './job-map.ts';

export interface EnqueueOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** At most one queued job with this key at a time (a second enqueue is dropped). */
  singletonKey?: string;
}

export type JobHandler<N extends JobName> = (payload: JobMap[N]) => Promise<void>;

/** Jobs of one queue by state, read when asked (the shape `ctx.metrics.watchQueue` takes). */
export type JobCounts = Partial<Record<'waiting' | 'active' | 'delayed' | 'failed', number>>;

/** Told of every job attempt this process runs (the worker role counts them in `ctx.metrics`). */
export interface JobObserver {
  completed?(name: JobName): void;
  failed?(name: JobName, err: unknown): void;
}

/** What a queue library must provide; only the drivers in this folder import one. Each job name is its own queue. */
export interface QueueDriver {
  readonly kind: 'bullmq' | 'pg-boss';
  send(name: JobName, payload: unknown, opts: EnqueueOptions): Promise<void>;
  /** Starts consuming every named queue, calling `run` for each job; a throw fails the attempt (retried). */
  work(names: readonly JobName[], run: (name: JobName, payload: unknown) => Promise<void>): Promise<void>;
  /** Takes no new job and resolves once the jobs in progress have finished. */
  stopWorking(): Promise<void>;
  /** Installs the recurring jobs (idempotent across processes). */
  schedule(schedules: ReadonlyArray<{ name: JobName; cron: string }>): Promise<void>;
  /** The queue's jobs by state, cluster-wide. */
  counts(name: JobName): Promise<JobCounts>;
  /** Closes the connections. A job still running is released: another worker runs it again. */
  stop(): Promise<void>;
}

/**
 * The job layer every service sees as `ctx.jobs`: enqueue by name with a typed
 * payload. Processes with the worker role register handlers by name and run
 * them (`startWorkerRole` in src/roles.ts: the server by default, or `npm run worker`).
 */
export class Jobs {
  private readonly handlers = new Map<JobName, (payload: unknown) => Promise<void>>();
  private working = false;
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly driver: QueueDriver,
    private readonly log: Logger,
  ) {}

  get kind(): QueueDriver['kind'] {
    return this.driver.kind;
  }

  /** Every job name, each one queue. */
  get names(): readonly JobName[] {
    return JOB_NAMES;
  }

  /**
   * Queues a job. With pg-boss, a call inside `db.tx` is part of the
   * transaction; with BullMQ it is not, so enqueue after the commit.
   */
  async enqueue<N extends JobName>(name: N, payload: JobMap[N], opts: EnqueueOptions = {}): Promise<void> {
    await this.driver.send(name, JOB_PAYLOADS[name].parse(payload), opts);
  }

  /** Registers the handler of a job. Handlers must be idempotent: a job may run twice, or on two workers at once. */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void {
    if (this.working) throw new Error('register job handlers before work()');
    this.handlers.set(name, (payload) => handler(JOB_PAYLOADS[name].parse(payload) as JobMap[N]));
  }

  /** Runs a job's handler in this process at once (tests, and tools that must not wait for a worker). */
  async runNow<N extends JobName>(name: N, payload: JobMap[N]): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`no handler for job ${name}`);
    await handler(payload);
  }

  /** Installs the schedules (every process, idempotent) and, when `work` is set, runs the registered handlers. */
  async start(opts: { work: boolean }): Promise<void> {
    await this.driver.schedule(SCHEDULES);
    if (opts.work) await this.work();
  }

  /** Starts running the registered handlers on this process (the worker role). */
  async work(observer: JobObserver = {}): Promise<void> {
    if (this.working) throw new Error('the job layer is already working');
    this.working = true;
    const missing = JOB_NAMES.filter((n) => !this.handlers.has(n));
    if (missing.length) this.log.warn({ jobs: missing }, 'jobs without a handler stay queued');
    await this.driver.work([...this.handlers.keys()], async (name, payload) => {
      const handler = this.handlers.get(name);
      if (!handler) throw new Error(`no handler for job ${name}`);
      try {
        await handler(payload);
      } catch (err) {
        this.log.warn({ err, job: name }, 'job failed');
        observer.failed?.(name, err);
        throw err;
      }
      observer.completed?.(name);
    });
  }

  /** The queue's jobs by state (for `ctx.metrics.watchQueue`). */
  counts(name: JobName): Promise<JobCounts> {
    return this.driver.counts(name);
  }

  /** Takes no new job; resolves when the jobs this process is running have finished. */
  async stopWorking(): Promise<void> {
    if (this.working) await this.driver.stopWorking();
  }

  /** Closes the job layer; jobs still running (past the shutdown grace) are released to other workers. */
  stop(): Promise<void> {
    this.stopped ??= this.driver.stop();
    return this.stopped;
  }
}
