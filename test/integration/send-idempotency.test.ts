import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, emitAck, newUser, trackSockets } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend, settle } from '../helpers/social.ts';

/**
 * A send is stored once per (sender, cid) for 24 hours, whether or not the message is still among
 * the room's kept 500 (issue #16: a retry after the original was trimmed was stored again).
 */

let cluster: TestCluster;
const connect = trackSockets();
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster.close());

type Ack = { ok: boolean; message: { idx: number; content: string; ts: number } };

async function pair(): Promise<{ alice: Socket; bobHears: Array<{ idx: number; content: string }>; bob: string }> {
  const a = await newUser(cluster);
  const b = await newUser(cluster, { node: cluster.b });
  await befriend(a, b);
  const alice = await connect(a);
  const bobSocket = await connect(b, cluster.b);
  return { alice, bobHears: collect(bobSocket, 'msg'), bob: b.name };
}

describe('send idempotency outlives the kept history', () => {
  it('a retry after 500 newer messages answers the original idx and is not stored or delivered again; after 24 h the cid is free', async () => {
    const { alice, bobHears, bob } = await pair();
    const first = await emitAck<Ack>(alice, 'msg', { dm: bob, type: 'text', content: 'the original', cid: 'retry-me' });
    expect(first.ok).toBe(true);
    for (let i = 0; i < 500; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, k) => emitAck<Ack>(alice, 'msg', { dm: bob, type: 'text', content: `filler ${i + k}` })),
      );
    }
    await settle();
    const heardBefore = bobHears.length;

    const retry = await emitAck<Ack>(alice, 'msg', { dm: bob, type: 'text', content: 'the original', cid: 'retry-me' });
    expect(retry.ok).toBe(true);
    expect(retry.message).toMatchObject({ idx: first.message.idx, content: 'the original', ts: first.message.ts });
    await settle();
    expect(bobHears.length).toBe(heardBefore);
    const history = await cluster.a.app.ctx.db.query<{ n: number; last: number }>(
      "select count(*) filter (where content = 'the original')::int as n, max(idx)::int as last from messages where room = (select room from messages where cid = 'retry-me' union select room from sent_cids where cid = 'retry-me' limit 1)",
    );
    expect(history[0]).toEqual({ n: 0, last: first.message.idx + 500 });

    // Past the window the cid is forgotten: the same cid is a new message.
    cluster.clock.advance(24 * 3_600_000 + 60_000);
    await cluster.a.app.ctx.jobs.runNow('messages.forgetCids', {});
    const later = await emitAck<Ack>(alice, 'msg', { dm: bob, type: 'text', content: 'the original', cid: 'retry-me' });
    expect(later.message.idx).toBe(first.message.idx + 501);
  });

  it('a retry of a message still kept answers the same record and announces it again (receivers drop it by idx)', async () => {
    const { alice, bobHears, bob } = await pair();
    const first = await emitAck<Ack>(alice, 'msg', { dm: bob, type: 'text', content: 'once', cid: 'kept-1' });
    const retry = await emitAck<Ack>(alice, 'msg', { dm: bob, type: 'text', content: 'once', cid: 'kept-1' });
    expect(retry.message).toEqual(first.message);
    await settle();
    expect(bobHears.map((m) => m.idx)).toEqual([first.message.idx, first.message.idx]);
  });
});
