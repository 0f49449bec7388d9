import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseDb, Db } from '../../src/db/driver.ts';
import { PostgresDb } from '../../src/db/postgres.ts';
import { prepared } from '../../src/db/prepared.ts';
import { UniqueViolation } from '../../src/errors.ts';
import { randomHex } from '../../src/lib/crypto.ts';
import { auditStore } from '../../src/modules/audit/audit.store.ts';
import { loginStore, sessionsStore } from '../../src/modules/auth/auth.store.ts';
import { friendsStore } from '../../src/modules/friends/friends.store.ts';
import { groupsStore } from '../../src/modules/groups/groups.store.ts';
import { messagesStore, type NewMessage } from '../../src/modules/messages/messages.store.ts';
import { usersStore } from '../../src/modules/users/users.store.ts';
import { newUser } from '../helpers/client.ts';
import { userId } from '../helpers/messages.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { groupWith } from '../helpers/social.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster.close());

/** A new group's owner, and text messages from them to it as the send path stores them. */
async function groupSender() {
  const owner = await newUser(cluster);
  const gid = await groupWith(owner);
  const ownerId = await userId(cluster.a, owner.name);
  const message = (i: number): NewMessage => ({
    room: `g:${gid}`, fromId: ownerId, gid, toId: null, type: 'text', content: `sent ${i}`, md: 0,
    replyTo: null, ts: Date.now(), name: null, size: null, cid: null, accessVersion: null, toName: null,
  });
  return { owner, gid, ownerId, message };
}

