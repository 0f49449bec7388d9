import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALLOCATOR_WARM_UP, PostgresDb } from '../../src/db/postgres.ts';
import { sleep } from '../helpers/client.ts';

/**
 * The pool's spare connections go back to Postgres one at a time (src/db/pool-shrinker.ts), on
 * the suite's Postgres, with a short tick so that the test takes a second.
 */

const TICK_MS = 50;
const SPARE_TICKS = 4;
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let observer: pg.Client;
beforeAll(async () => {
  observer = new pg.Client({ connectionString: url, application_name: 'pool-observer' });
  await observer.connect();
});
afterAll(() => observer.end());

/** The pool's connections as Postgres sees them (the pool's own count could be wrong). */
async function backendsOf(db: PostgresDb): Promise<number> {
  const [pid] = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).map((r) => r.pid);
  const { rows } = await observer.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where application_name = (select application_name from pg_stat_activity where pid = $1)`,
    [pid],
  );
  return rows[0]!.n;
}

/**
 * A burst that opens `n` connections: all are checked out together, then given back together.
 * (Statements sent at once are not enough on a loaded machine: a connection that opened early
 * finishes its statement and sits idle while a slow one still connects, and the shrinker may
 * rightly close it before the burst is over.)
 */
async function burst(db: PostgresDb, n: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: n }, () => db.pool.connect()));
  for (const client of clients) client.release();
}

/** Samples the pool's size every few ms until `until` resolves; the sizes seen, in order. */
async function sizesWhile(db: PostgresDb, until: Promise<unknown>): Promise<Array<{ at: number; size: number }>> {
  const seen: Array<{ at: number; size: number }> = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const size = db.pool.totalCount;
    if (seen.at(-1)?.size !== size) seen.push({ at: performance.now(), size });
    await sleep(2);
  }
  return seen;
}

describe('the Postgres pool', () => {
  it('closes the connections a burst opened one per tick, once they were spare for the whole window, and keeps its floor', async () => {
    const db = PostgresDb.connect(url, 6, 5_000, { tickMs: TICK_MS, spareTicks: SPARE_TICKS, floor: 2 });
    try {
      await burst(db, 6);
      expect(db.pool.totalCount).toBe(6);
      const burstOver = performance.now();

      const sizes = await sizesWhile(db, sleep(TICK_MS * (SPARE_TICKS + 12)));
      expect(sizes.map((s) => s.size)).toEqual([6, 5, 4, 3, 2]);
      // None closed before the window had passed, and never two in the same tick. The window is at
      // least SPARE_TICKS - 1 ticks after the burst; half a tick more is left for the timer, whose
      // ticks come a little early after a busy moment of the event loop (144.6 ms of 150 seen in CI).
      expect(sizes[1]!.at - burstOver).toBeGreaterThanOrEqual(TICK_MS * (SPARE_TICKS - 1.5));
      for (let i = 2; i < sizes.length; i++) expect(sizes[i]!.at - sizes[i - 1]!.at).toBeGreaterThan(TICK_MS / 2);
      // Postgres agrees: the backends have gone.
      expect(await backendsOf(db)).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('keeps the connections a steady load needs, and closes only what it does not', async () => {
    const db = PostgresDb.connect(url, 6, 5_000, { tickMs: TICK_MS, spareTicks: SPARE_TICKS, floor: 1 });
    try {
      await burst(db, 6);
      expect(db.pool.totalCount).toBe(6);
      // Three statements in flight at every moment, for the whole time the pool could shrink.
      let running = true;
      const load = Promise.all(
        Array.from({ length: 3 }, async () => {
          while (running) await db.query('select pg_sleep(0.01)');
        }),
      );
      const sizes = await sizesWhile(db, sleep(TICK_MS * (SPARE_TICKS + 14)));
      running = false;
      await load;
      expect(Math.min(...sizes.map((s) => s.size))).toBe(3);
      expect(db.pool.totalCount).toBe(3);
      expect(db.pool.waitingCount).toBe(0);
    } finally {
      await db.close();
    }
  });
});

describe('a new connection', () => {
  it('runs the allocator warm-up before the statement it was opened for', async () => {
    const db = PostgresDb.connect(url, 2);
    try {
      const client = await db.pool.connect();
      try {
        // Nothing is sent on this connection here: the only statement its backend can show is the warm-up.
        const pid = (client as unknown as { processID: number }).processID;
        await vi.waitFor(async () => {
          const { rows } = await observer.query<{ query: string }>('select query from pg_stat_activity where pid = $1', [pid]);
          expect(rows[0]?.query).toBe(ALLOCATOR_WARM_UP);
        });
      } finally {
        client.release();
      }
    } finally {
      await db.close();
    }
  });

  it('is warmed up before its first statement is sent, not alongside it (pg warns of that, pg 9 refuses it)', async () => {
    // A process of its own: pg warns once per process, and this file's other tests open connections too.
    const script = `import { PostgresDb } from ${JSON.stringify(new URL('../../src/db/postgres.ts', import.meta.url).href)};
const db = PostgresDb.connect(process.env.WARM_UP_URL, 2);
const rows = await Promise.all([db.query('select 1 as n'), db.query('select 2 as n')]);
console.log(JSON.stringify(rows.flat()));
await db.close();`;
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, WARM_UP_URL: url },
    });
    expect(JSON.parse(stdout)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(stderr).not.toContain('already executing a query');
  });
});

describe('a lane', () => {
  const pidOf = async (q: { query<T>(sql: string): Promise<T[]> }) => (await q.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]!.pid;
  const laneConnections = async () =>
    (await observer.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where application_name = $1', [`chat:${process.pid}:search`]))
      .rows[0]!.n;

  it('keeps its statements to connections of its own, the same warm one while they come one at a time, and closes them with the pool', async () => {
    const db = PostgresDb.connect(url, 4);
    try {
      const searchPid = await pidOf(db.lane('search'));
      for (let i = 0; i < 3; i++) {
        // The main pool at its size, all at once: none of its connections is the lane's.
        const pids = await Promise.all(Array.from({ length: 4 }, () => pidOf(db)));
        expect(pids).not.toContain(searchPid);
        expect(await pidOf(db.lane('search'))).toBe(searchPid);
      }
      expect(await laneConnections()).toBe(1);
    } finally {
      await db.close();
    }
    await vi.waitFor(async () => expect(await laneConnections()).toBe(0));
  });

  it('refuses statements once the database is closed, and opens nothing for them', async () => {
    const db = PostgresDb.connect(url, 2);
    await db.query('select 1');
    await db.close();
    await expect(db.lane('search').query('select 1')).rejects.toThrow();
    expect(await laneConnections()).toBe(0);
  });
});
