import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../db/index.ts';
import { PgliteDb } from '../db/pglite.ts';
import { PostgresDb } from '../db/postgres.ts';
import type { JobName } from './job-map.ts';
import type { EnqueueOptions, JobCounts, QueueDriver } from './jobs.ts';

/**
 * pg-boss reaches the application database through this adapter. On PGlite,
 * statements without parameters (pg-boss' multi-statement schema and
 * maintenance SQL) go through `exec`, the rest through `query`, which also
 * joins an open `db.tx` (so a job sent inside a transaction commits with it).
 */
function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values.length === 0 && db instanceof PgliteDb) {
        const results = await db.pg.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      if (values.length === 0 && db instanceof PostgresDb) {
        // Without parameters pg uses the simple protocol, which answers a multi-statement text with one result each.
        const res: pg.QueryResult | pg.QueryResult[] = await db.pool.query(text);
        return { rows: (Array.isArray(res) ? res.at(-1)?.rows : res.rows) ?? [] };
      }
      return { rows: await db.query(text, values) };
    },
  };
}

/** How often an idle worker looks for a job. */
const POLL_MS = 2_000;
const SCHEMA = 'pgboss';

/**
 * Driver without Redis: pg-boss on the application database (Postgres, or PGlite in embedded mode).
 * Each job name is a pg-boss queue. Workers are our own fetch loops (one job at a time per queue)
 * rather than `boss.work`, so that stopping can wait for exactly the jobs in progress.
 */
export class PgBossDriver implements QueueDriver {
  readonly kind = 'pg-boss' as const;
  private readonly queues = new Set<string>();
  /** pg-boss, imported and started on first use: an embedded node loads it (and pg) after it listens. */
  private starting: Promise<PgBoss> | undefined;
  private loops: Promise<void>[] = [];
  private stopping = false;
  private readonly wakers = new Set<() => void>();
  /** Jobs this process is running: id → queue. */
  private readonly inFlight = new Map<string, JobName>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  private async ready(name?: JobName): Promise<PgBoss> {
    this.starting ??= (async () => {
      const { default: PgBossClass } = await import('pg-boss');
      const boss = new PgBossClass({ db: bossDb(this.db), schema: SCHEMA });
      boss.on('error', (err) => this.log.warn({ err }, 'pg-boss error'));
      await boss.start();
      return boss;
    })();
    const boss = await this.starting;
    if (name && !this.queues.has(name)) {
      await boss.createQueue(name);
      this.queues.add(name);
    }
    return boss;
  }

  async send(name: JobName, payload: unknown, opts: EnqueueOptions): Promise<void> {
    const boss = await this.ready(name);
    await boss.send(name, payload as object, {
      ...(opts.delayMs ? { startAfter: Math.ceil(opts.delayMs / 1000) } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
    });
    // A worker of this process need not wait for its next poll (with one process, as in embedded
    // mode, a job runs at once). Sent inside a transaction, the job is not visible yet: no harm.
    if (!opts.delayMs) this.wakeAll();
  }

  private wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }

  async work(names: readonly JobName[], run: (name: JobName, payload: unknown) => Promise<void>): Promise<void> {
    for (const name of names) await this.ready(name);
    const boss = await this.ready();
    this.loops = names.map((name) => this.loop(boss, name, run));
  }

  /** Fetches and runs one job at a time until stopped; completes or fails each in pg-boss. */
  private async loop(boss: PgBoss, name: JobName, run: (name: JobName, payload: unknown) => Promise<void>): Promise<void> {
    while (!this.stopping) {
      let job: PgBoss.Job<unknown> | undefined;
      try {
        [job] = await boss.fetch<unknown>(name, { batchSize: 1 });
      } catch (err) {
        this.log.warn({ err, queue: name }, 'pg-boss fetch failed');
      }
      if (!job) {
        await this.idle();
        continue;
      }
      let failure: unknown;
      this.inFlight.set(job.id, name);
      try {
        await run(name, job.data);
      } catch (err) {
        failure = err;
      } finally {
        this.inFlight.delete(job.id);
      }
      try {
        if (failure === undefined) await boss.complete(name, job.id);
        else await boss.fail(name, job.id, { message: String((failure as Error)?.message ?? failure) });
      } catch (err) {
        // The job stays active until pg-boss expires it, then it is retried.
        this.log.warn({ err, queue: name }, 'pg-boss could not record a job outcome');
      }
    }
  }

  /** Waits for the next poll, or until stopWorking wakes the loop. */
  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, POLL_MS);
      this.wakers.add(wake);
    });
  }

  async stopWorking(): Promise<void> {
    this.stopping = true;
    this.wakeAll();
    await Promise.all(this.loops);
  }

  async schedule(schedules: ReadonlyArray<{ name: JobName; cron: string }>): Promise<void> {
    for (const s of schedules) {
      const boss = await this.ready(s.name);
      await boss.schedule(s.name, s.cron, {});
    }
  }

  async counts(name: JobName): Promise<JobCounts> {
    await this.ready();
    const rows = await this.db.query<{ state: string; later: boolean; n: number }>(
      `select state::text as state, start_after > now() as later, count(*)::int as n
         from ${SCHEMA}.job
        where name = $1 and state in ('created', 'retry', 'active', 'failed')
        group by 1, 2`,
      [name],
    );
    const counts = { waiting: 0, active: 0, delayed: 0, failed: 0 };
    for (const r of rows) {
      if (r.state === 'active') counts.active += r.n;
      else if (r.state === 'failed') counts.failed += r.n;
      else if (r.later) counts.delayed += r.n;
      else counts.waiting += r.n;
    }
    return counts;
  }

  async stop(): Promise<void> {
    // Loops still running a job past the shutdown grace: stop them taking more (the job itself is released below).
    this.stopping = true;
    this.wakeAll();
    const boss = await this.starting?.catch(() => undefined);
    if (!boss) return;
    // Fail them, as pg-boss does with its own workers' jobs at shutdown: they are retried by another worker.
    for (const [id, name] of this.inFlight) {
      await boss.fail(name, id, { message: 'worker stopped while the job was running' }).catch((err) => {
        this.log.warn({ err, queue: name }, 'could not release a running job; it is retried when it expires');
      });
    }
    this.inFlight.clear();
    await boss.stop({ graceful: false, close: false });
  }
}