describe('prepared statements', () => {
  it('give the same rows as plain SQL, on every pooled connection, and survive their table changing shape', async () => {
    const db = cluster.a.app.ctx.db;
    const table = `prep_${randomHex(4)}`;
    await db.exec(`create table ${table} (id int primary key, v text)`);
    await db.query(`insert into ${table} values (1, 'one'), (2, 'two')`);
    const byId = prepared(`select * from ${table} where id = $1`);
    // More at once than one connection: several pooled connections prepare it.
    const many = await Promise.all(Array.from({ length: 30 }, (_, i) => db.query(byId, [(i % 2) + 1])));
    for (const [i, rows] of many.entries()) expect(rows).toEqual([{ id: (i % 2) + 1, v: i % 2 ? 'two' : 'one' }]);
    expect(await db.tx((q) => q.query(byId, [2]))).toEqual([{ id: 2, v: 'two' }]);

    // A migration run elsewhere: `select *` now has another result type.
    await db.exec(`alter table ${table} add column w int not null default 7`);
    const after = await Promise.all(Array.from({ length: 30 }, () => db.query(byId, [1])));
    for (const rows of after) expect(rows).toEqual([{ id: 1, v: 'one', w: 7 }]);
    expect(await db.tx((q) => q.query(byId, [1]))).toEqual([{ id: 1, v: 'one', w: 7 }]);
  });

  it('fail like plain SQL (a unique violation is UniqueViolation) and leave the session usable, in and out of a transaction', async () => {
    const db = cluster.a.app.ctx.db;
    const table = `prep_${randomHex(4)}`;
    await db.exec(`create table ${table} (id int primary key, v text)`);
    const insert = prepared(`insert into ${table} (id, v) values ($1, $2) returning id`);
    expect(await db.query(insert, [1, 'one'])).toEqual([{ id: 1 }]);
    await expect(db.query(insert, [1, 'again'])).rejects.toBeInstanceOf(UniqueViolation);

    // Inside a transaction the failure rolls back the whole transaction, and nothing of it stays.
    await expect(
      db.tx(async (q) => {
        await q.query(insert, [2, 'two']);
        await q.query(insert, [1, 'again']);
      }),
    ).rejects.toBeInstanceOf(UniqueViolation);
    const count = prepared(`select count(*)::int as n from ${table}`);
    expect(await db.query(count)).toEqual([{ n: 1 }]);

    // The session (PGlite) or the pooled connections (Postgres) carry on, prepared or not.
    expect(await db.tx(async (q) => q.query(insert, [3, 'three']))).toEqual([{ id: 3 }]);
    expect(await db.query(`select v from ${table} order by id`)).toEqual([{ v: 'one' }, { v: 'three' }]);
  });

  it('are planned anew on the replan schedule: a plan made on an empty table does not outlive its growth', async () => {
    const shared = cluster.a.app.ctx.db as BaseDb;
    // One connection, whose statements we read (PGlite has only its one session).
    const url = cluster.a.app.ctx.config.databaseUrl;
    const db = url ? PostgresDb.connect(url, 1) : shared;
    try {
      const table = `prep_${randomHex(4)}`;
      await db.exec(`create table ${table} (room text, idx int, v text, primary key (room, idx)); analyze ${table}`);
      const trim = prepared(`select count(*)::int as n from ${table} where room = $1 and idx <= $2`);
      const planNow = () =>
        db.tx(async (q) => {
          // The first five runs are planned for their values; from the sixth on the generic plan is kept.
          for (let i = 0; i < 6; i++) await q.query(trim, ['r1', 10]);
          const [named] = await q.query<{ name: string }>('select name from pg_prepared_statements where statement = $1 order by prepare_time desc limit 1', [trim]);
          const plan = await q.query<{ 'QUERY PLAN': string }>(`explain (costs off) execute ${named!.name}('r1', 10)`);
          return plan.map((r) => r['QUERY PLAN']).join('\n');
        });
      expect(await planNow()).toMatch(/Seq Scan/);
      await db.exec(`insert into ${table} select 'r' || (i % 100), i, 'x' from generate_series(1, 50000) i`);
      // Nothing analyzed the table (autovacuum takes a minute; PGlite has none): the empty table's plan stays.
      expect(await planNow()).toMatch(/Seq Scan/);
      db.replanPrepared();
      expect(await planNow()).toMatch(/Index Cond: \(\(room = \$1\) AND \(idx <= \$2\)\)/);
    } finally {
      if (db !== shared) await db.close();
    }
  });

  it('are planned anew at a scheduled time once a table has grown to twice its size', async () => {
    const db = cluster.a.app.ctx.db as BaseDb;
    const table = `grow_${randomHex(4)}`;
    await db.exec(`create table ${table} (id int primary key, v text)`);
    await db.replanIfResized();
    // About 3 MB: past twice the size under which tables count as small (REPLAN_SMALL_BYTES).
    await db.exec(`insert into ${table} select i, repeat('x', 100) from generate_series(1, 20000) i`);
    expect(await db.replanIfResized()).toBe(true);
  });

  it('run the statements of the send path with the plan prepared for them, not planned again on every send', async () => {
    const db = cluster.a.app.ctx.db;
    const { owner, gid, ownerId, message } = await groupSender();
    // One transaction holds one connection (Postgres) or the session (PGlite), whose statements it reads.
    const plans = await db.tx(async (q) => {
      // Postgres plans the first five runs for their values, then keeps the generic plan if it is not dearer.
      for (let i = 0; i < 8; i++) {
        await messagesStore.insertBatch(q, i % 2 ? [message(i)] : [message(i), message(100 + i)]);
        await groupsStore.accessMany(q, [{ gid, userId: ownerId }]);
        await friendsStore.peersByName(q, [{ askerId: ownerId, name: owner.name }]);
      }
      return q.query<{ statement: string; generic_plans: number }>(
        `select statement, generic_plans::int from pg_prepared_statements where not from_sql`,
      );
    });
    // Summed over the statement's generations: the replan schedule (5 s, 20 s, … after the pool
    // opened) may prepare it anew under another name in the middle of the loop.
    const genericRuns = (fragment: string) => plans.filter((p) => p.statement.includes(fragment)).reduce((n, p) => n + p.generic_plans, 0);
    expect(genericRuns('insert into messages')).toBeGreaterThanOrEqual(3);
    expect(genericRuns('my_role')).toBeGreaterThanOrEqual(3);
    expect(genericRuns('asker')).toBeGreaterThanOrEqual(3);
  });

  it('store a batch of sends without a join between its steps, which the generic plan would run as a nested loop, quadratic in the batch', async () => {
    const db = cluster.a.app.ctx.db;
    const { message } = await groupSender();
    // The statement and its arguments, as the store sends them.
    let sent: { sql: string; params: unknown[] } | undefined;
    const capture = {
      query: async (sql: string, params: unknown[]) => {
        sent = { sql, params };
        return [];
      },
    };
    await messagesStore.insertBatch(capture as never, [message(1), message(2)]);
    const plan = await db.tx(async (q) => {
      for (let i = 0; i < 6; i++) await messagesStore.insertBatch(q, [message(10 + i)]);
      const [named] = await q.query<{ name: string }>('select name from pg_prepared_statements where statement = $1 order by prepare_time desc limit 1', [sent!.sql]);
      // EXPLAIN EXECUTE takes no bind parameters: the arrays go as literals (the statement casts them).
      const element = (v: unknown) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`);
      const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
      const args = (sent!.params as unknown[][]).map((a) => quoted(`{${a.map(element).join(',')}}`)).join(', ');
      return (await q.query<{ 'QUERY PLAN': string }>(`explain (costs off) execute ${named!.name}(${args})`)).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Insert on messages/);
    // The quadratic joins matched CTE rows by room in a filter (`Join Filter: (seq.room = counts.room)`);
    // the trim's lookup of each room's old messages is an index condition on room (linear).
    expect(plan).not.toMatch(/Join Filter: .*\broom = /);
  });

  /**
   * Prepared once on the connection, then only bound and run: the statements are listed there with
   * every run counted. Whether a run used the generic plan is Postgres's cost choice: the ban check's
   * `expires > $2` is estimated from the penalties table's statistics for a value and at a fixed
   * third generically, so under the whole suite's data it may keep custom plans (still not parsed again).
   */
  it('run the statements of a login from the statement prepared for them: the account, the session with its audit entry, a session lookup, the account cache\'s load', async () => {
    const db = cluster.a.app.ctx.db;
    const person = await newUser(cluster);
    const id = await userId(cluster.a, person.name);
    const now = Date.now();
    const plans = await db.tx(async (q) => {
      for (let i = 0; i < 8; i++) {
        expect((await loginStore.account(q, person.name, now))?.id).toBe(id);
        const hash = randomHex(32);
        const opening = sessionsStore.opening({ hash, userId: id, created: now, expires: now + 60_000, ip: '10.0.0.1', ua: 'plan test' });
        await auditStore.insert(q, { actorId: id, actor: person.name, action: 'login', target: '', detail: '', ip: '10.0.0.1', ts: now }, opening);
        expect((await sessionsStore.resolve(q, hash, now))?.id).toBe(id);
        expect((await usersStore.withActivePenalties(q, id, now))?.active_penalties).toEqual([]);
      }
      return q.query<{ statement: string; runs: number }>(
        `select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where not from_sql`,
      );
    });
    // Summed over generations, as above.
    const runs = (fragment: string) => plans.filter((p) => p.statement.includes(fragment)).reduce((n, p) => n + p.runs, 0);
    expect(runs('lower(u.name) = lower($1)')).toBeGreaterThanOrEqual(8);
    expect(runs('insert into sessions')).toBeGreaterThanOrEqual(8);
    expect(runs('s.token_hash = $1')).toBeGreaterThanOrEqual(8);
    expect(runs('as active_penalties')).toBeGreaterThanOrEqual(8);
  });

  /**
   * The search's query lives in a function (migration 0018) so that it is parsed once per
   * connection, like the prepared statements, while its plan is still made for each pattern: a
   * generic plan, made without the pattern, reads a bitmap of every message of the caller's groups
   * for a substring they all contain (docs/decisions.md, "Search"). That plan is only dearer at
   * scale, so the setting that forbids it is what is checked here.
   */
  it('run a search from the statement prepared for it, through a function that plans its query for each pattern', async () => {
    const db = cluster.a.app.ctx.db;
    const { ownerId, message } = await groupSender();
    const tag = `srch${randomHex(3)}`;
    await messagesStore.insertBatch(db, [1, 2, 3].map((i) => ({ ...message(i), content: `${tag} ${i}` })));
    const runs = await db.tx(async (q) => {
      for (let i = 0; i < 8; i++) {
        const hits = await messagesStore.search(q, ownerId, `%${tag}%`, 2);
        expect(hits.map((h) => h.content)).toEqual([`${tag} 3`, `${tag} 2`]);
      }
      expect(await messagesStore.search(q, ownerId, `%${tag} 9%`, 50)).toEqual([]);
      return q.query<{ runs: number }>(
        `select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where not from_sql and statement like '%search_messages($1, $2, $3)%'`,
      );
    });
    // Summed over generations (the replan schedule may prepare it anew in the middle of the loop).
    expect(runs.reduce((n, r) => n + r.runs, 0)).toBeGreaterThanOrEqual(9);
    const [fn] = await db.query<{ config: string[] }>(`select proconfig as config from pg_proc where proname = 'search_messages'`);
    expect(fn?.config).toEqual(['plan_cache_mode=force_custom_plan']);
  });
});

describe('transactions', () => {
  /**
   * A timer started inside a transaction fires after its commit; there it opens a transaction
   * of its own that writes a row and fails. That transaction must be rolled back: it is not the
   * ended one, whose connection was handed back. `meanwhile`: another transaction stays open
   * while the timer runs (the case of a process under load).
   */
  async function leftBehind(db: Db, meanwhile: boolean): Promise<number> {
    const table = `tx_${randomHex(4)}`;
    await db.exec(`create table ${table} (id int primary key)`);
    let later: Promise<unknown> | undefined;
    await db.tx(async (q) => {
      await q.query('select 1');
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        db.tx(async (again) => {
          await again.query(`insert into ${table} values (1)`);
          throw new Error('changed my mind');
        }),
      );
    });
    let release = () => {};
    const held = meanwhile ? db.tx(() => new Promise<void>((resolve) => (release = resolve))) : Promise.resolve();
    await expect(later).rejects.toThrow('changed my mind');
    release();
    await held;
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    return row!.n;
  }

  it("join a lane's statements: inside a transaction a search sees what the transaction wrote", async () => {
    const db = cluster.a.app.ctx.db;
    const table = `lane_${randomHex(4)}`;
    await db.exec(`create table ${table} (id int primary key)`);
    const seen = await db.tx(async (q) => {
      await q.query(`insert into ${table} values (1)`);
      return db.lane('search').query<{ n: number }>(`select count(*)::int as n from ${table}`);
    });
    expect(seen[0]!.n).toBe(1);
    // Outside, the lane answers on its own (in cluster mode on connections of its own).
    expect((await db.lane('search').query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n).toBe(1);
  });

  it('run what afterCommit was given once the transaction committed, where its writes are seen; never after a rollback', async () => {
    const db = cluster.a.app.ctx.db;
    const table = `after_${randomHex(4)}`;
    await db.exec(`create table ${table} (id int primary key)`);
    const seenThen: Array<Promise<Array<{ n: number }>>> = [];
    const order: string[] = [];
    await db.tx(async (q) => {
      await q.query(`insert into ${table} values (1)`);
      db.afterCommit(() => {
        order.push('announced');
        // The transaction is over: this statement runs on its own (in cluster mode another connection).
        seenThen.push(db.query<{ n: number }>(`select count(*)::int as n from ${table}`));
      });
      // A nested transaction joins the outer one: its callback waits for the outer commit too.
      await db.tx(async () => db.afterCommit(() => order.push('nested')));
      order.push('body done');
    });
    expect(order).toEqual(['body done', 'announced', 'nested']);
    expect((await seenThen[0]!)[0]!.n).toBe(1);

    let rolledBack = false;
    await expect(
      db.tx(async (q) => {
        await q.query(`insert into ${table} values (2)`);
        db.afterCommit(() => {
          rolledBack = true;
        });
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(rolledBack).toBe(false);
    // Outside a transaction: at once.
    let now = false;
    db.afterCommit(() => {
      now = true;
    });
    expect(now).toBe(true);
  });

  it('started by a continuation of an ended transaction are their own, and roll back', async () => {
    const db = cluster.a.app.ctx.db;
    expect(await leftBehind(db, false)).toBe(0);
    // PGlite has one session: a transaction held open would keep the timer's waiting for ever.
    if (db.kind === 'postgres') expect(await leftBehind(db, true)).toBe(0);
  });
});

describe('group access versions (migration 0017)', () => {
  const versionOf = async (gid: string) =>
    (await cluster.a.app.ctx.db.query<{ v: number }>('select access_version as v from groups where gid = $1', [gid]))[0]!.v;

  it('move on every change to the group row or to any of its member rows, and only then', async () => {
    const db = cluster.a.app.ctx.db;
    const owner = await newUser(cluster);
    const other = await newUser(cluster);
    const gid = await groupWith(owner);
    const otherId = await userId(cluster.a, other.name);
    const steps: Array<[string, string, unknown[]]> = [
      ['a member joins', `insert into group_members (gid, user_id, role, joined) values ($1, $2, 'member', 0)`, [gid, otherId]],
      ['is muted', 'update group_members set muted = true where gid = $1 and user_id = $2', [gid, otherId]],
      ['leaves', 'delete from group_members where gid = $1 and user_id = $2', [gid, otherId]],
      ['the group is muted', 'update groups set mute_all = true where gid = $1', [gid]],
      ['its announcement changes', `update groups set announce = 'x' where gid = $1`, [gid]],
    ];
    for (const [what, sql, params] of steps) {
      const before = await versionOf(gid);
      await db.query(sql, params);
      expect(await versionOf(gid), what).toBeGreaterThan(before);
    }
    const settled = await versionOf(gid);
    await db.query('select * from group_members where gid = $1', [gid]);
    const otherGid = await groupWith(other);
    await db.query('update group_members set muted = true where gid = $1', [otherGid]);
    expect(await versionOf(gid)).toBe(settled);
  });

  it('let the insert store a group message only while its group has the version its send was allowed at; the rest of the batch is numbered without a gap', async () => {
    const db = cluster.a.app.ctx.db;
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const ownerId = await userId(cluster.a, owner.name);
    const v = await versionOf(gid);
    const message = (content: string, accessVersion: number | null): NewMessage => ({
      room: `g:${gid}`, fromId: ownerId, gid, toId: null, type: 'text', content, md: 0,
      replyTo: null, ts: Date.now(), name: null, size: null, cid: null, accessVersion, toName: null,
    });
    const keys = await messagesStore.insertBatch(db, [message('stale', v - 1), message('current', v), message('unchecked', null), message('current too', v)]);
    expect(keys.map((k) => k?.idx)).toEqual([undefined, 1, 2, 3]);
    const stored = await db.query<{ idx: number; content: string }>('select idx, content from messages where room = $1 order by idx', [`g:${gid}`]);
    expect(stored).toEqual([
      { idx: 1, content: 'current' },
      { idx: 2, content: 'unchecked' },
      { idx: 3, content: 'current too' },
    ]);
    expect(await messagesStore.insertBatch(db, [message('stale again', v - 1)])).toEqual([undefined]);
    expect((await messagesStore.insertBatch(db, [message('next', v)]))[0]?.idx).toBe(4);
  });
});
