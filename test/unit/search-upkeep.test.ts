import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { PgliteDb } from '../../src/db/pglite.ts';
import { SearchIndexUpkeep } from '../../src/modules/messages/search-upkeep.ts';

/** A real (in-memory) PGlite, empty at first: the search indexes appear with the migrations. */
let db: PgliteDb;
beforeAll(async () => {
  db = await PgliteDb.open(undefined);
});
afterAll(() => db.close());

function upkeepWithLog() {
  const warnings: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
  const merged: number[] = [];
  return { upkeep: new SearchIndexUpkeep(db, log, (pages) => merged.push(pages)), warnings, merged };
}

describe('SearchIndexUpkeep', () => {
  it('merges only after sends, says once that it fails until it works again, then merges what the sends left', async () => {
    const { upkeep, warnings, merged } = upkeepWithLog();
    // Nothing stored: no statement at all (it would fail here, the indexes do not exist yet).
    await upkeep.tick();
    expect(warnings).toEqual([]);

    upkeep.noteStored();
    await upkeep.tick();
    upkeep.noteStored();
    await upkeep.tick();
    expect(warnings).toEqual(['search index upkeep failed; retried after the next sends or searches']);
    expect(merged).toEqual([]);

    await migrate(db);
    await db.query(`insert into users (name, email, password_hash, status, created) values ('upkeep', '', 'x', 'active', 0)`);
    await db.query(`insert into groups (gid, name, owner_id, created) values ('e000000000000001', 'Upkeep', 1, 0)`);
    await db.query(
      `insert into messages (room, idx, from_id, gid, type, content, ts)
       select 'g:e000000000000001', i, 1, 'e000000000000001', 'text', 'pending entry ' || i, i from generate_series(1, 50) i`,
    );
    upkeep.noteStored();
    await upkeep.tick();
    expect(merged).toHaveLength(1);
    expect(merged[0]).toBeGreaterThan(0);
    // Nothing is left in the lists.
    const [left] = await db.query<{ pages: number }>(`select gin_clean_pending_list('messages_gid_text'::regclass)::int as pages`);
    expect(left!.pages).toBe(0);

    // A failure after a success is told again.
    await db.exec('drop index messages_dm_text');
    upkeep.noteStored();
    await upkeep.tick();
    expect(warnings).toHaveLength(2);
    await db.exec(
      'create index messages_dm_text on messages using gin (search_text gin_trgm_ops) where search_text is not null and not recalled and to_id is not null',
    );
  });

  it('merges what was written behind its back once it starts or searched, and not otherwise', async () => {
    const { upkeep, merged } = upkeepWithLog();
    const pendingWrite = (from: number) =>
      db.query(
        `insert into messages (room, idx, from_id, gid, type, content, ts)
         select 'g:e000000000000001', i, 1, 'e000000000000001', 'text', 'written elsewhere ' || i, i from generate_series($1::int, $1::int + 49) i`,
        [from],
      );
    await pendingWrite(1000);
    await upkeep.tick();
    expect(upkeep.merges).toBe(0);

    // Starting merges once (the timer itself is too slow to fire here).
    upkeep.start(60_000);
    await upkeep.tick();
    expect(upkeep.merges).toBe(1);
    expect(merged[0]).toBeGreaterThan(0);
    await upkeep.tick();
    expect(upkeep.merges).toBe(1);

    // A search read the pending list: the next tick merges what others wrote meanwhile.
    await pendingWrite(2000);
    upkeep.noteSearched();
    await upkeep.tick();
    expect(upkeep.merges).toBe(2);
    expect(merged[1]).toBeGreaterThan(0);
    const [left] = await db.query<{ pages: number }>(`select gin_clean_pending_list('messages_gid_text'::regclass)::int as pages`);
    expect(left!.pages).toBe(0);
    await upkeep.stop();
  });

  it('stops for good, and says why, when the role does not own the indexes', async () => {
    const { upkeep, warnings } = upkeepWithLog();
    upkeep.start(60_000);
    expect(upkeep.running).toBe(true);
    await db.exec('create role upkeep_reader; grant select on all tables in schema public to upkeep_reader; set role upkeep_reader');
    try {
      upkeep.noteStored();
      await upkeep.tick();
    } finally {
      await db.exec('reset role');
    }
    expect(upkeep.running).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/does not own the search indexes/);
    await upkeep.stop();
  });
});
