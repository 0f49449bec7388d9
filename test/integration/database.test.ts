import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../src/db/prepared.ts';
import { UniqueViolation } from '../../src/errors.ts';
import { randomHex } from '../../src/lib/crypto.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster.close());

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
});
