import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { PgliteDb } from '../../src/db/pglite.ts';
import { createJobs, createPgBossJobs, type JobName, type Jobs } from '../../src/jobs/index.ts';
import { randomHex } from '../../src/lib/crypto.ts';
import { RedisConnector } from '../../src/state/redis-connection.ts';
import { startRedis } from '../helpers/infra.ts';
import { MODE, startCluster, type TestCluster } from '../helpers/server.ts';
import { jobRunTests } from './shared-redis.suite.ts';

async function eventually(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = pino({ level: 'silent' });


/**
 * What the worker role relies on, for one driver: outcomes reach the observer, and
 * stopWorking waits for the job in progress and then takes no more.
 */
async function observedStop(jobs: Jobs): Promise<void> {
  const completed: JobName[] = [];
  const failed: JobName[] = [];
  let calls = 0;
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let started = () => {};
  const running = new Promise<void>((r) => {
    started = r;
  });
  jobs.handle('files.expire', async () => {
    calls++;
    if (calls === 1) throw new Error('the first attempt fails');
    started();
    await gate;
  });
  try {
    await jobs.work({ completed: (n) => completed.push(n), failed: (n) => failed.push(n) });
    await jobs.enqueue('files.expire', {});
    await eventually(() => failed.length === 1);
    expect(failed).toEqual(['files.expire']);

    await jobs.enqueue('files.expire', {});
    await running;
    let stopped = false;
    const stopping = jobs.stopWorking().then(() => {
      stopped = true;
    });
    await sleep(500);
    expect(stopped, 'stopWorking waits for the job in progress').toBe(false);
    release();
    await stopping;
    expect(completed).toEqual(['files.expire']);

    const before = calls;
    await jobs.enqueue('files.expire', {});
    await sleep(2_500);
    expect(calls, 'no job is taken after stopWorking').toBe(before);
  } finally {
    release();
    await jobs.stop();
  }
}

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

describe('job layer', () => {
  it('uses BullMQ with Redis and pg-boss without', () => {
    for (const n of cluster.nodes) expect(n.app.ctx.jobs.kind).toBe(MODE === 'cluster' ? 'bullmq' : 'pg-boss');
  });

  it('refuses a payload that does not match its schema', async () => {
    await expect(cluster.a.app.ctx.jobs.enqueue('uploads.purge', 'nope' as unknown as Record<string, never>)).rejects.toThrow();
  });

  jobRunTests(() => cluster);

  // pg-boss on the database the mode would give it: Postgres in cluster mode (the app uses BullMQ there,
  // so the pgboss schema is free), a fresh PGlite in embedded mode (the app's own pg-boss owns its database).
  describe('pg-boss driver', () => {
    let db: Db;
    let jobs: Jobs;
    const seen: unknown[] = [];
    beforeAll(async () => {
      db = MODE === 'cluster' ? cluster.a.app.ctx.db : await PgliteDb.open(undefined);
      jobs = createPgBossJobs(db, silent);
      jobs.handle('uploads.purge', async (payload) => {
        seen.push(payload);
      });
      await jobs.start({ work: true });
    });
    afterAll(async () => {
      await jobs?.stop();
      if (MODE === 'embedded') await db?.close();
    });

    it('runs a queued job on its worker', async () => {
      await jobs.enqueue('uploads.purge', {});
      await eventually(() => seen.length === 1);
      expect(seen).toEqual([{}]);
    });

    it('a job queued inside a transaction that rolls back never runs', async () => {
      const before = seen.length;
      await db
        .tx(async () => {
          await jobs.enqueue('uploads.purge', {});
          throw new Error('roll back');
        })
        .catch(() => {});
      await jobs.enqueue('uploads.purge', {});
      await eventually(() => seen.length === before + 1);
      await new Promise((r) => setTimeout(r, 2_500));
      expect(seen.length).toBe(before + 1);
    });

    it('reports outcomes, and stopping waits for the job in progress', async () => {
      await observedStop(createPgBossJobs(db, silent));
    });
  });

  if (MODE === 'cluster') {
    it('BullMQ driver: reports outcomes, and stopping waits for the job in progress', async () => {
      const { db, config } = cluster.a.app.ctx;
      await observedStop(await createJobs({ redisPrefix: `tjobs${randomHex(4)}:` }, new RedisConnector(config.redisUrl!, silent), db, silent));
    });

    it('BullMQ driver: stopping ends while Redis is gone (workers waiting to reconnect are cut off)', async () => {
      const redis = await startRedis();
      const jobs = await createJobs({ redisPrefix: 'tjobs:' }, new RedisConnector(redis.url, silent), cluster.a.app.ctx.db, silent);
      try {
        jobs.handle('files.expire', async () => {});
        await jobs.work({ completed: () => {}, failed: () => {} });
        await jobs.enqueue('files.expire', {});
        await sleep(300);
        await redis.stop();
        // As the app does: a graceful stop bounded by the grace, then the hard stop, which must end.
        await Promise.race([jobs.stopWorking(), sleep(500)]);
        let stopped = false;
        const stopping = jobs.stop().then(() => {
          stopped = true;
        });
        await Promise.race([stopping, sleep(10_000)]);
        expect(stopped, 'jobs.stop() ended with Redis down').toBe(true);
      } finally {
        await redis.close();
      }
    });
  }
});
